import { addDays, todayIn } from '@lido/pricing/calendar-date';
import { sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { customers, venues } from '../schema.ts';
import { book, demoTimeZone, sessionOn } from './demo-bookings.ts';

/**
 * Issue 35 item 6's demo (decision 0096): the catalogue gives a strike for a no-show and stops
 * online booking for 7 days at 2 strikes within 30 days. Morgan is stopped already (no-shows at
 * Castlefield's 10:00 public swim 3 days and 1 day ago); Dana was booked on the same swim
 * yesterday and the day before and nobody has taken those registers yet: marking her a no-show on
 * both stops her too.
 */
const demoStrikeCustomers = [
  {
    reference: 'C100011',
    email: 'morgan.ellis@example.org',
    firstName: 'Morgan',
    lastName: 'Ellis',
    dateOfBirth: '1987-10-05',
    addressLineOne: '3 Chester Road',
    town: 'Manchester',
    postcode: 'M15 4QG',
  },
  {
    reference: 'C100012',
    email: 'dana.okafor@example.org',
    firstName: 'Dana',
    lastName: 'Okafor',
    dateOfBirth: '1995-04-22',
    addressLineOne: '17 Liverpool Road',
    town: 'Manchester',
    postcode: 'M3 4JR',
  },
] as const;

export async function seedDemoStrikes(
  db: Executor,
  input: { passwordHash: string; operatorId: number; now: Date },
): Promise<void> {
  const [castlefield] = await db
    .select({ id: venues.id })
    .from(venues)
    .where(sql`${venues.slug} = 'castlefield-leisure-centre'`);
  const [morgan, dana] = await db
    .insert(customers)
    .values(
      demoStrikeCustomers.map((customer) => ({
        ...customer,
        operatorId: input.operatorId,
        passwordHash: input.passwordHash,
        homeVenueId: castlefield?.id ?? null,
      })),
    )
    .returning({ id: customers.id });
  const today = todayIn(demoTimeZone, input.now);
  const swim = (daysAgo: number) =>
    sessionOn(db, 'castlefield-public-morning', addDays(today, -daysAgo), '10:00');

  for (const daysAgo of [3, 1]) {
    const session = await swim(daysAgo);
    await book(db, { customer: morgan!.id, session, band: 'adult' });
    // Marked no-show on the register an hour after the start, which gave the strike.
    await db.execute(sql`
      WITH booking AS (
        SELECT b.id, se.starts_at + interval '1 hour' AS marked_at FROM customer_bookings b
        JOIN activity_sessions se ON se.id = b.session_id
        WHERE b.customer_id = ${morgan!.id} AND b.session_id = ${session.id}
      ), marked AS (
        INSERT INTO booking_attendance (booking_id, status, source, marked_at)
        SELECT id, 'no-show', 'register', marked_at FROM booking
      )
      INSERT INTO booking_strikes (customer_id, booking_id, kind, given_at)
      SELECT ${morgan!.id}, id, 'no-show', marked_at FROM booking`);
  }
  for (const daysAgo of [2, 1])
    await book(db, { customer: dana!.id, session: await swim(daysAgo), band: 'adult' });
}
