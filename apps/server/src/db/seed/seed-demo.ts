import fs from 'node:fs';
import { parseDocument, type YAMLMap, type YAMLSeq } from 'yaml';
import { demoSavedCard } from '../../sandbox/card/sandbox-store.ts';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import {
  savedCards,
  orderItems,
  orders,
  customerMemberships,
  customerPackages,
  customers,
  membershipTypes,
  operators,
  paymentOptions,
  themes,
  venues,
} from '../schema.ts';
import type { Db, Executor } from '../client.ts';
import { createScheduledSessions } from '../../modules/activities/index.ts';
import { generationWindow } from '../../modules/activities/index.ts';
import { formatProblems } from '../../modules/catalogue/index.ts';
import { hashPassword } from '../../modules/auth/index.ts';
import { addCredit } from '../../modules/account-credit/index.ts';
import { importCatalogue } from '../../modules/catalogue/index.ts';
import { demoTimeZone, seedDemoBookings } from './demo-bookings.ts';
import { seedDemoStrikes } from './demo-strikes.ts';
import { seedDemoArrears } from './demo-arrears.ts';
import { seedDemoDirectDebits } from './demo-direct-debits.ts';
import { demoCustomers, demoMemberships, demoPassword } from './demo-customers.ts';
import { demoOperator, demoOperatorTheme, demoVenues } from './demo-operator.ts';

export const demoCataloguePath = path.resolve(import.meta.dirname, '../../../catalogue/demo-catalogue.yaml');

/**
 * The activity sections of the demo file: left out for a demo without its timetable. The swim
 * school's courses go too, as they are held in the timetable's pools (their locations).
 */
const timetableSections = [
  'activityCategories',
  'activities',
  'locations',
  'schedules',
  'courseProgrammes',
  'courseTerms',
  'courses',
];

function demoCatalogueSource(timetable: boolean): string {
  const source = fs.readFileSync(demoCataloguePath, 'utf8');
  if (timetable) return source;
  const doc = parseDocument(source);
  for (const section of timetableSections) doc.delete(section);
  // What pays for bookings names activities and categories, which are gone too.
  doc.delete('packages');
  for (const type of (doc.get('types') as YAMLSeq<YAMLMap> | undefined)?.items ?? [])
    for (const benefit of (type.get('benefits') as YAMLSeq<YAMLMap> | undefined)?.items ?? [])
      benefit.delete('covers');
  return doc.toString();
}

/**
 * Fills an empty database with the demo operator, its centres and themes, and its catalogue (from
 * the same catalogue file an operator would import). A database that has an operator is left alone.
 * `timetable: false` leaves out the demo's activities, sessions and bookings, for tests that need
 * a timetable of their own only (e.g. feeds walked at a page size of 3). `arrears: false` leaves
 * out the member whose Direct Debit payment failed: their mandate is the demo's own, unknown to a
 * test's provider sandbox, and tests move their clocks months ahead of the day it was seeded.
 * `now` is the day the demo is seeded as of (its sessions, bookings and arrears follow it): a test
 * whose app runs at a pinned time seeds as of that time, so its timetable does not depend on the
 * day the suite happens to run. `directDebits: false` (by default, whatever `arrears` is) leaves
 * out Priya's Direct Debit instruction and collections, whose mandate is the demo's own too.
 */
export async function seedDemoIfEmpty(
  db: Db,
  options: { timetable?: boolean; arrears?: boolean; directDebits?: boolean; now?: Date } = {},
): Promise<boolean> {
  const now = options.now ?? new Date();
  const timetable = options.timetable ?? true;
  if (await hasOperator(db)) return false;
  const { operatorId, passwordHash } = await seedDemoUndated(db, { timetable, now });
  const arrears = options.arrears ?? true;
  await seedDemoDated(db, {
    operatorId,
    passwordHash,
    now,
    timetable,
    arrears,
    directDebits: options.directDebits ?? arrears,
  });
  return true;
}

/**
 * The build's demo template (decision 0068): everything of the demo that is the same whatever the
 * day, and a marker table saying its dated part is still to come. A first start copies it in and
 * completes it as of that day (`seedDemoDatedIfPending`), which is a fraction of seeding it all.
 */
export async function seedDemoTemplate(db: Db, now: Date): Promise<void> {
  if (await hasOperator(db)) throw new Error('The demo template is made from an empty database');
  await seedDemoUndated(db, { timetable: true, now });
  await db.execute(sql.raw(`CREATE TABLE ${datedPartPending} ()`));
}

/**
 * Completes a demo copied from the build's template, once: its sessions from today on, Priya's
 * package and bookings, and Robin's missed payment, as of `now`. One transaction with the marker's
 * removal, so a start that dies part way leaves it to the next one.
 */
export async function seedDemoDatedIfPending(db: Db, now = new Date()): Promise<boolean> {
  const result = (await db.execute(
    sql`SELECT to_regclass(${datedPartPending}) IS NOT NULL AS pending`,
  )) as unknown as { rows: { pending: boolean }[] };
  if (!result.rows[0]?.pending) return false;
  const hashing = startHashingDemoPassword(); // while the sessions go in
  await db.transaction(async (tx) => {
    const [operator] = await tx.select({ id: operators.id }).from(operators).limit(1);
    if (!operator) throw new Error('The demo template holds no operator');
    // The template's sessions start on the day it was built: the weeks from today are made here.
    await createScheduledSessions(tx, generationWindow(demoTimeZone, now));
    const passwordHash = await hashing;
    await seedDemoDated(tx, {
      operatorId: operator.id,
      passwordHash,
      now,
      timetable: true,
      arrears: true,
      directDebits: true,
    });
    await tx.execute(sql.raw(`DROP TABLE ${datedPartPending}`));
  });
  return true;
}

/** The marker the demo template carries until a first start has seeded its dated part. */
const datedPartPending = 'lido_demo_dated_part_pending';

/** The demo password's hash, made on libuv's threads while the caller writes (argon2 takes a while). */
function startHashingDemoPassword(): Promise<string> {
  const hashing = hashPassword(demoPassword);
  hashing.catch(() => undefined); // awaited by the caller; this only keeps an early failure from going unhandled
  return hashing;
}

async function hasOperator(db: Db): Promise<boolean> {
  return (await db.select({ id: operators.id }).from(operators).limit(1)).length > 0;
}

/** The operator, centres, catalogue, named customers, memberships, past orders and saved card. */
async function seedDemoUndated(
  db: Db,
  { timetable, now }: { timetable: boolean; now: Date },
): Promise<{ operatorId: number; passwordHash: string }> {
  const hashing = startHashingDemoPassword(); // while the operator and its catalogue go in
  const operatorId = await db.transaction(async (tx) => {
    const [operator] = await tx.insert(operators).values(demoOperator).returning({ id: operators.id });
    if (!operator) throw new Error('Demo operator was not created');
    await tx.insert(themes).values({ operatorId: operator.id, ...demoOperatorTheme });
    // One statement for the centres and one for their themes (in the file's order, so ids are too).
    const created = await tx
      .insert(venues)
      .values(demoVenues.map((venue) => ({ ...withoutTheme(venue), operatorId: operator.id })))
      .returning({ id: venues.id, slug: venues.slug });
    const venueIds = new Map(created.map((venue) => [venue.slug, venue.id]));
    const venueThemes = demoVenues.flatMap(({ slug, theme }) =>
      theme ? [{ operatorId: operator.id, venueId: venueIds.get(slug)!, ...theme }] : [],
    );
    if (venueThemes.length > 0) await tx.insert(themes).values(venueThemes);
    return operator.id;
  });
  // Sessions are made from `now` for the weeks ahead, as any import makes them.
  const result = await importCatalogue(db, operatorId, demoCatalogueSource(timetable), { now });
  if (!result.ok) throw new Error(formatProblems('demo-catalogue.yaml', result.problems));
  const passwordHash = await hashing;
  await seedDemoCustomers(db, operatorId, passwordHash);
  await seedDemoMemberships(db);
  await seedDemoOrders(db);
  await seedDemoSavedCard(db);
  return { operatorId, passwordHash };
}

/** What is dated relative to `now`: Priya's package, the demo's bookings and Robin's arrears. */
async function seedDemoDated(
  ex: Executor,
  input: {
    operatorId: number;
    passwordHash: string;
    now: Date;
    timetable: boolean;
    arrears: boolean;
    directDebits: boolean;
  },
): Promise<void> {
  const { operatorId, passwordHash, now } = input;
  await seedDemoActivity(ex, now);
  if (input.timetable) await seedDemoBookings(ex, { passwordHash, operatorId, now });
  // Issue 35 item 6: a customer stopped from booking online by strikes, and one about to be.
  if (input.timetable) await seedDemoStrikes(ex, { passwordHash, operatorId, now });
  // Issue 22 item 4: a member whose last Direct Debit payment failed (demo-arrears.ts).
  if (input.arrears) await seedDemoArrears(ex, { passwordHash, operatorId, timeZone: demoTimeZone, now });
  // Issue 33 item 2: Priya pays by Direct Debit, so she has its instruction and collections.
  if (input.directDebits) await seedDemoDirectDebits(ex, { timeZone: demoTimeZone, now });
}

function withoutTheme<Venue extends { theme?: unknown }>(venue: Venue): Omit<Venue, 'theme'> {
  const row: Partial<Venue> = { ...venue };
  delete row.theme;
  return row as Omit<Venue, 'theme'>;
}

/** The demo's named customers, in one statement (in the file's order, so their ids are too). */
async function seedDemoCustomers(db: Db, operatorId: number, passwordHash: string): Promise<void> {
  const venueIds = new Map(
    (await db.select({ id: venues.id, slug: venues.slug }).from(venues)).map((v) => [v.slug, v.id]),
  );
  const made = await db
    .insert(customers)
    .values(
      demoCustomers.map(({ homeVenueSlug, ...customer }) => {
        const row = {
          ...customer,
          operatorId,
          passwordHash,
          homeVenueId: homeVenueSlug ? (venueIds.get(homeVenueSlug) ?? null) : null,
        };
        delete row.creditBalancePence; // given below, in the account-credit module's table
        return row;
      }),
    )
    .returning({ id: customers.id, reference: customers.reference });
  for (const { reference, creditBalancePence } of demoCustomers)
    if (creditBalancePence)
      await addCredit(db, made.find((row) => row.reference === reference)!.id, creditBalancePence);
}

/** Sam pays by card and saved it: checkout offers it first (a card the sandbox provider always knows). */
async function seedDemoSavedCard(db: Db): Promise<void> {
  const [sam] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.reference, 'C100003'));
  if (!sam) return;
  await db.insert(savedCards).values({
    customerId: sam.id,
    provider: 'sandbox',
    providerReference: demoSavedCard.id,
    cardType: 'Visa',
    lastFourDigits: demoSavedCard.lastFour,
    expiryMonth: 12,
    expiryYear: 2028,
    firstName: 'Sam',
    lastName: 'Carter',
    addressLine1: '4 Oakfield Place',
    city: 'Bristol',
    postCode: 'BS8 2BJ',
  });
}

/** What the demo members paid: Priya's joining and a court booking, Sam's three months of swimming. */
async function seedDemoOrders(db: Db): Promise<void> {
  const people = await db.select({ id: customers.id, reference: customers.reference }).from(customers);
  const centres = await db.select({ id: venues.id, slug: venues.slug }).from(venues);
  const id = (reference: string) => people.find((person) => person.reference === reference)!.id;
  const venue = (slug: string) => centres.find((centre) => centre.slug === slug)!.id;
  const paid = [
    {
      customer: 'C100002',
      venue: 'castlefield-leisure-centre',
      source: 'online-joining' as const,
      at: '2026-03-01T10:12:00Z',
      card: '1111',
      items: [
        { itemType: 'fee' as const, description: 'Gym Anytime joining fee', amountPence: 2000 },
        {
          itemType: 'membership' as const,
          description: 'Gym Anytime, pro-rata 1 to 14 March (14 days)',
          amountPence: 1381,
        },
      ],
    },
    {
      customer: 'C100002',
      venue: 'castlefield-leisure-centre',
      source: 'bookings' as const,
      at: '2026-11-08T17:40:00Z',
      card: '1111',
      items: [{ itemType: 'booking' as const, description: 'Badminton court', amountPence: 850 }],
    },
    {
      customer: 'C100003',
      venue: 'clifton-lido-and-spa',
      source: 'online-joining' as const,
      at: '2026-10-01T08:05:00Z',
      card: '0006',
      items: [
        {
          itemType: 'membership' as const,
          description: 'Swim Unlimited, 3 months from 01 Oct 2026',
          amountPence: 6000,
        },
      ],
    },
  ];
  for (const order of paid) {
    const [created] = await db
      .insert(orders)
      .values({
        reference: sql`'LD-' || nextval('order_reference_seq')::text`,
        customerId: id(order.customer),
        venueId: venue(order.venue),
        source: order.source,
        status: 'completed',
        totalPence: order.items.reduce((sum, item) => sum + item.amountPence, 0),
        paymentMethod: 'card',
        cardLastFour: order.card,
        createdAt: new Date(order.at),
        completedAt: new Date(order.at),
      })
      .returning({ id: orders.id });
    await db
      .insert(orderItems)
      .values(order.items.map((item, position) => ({ ...item, orderId: created!.id, position })));
  }
}

/**
 * Priya, the established member, has a package (her bookings: demo-bookings.ts). Her Gym Anytime
 * gives her 2 guest passes a month (the catalogue's guest-pass benefit), none spent yet.
 */
async function seedDemoActivity(db: Executor, now: Date): Promise<void> {
  const [priya] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.reference, 'C100002'));
  const [castlefield] = await db
    .select({ id: venues.id })
    .from(venues)
    .where(eq(venues.slug, 'castlefield-leisure-centre'));
  if (!priya || !castlefield) return;
  const day = 86_400_000;
  const isoDate = (days: number) => new Date(now.getTime() + days * day).toISOString().slice(0, 10);
  await db.insert(customerPackages).values({
    customerId: priya.id,
    venueId: castlefield.id,
    name: '10 swim sessions',
    totalUses: 10,
    remainingUses: 6,
    expiresOn: isoDate(120),
  });
}

async function seedDemoMemberships(db: Db): Promise<void> {
  const options = await db
    .select({
      id: paymentOptions.id,
      key: paymentOptions.key,
      typeId: membershipTypes.id,
      slug: membershipTypes.slug,
      price: paymentOptions.pricePence,
    })
    .from(paymentOptions)
    .innerJoin(membershipTypes, eq(membershipTypes.id, paymentOptions.membershipTypeId));
  const people = await db.select({ id: customers.id, reference: customers.reference }).from(customers);
  const centres = await db.select({ id: venues.id, slug: venues.slug }).from(venues);
  for (const held of demoMemberships) {
    const option = options.find((o) => o.slug === held.typeSlug && o.key === held.optionKey);
    const customer = people.find((p) => p.reference === held.reference);
    const venue = centres.find((v) => v.slug === held.venueSlug);
    if (!option || !customer || !venue)
      throw new Error(`Demo membership for ${held.reference} refers to something missing`);
    await db.insert(customerMemberships).values({
      customerId: customer.id,
      membershipTypeId: option.typeId,
      paymentOptionId: option.id,
      homeVenueId: venue.id,
      status: held.status,
      startDate: held.startDate,
      endDate: held.endDate,
      billingDay: held.billingDay,
      pricePence: option.price,
    });
  }
}
