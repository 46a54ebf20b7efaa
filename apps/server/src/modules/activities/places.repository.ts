import { and, asc, eq, gt, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { activitySessions } from '../../db/schema.ts';

/**
 * A session's places: the one writer of `activity_sessions.taken` (issue 32 item 3). Baskets,
 * bookings, guest passes and the waiting list take and give back places through these. Each take
 * is one conditional UPDATE, which PostgreSQL re-checks after waiting for the row's lock, so
 * concurrent takers of the last place get exactly one success (the CHECK on `taken` backs it).
 */

/** What an online take asks: room for `quantity`, running, bookable online and not started. */
const onSale = (quantity: number, now: Date) =>
  and(
    sql`${activitySessions.taken} + ${quantity} <= ${activitySessions.capacity}`,
    eq(activitySessions.cancelled, false),
    eq(activitySessions.onlineBookingEnabled, true),
    gt(activitySessions.startsAt, now),
  );

/** Takes `quantity` places of a session on sale online by `now`. Answers whether it took them. */
export async function takePlaces(db: Executor, sessionId: number, quantity: number, now: Date) {
  const rows = await db
    .update(activitySessions)
    .set({ taken: sql`${activitySessions.taken} + ${quantity}` })
    .where(and(eq(activitySessions.id, sessionId), onSale(quantity, now)))
    .returning({ id: activitySessions.id });
  return rows.length === 1;
}

/**
 * The take of `takePlaces` as the first step of the caller's own statement (decision 0039): a
 * `taken` CTE answering the session's id when its places were taken, which `then` (an INSERT of
 * the caller's own table, selecting from `taken`) follows, so the session's row is locked for one
 * round trip before the commit. `unless` is a further condition of the caller's (its own table's)
 * under which nothing is taken.
 */
export function withPlacesTaken(
  take: { sessionId: number; quantity: number; now: Date; unless?: SQL },
  then: SQL,
): SQL {
  const { sessionId, quantity, now } = take;
  return sql`
    WITH taken AS (
      UPDATE activity_sessions SET taken = taken + ${quantity}
       WHERE ${and(eq(activitySessions.id, sessionId), onSale(quantity, now))}
         ${take.unless ? sql`AND NOT ${take.unless}` : sql``}
      RETURNING id)
    ${then}`;
}

/**
 * Takes `quantity` places again for a paid line whose hold was released: it succeeds only while
 * the session runs and has room.
 */
export async function retakePlaces(db: Executor, sessionId: number, quantity: number): Promise<boolean> {
  const taken = await db
    .update(activitySessions)
    .set({ taken: sql`${activitySessions.taken} + ${quantity}` })
    .where(
      and(
        eq(activitySessions.id, sessionId),
        eq(activitySessions.cancelled, false),
        sql`${activitySessions.taken} + ${quantity} <= ${activitySessions.capacity}`,
      ),
    )
    .returning({ id: activitySessions.id });
  return taken.length > 0;
}

/**
 * A facility slot (one session per court): takes one place at any free court of the same
 * activity, venue and start, other than `except`. Locked courts are skipped, not waited for, so a
 * rush spreads over the free courts. Answers the court's session id.
 */
export async function takeFreeCourt(
  db: Executor,
  slot: { activityId: number; venueId: number; startsAt: Date },
  except: number[],
  now: Date,
): Promise<number | undefined> {
  const free = db
    .select({ id: activitySessions.id })
    .from(activitySessions)
    .where(
      and(
        eq(activitySessions.activityId, slot.activityId),
        eq(activitySessions.venueId, slot.venueId),
        eq(activitySessions.startsAt, slot.startsAt),
        except.length > 0 ? notInArray(activitySessions.id, except) : undefined,
        onSale(1, now),
      ),
    )
    .orderBy(asc(activitySessions.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(activitySessions)
    .set({ taken: sql`${activitySessions.taken} + 1` })
    .where(
      and(
        inArray(activitySessions.id, free),
        sql`${activitySessions.taken} + 1 <= ${activitySessions.capacity}`,
      ),
    )
    .returning({ id: activitySessions.id });
  return row?.id;
}

/**
 * Takes one spare place of a session that has not started, whether or not it is bookable online
 * (for its waiting list to offer). Answers whether it took it.
 */
export async function takeSparePlace(db: Executor, sessionId: number): Promise<boolean> {
  const taken = await db
    .update(activitySessions)
    .set({ taken: sql`${activitySessions.taken} + 1` })
    .where(
      and(
        eq(activitySessions.id, sessionId),
        sql`${activitySessions.taken} + 1 <= ${activitySessions.capacity}`,
        sql`${activitySessions.startsAt} > now()`,
      ),
    )
    .returning({ id: activitySessions.id });
  return taken.length > 0;
}

/** Puts places back on sale (never below none taken). Who gets a freed place first is the caller's. */
export async function putPlacesOnSale(db: Executor, sessionId: number, quantity: number) {
  if (quantity <= 0) return;
  await db
    .update(activitySessions)
    .set({ taken: sql`greatest(${activitySessions.taken} - ${quantity}, 0)` })
    .where(eq(activitySessions.id, sessionId));
}

/**
 * The places still on sale online among sessions an opening gates (an activity and/or a centre,
 * sessions on these local dates): what its waiting room says is left. Places held in baskets count
 * as taken until they lapse.
 */
export async function placesLeftAmong(
  db: Executor,
  gates: { activityId: number | null; venueId: number | null; sessionsFrom: string; sessionsTo: string },
  input: { timeZone: string; now: Date },
): Promise<number> {
  const day = sql`(${activitySessions.startsAt} AT TIME ZONE ${input.timeZone})::date`;
  const [row] = await db
    .select({
      left: sql<number>`coalesce(sum(greatest(${activitySessions.capacity} - ${activitySessions.taken}, 0)), 0)::int`,
    })
    .from(activitySessions)
    .where(
      and(
        gates.activityId === null ? undefined : eq(activitySessions.activityId, gates.activityId),
        gates.venueId === null ? undefined : eq(activitySessions.venueId, gates.venueId),
        sql`${day} BETWEEN ${gates.sessionsFrom}::date AND ${gates.sessionsTo}::date`,
        eq(activitySessions.cancelled, false),
        eq(activitySessions.onlineBookingEnabled, true),
        gt(activitySessions.startsAt, input.now),
      ),
    );
  return Number(row?.left ?? 0);
}
