import { creditBalanceOf } from '../account-credit/index.ts';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers, sessions, venues } from '../../db/schema.ts';
import type { SessionStore } from './session-engine.ts';

export type CustomerRow = typeof customers.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
/** Whose a new customer session is, and whether it is a shared kiosk's (shorter limits). */
export interface CustomerSessionOwner {
  customerId: number;
  kiosk: boolean;
}

export function createAuthRepository(db: Db) {
  // Every authenticated request starts here, so it is built once and prepared rather than built
  // again per request: building this select (every customers column) was the largest share of a
  // waiting-room poll's work at an opening (decision 0106).
  const activeSession = db
    .select({ session: sessions, holder: customers })
    .from(sessions)
    .leftJoin(customers, eq(customers.id, sessions.customerId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
    .prepare('auth_active_session');
  return {
    /** Accounts a login name could mean: by customer reference, or every account sharing the email. */
    async customersForLogin(operatorId: number, username: string): Promise<CustomerRow[]> {
      const name = username.trim();
      return db
        .select()
        .from(customers)
        .where(
          and(
            eq(customers.operatorId, operatorId),
            // A family's dependants share the holder's email but have no login (decision 0051).
            isNull(customers.accountHolderId),
            or(eq(customers.email, name.toLowerCase()), eq(customers.reference, name.toUpperCase())),
          ),
        )
        .orderBy(customers.id)
        .limit(10);
    },
    async customerById(id: number): Promise<CustomerRow | undefined> {
      const [row] = await db.select().from(customers).where(eq(customers.id, id));
      return row;
    },
    /** The customer's account credit (the account-credit module's to keep). */
    creditBalance: (customerId: number) => creditBalanceOf(db, customerId),
    async homeVenueSlug(venueId: number | null): Promise<string | null> {
      if (venueId === null) return null;
      const [row] = await db.select({ slug: venues.slug }).from(venues).where(eq(venues.id, venueId));
      return row?.slug ?? null;
    },
    /** Customers' side of the session engine (session-engine.ts), on their own table. */
    sessions: {
      async insert(owner, session) {
        await db.insert(sessions).values({ ...owner, ...session });
      },
      /**
       * Every authenticated request starts here, so it is the hottest query of a rush: the session
       * and its customer in one round trip.
       */
      async active(tokenHash) {
        const [row] = await activeSession.execute({ tokenHash });
        return row;
      },
      async touch(id, at) {
        await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
      },
      async revoke(tokenHash, at) {
        await db
          .update(sessions)
          .set({ revokedAt: at })
          .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
      },
    } satisfies SessionStore<SessionRow, CustomerRow, CustomerSessionOwner>,
    /** Deletes sessions that can never be used again: idle, past their end, or revoked, before these times. */
    async deleteEndedSessions(before: { lastSeen: Date; ended: Date }): Promise<number> {
      const deleted = await db
        .delete(sessions)
        .where(
          or(
            lt(sessions.lastSeenAt, before.lastSeen),
            lt(sessions.expiresAt, before.ended),
            lt(sessions.revokedAt, before.ended),
          ),
        )
        .returning({ id: sessions.id });
      return deleted.length;
    },
    async revokeAllSessions(customerId: number, at: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: sql`coalesce(${sessions.revokedAt}, ${at})` })
        .where(eq(sessions.customerId, customerId));
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
