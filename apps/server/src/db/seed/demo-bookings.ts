import { addDays, todayIn } from '@lido/pricing/calendar-date';
import { sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { customers, venues } from '../schema.ts';

/** The demo operator's time zone: its dates (sessions, bookings, arrears) are local to it. */
export const demoTimeZone = 'Europe/London';

/**
 * The demo's bookings are bookings of real sessions of the demo timetable, so My account → Bookings,
 * the timetable's availability and the session pages agree. Every place booked counts in the
 * session's `taken`. Seeded in the operator's default time zone.
 */
const dayNames = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** Regular customers at Castlefield whose bookings fill the demo's full and nearly full classes. */
const demoRegulars = [
  ['Olivia', 'Bennett', '1990-02-14'],
  ['Harry', 'Whitfield', '1985-06-03'],
  ['Amelia', 'Croft', '1993-11-21'],
  ['George', 'Adeyemi', '1978-04-09'],
  ['Isabella', 'Nowak', '1996-08-30'],
  ['Noah', 'Sinclair', '1982-01-17'],
  ['Mia', 'Kowalczyk', '1999-05-25'],
  ['Oscar', 'Brennan', '1975-10-12'],
  ['Freya', 'Chaudhry', '1988-12-02'],
  ['Arthur', 'Lowe', '1969-03-28'],
].map(([firstName, lastName, dateOfBirth]) => ({
  email: `${firstName!.toLowerCase()}.${lastName!.toLowerCase()}@example.org`,
  firstName: firstName!,
  lastName: lastName!,
  dateOfBirth: dateOfBirth!,
}));

const weekdayOf = (date: string) => dayNames[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
const isWeekend = (date: string) => ['sat', 'sun'].includes(weekdayOf(date));

interface Session {
  id: number;
}

/** The session of weekly slot `schedule` on a local date, made if it is not there (past ones are not). */
export async function sessionOn(db: Executor, schedule: string, date: string, time: string, court?: string) {
  const key = [schedule, weekdayOf(date), time.replace(':', ''), ...(court ? [court] : [])].join(':');
  await db.execute(sql`
    INSERT INTO activity_sessions (schedule_id, activity_id, venue_id, location_id, starts_at, ends_at,
      capacity, instructor, online_booking_enabled)
    SELECT s.id, s.activity_id, l.venue_id, s.location_id, (${date}::date + s.start_time) AT TIME ZONE ${demoTimeZone},
      (${date}::date + s.start_time) AT TIME ZONE ${demoTimeZone} + make_interval(mins => s.duration_minutes),
      s.capacity, s.instructor, s.online_booking_enabled
    FROM activity_schedules s JOIN activity_locations l ON l.id = s.location_id
    WHERE s.key = ${key}
    ON CONFLICT (schedule_id, location_id, starts_at) DO NOTHING`);
  const result = (await db.execute(sql`
    SELECT se.id FROM activity_sessions se JOIN activity_schedules s ON s.id = se.schedule_id
    WHERE s.key = ${key} AND se.starts_at = (${date}::date + s.start_time) AT TIME ZONE ${demoTimeZone}`)) as unknown as {
    rows: Session[];
  };
  const session = result.rows[0];
  if (!session) throw new Error(`The demo timetable has no slot ${key}`);
  return session;
}

/** The first date from `from` on which `days` holds. */
function firstDate(from: string, days: (date: string) => boolean): string {
  let date = from;
  while (!days(date)) date = addDays(date, 1);
  return date;
}

interface Booking {
  customer: number;
  attendee?: number;
  session: Session;
  band: 'adult' | 'junior' | 'concession' | 'member';
  quantity?: number;
  status?: 'booked' | 'attended' | 'cancelled';
  /** paid for by an unlimited membership benefit (issue 18): nothing paid */
  paidByBenefit?: boolean;
}

export async function book(db: Executor, booking: Booking): Promise<void> {
  const quantity = booking.quantity ?? 1;
  const status = booking.status ?? 'booked';
  const cancelled = status === 'cancelled';
  const unitPrice = booking.paidByBenefit ? sql`0` : sql`p.price_pence`;
  await db.execute(sql`
    INSERT INTO customer_bookings (customer_id, venue_id, activity_name, starts_at, ends_at, status,
      price_pence, session_id, attendee_customer_id, price_id, quantity, location_name, waiver_accepted_at,
      waiver_accepted_by, cancelled_at, refund_pence, refund_method)
    SELECT ${booking.customer}, se.venue_id, a.name, se.starts_at, se.ends_at, ${status},
      ${unitPrice} * ${quantity}, se.id, ${booking.attendee ?? booking.customer}, p.id, ${quantity}, l.name,
      CASE WHEN a.waiver_required THEN se.starts_at - interval '3 days' END,
      CASE WHEN a.waiver_required THEN ${booking.customer}::int END,
      CASE WHEN ${cancelled} THEN se.starts_at - interval '2 days' END,
      CASE WHEN ${cancelled} THEN ${unitPrice} * ${quantity} END,
      CASE WHEN ${cancelled} THEN 'credit' END
    FROM activity_sessions se
    JOIN activities a ON a.id = se.activity_id
    JOIN activity_locations l ON l.id = se.location_id
    JOIN activity_prices p ON p.activity_id = a.id AND p.band = ${booking.band}
    WHERE se.id = ${booking.session.id}`);
  if (!cancelled) {
    await db.execute(
      sql`UPDATE activity_sessions SET taken = taken + ${quantity} WHERE id = ${booking.session.id}`,
    );
  }
}

/**
 * Priya and Sam have bookings either side of today, the Lee family has a booking for two and one
 * for their child, and tomorrow's small-group HIIT at Castlefield is full at lunchtime and has one
 * place left in the evening. (Castlefield's daily 11:00 aqua fit is the class closed to online
 * booking: the catalogue file says so.)
 */
export async function seedDemoBookings(
  db: Executor,
  { passwordHash, operatorId, now }: { passwordHash: string; operatorId: number; now: Date },
): Promise<void> {
  const [castlefield] = await db
    .select({ id: venues.id })
    .from(venues)
    .where(sql`${venues.slug} = 'castlefield-leisure-centre'`);
  await db.insert(customers).values(
    demoRegulars.map((regular) => ({
      ...regular,
      // from the sequence, like a customer who registered, so no later registration collides
      reference: sql`'C' || nextval('customer_reference_seq')::text`,
      operatorId,
      passwordHash,
      homeVenueId: castlefield?.id ?? null,
    })),
  );
  const people = await db
    .select({ id: customers.id, reference: customers.reference, email: customers.email })
    .from(customers);
  const person = (reference: string) => people.find((p) => p.reference === reference)!.id;
  const regularId = (email: string) => people.find((p) => p.email === email)!.id;
  const today = todayIn(demoTimeZone, now);
  const weekday = (date: string) => !isWeekend(date);

  // Priya: a spin class coming up, a badminton court she played on.
  const spinDay = firstDate(addDays(today, 4), weekday);
  await book(db, {
    customer: person('C100002'),
    session: await sessionOn(db, 'castlefield-spin', spinDay, '18:00'),
    band: 'member',
  });
  const played = addDays(today, -11);
  await book(db, {
    customer: person('C100002'),
    session: isWeekend(played)
      ? await sessionOn(db, 'castlefield-badminton-weekend', played, '11:00', 'badminton-court-2')
      : await sessionOn(db, 'castlefield-badminton-weekday', played, '19:00', 'badminton-court-2'),
    band: 'member',
    status: 'attended',
  });

  // Sam swims at Clifton: lane swims either side of today, a yoga class, a cancelled public swim.
  const sam = person('C100003');
  for (const [offset, status] of [
    [2, 'booked'],
    [-3, 'attended'],
    [-10, 'attended'],
  ] as const) {
    await book(db, {
      customer: sam,
      session: await sessionOn(db, 'clifton-lane-early', addDays(today, offset), '07:00'),
      band: 'member',
      status,
      paidByBenefit: true,
    });
  }
  const yogaDay = firstDate(addDays(today, 5), (date) => ['mon', 'wed', 'fri'].includes(weekdayOf(date)));
  await book(db, {
    customer: sam,
    session: await sessionOn(db, 'clifton-yoga', yogaDay, '09:30'),
    band: 'member',
  });
  await book(db, {
    customer: sam,
    session: await sessionOn(db, 'clifton-public', addDays(today, 3), '13:00'),
    band: 'member',
    status: 'cancelled',
    paidByBenefit: true,
  });

  // The Lees: a weekend family swim for two, and a squash court for Casey (14) on Jordan's account.
  const jordan = person('C100004');
  const swimDay = firstDate(addDays(today, 1), isWeekend);
  await book(db, {
    customer: jordan,
    session: await sessionOn(db, 'castlefield-public-weekend', swimDay, '13:00'),
    band: 'adult',
    quantity: 2,
  });
  const squashDay = firstDate(addDays(today, 2), weekday);
  await book(db, {
    customer: jordan,
    attendee: person('C100005'),
    session: await sessionOn(db, 'castlefield-squash-weekday', squashDay, '17:00', 'squash-court-1'),
    band: 'junior',
  });

  // Tomorrow's small-group HIIT: 8 of 8 at lunchtime (full), 7 of 8 in the evening (one left).
  const tomorrow = addDays(today, 1);
  const lunch = await sessionOn(db, 'castlefield-small-group-hiit', tomorrow, '12:15');
  const evening = await sessionOn(db, 'castlefield-small-group-hiit', tomorrow, '18:30');
  for (const [index, regular] of demoRegulars.entries()) {
    const customer = regularId(regular.email);
    if (index < 8) await book(db, { customer, session: lunch, band: 'adult' });
    if (index >= 3) await book(db, { customer, session: evening, band: 'adult' });
  }
}
