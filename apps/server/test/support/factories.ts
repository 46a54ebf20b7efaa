import { addCredit } from '../../src/modules/account-credit/index.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { Cart } from '@lido/contracts/cart';
import type { MembershipType } from '@lido/contracts/membership';
import { customerMemberships, membershipTypes, paymentOptions, venues } from '../../src/db/schema.ts';
import { demoPassword } from '../../src/db/seed/demo-customers.ts';
import { hashPassword } from '../../src/modules/auth/passwords.ts';
import { createCustomersRepository } from '../../src/modules/customers/customers.repository.ts';
import { createOperatorRepository } from '../../src/modules/operator/operator.repository.ts';
import { apiClient, type AddItem } from './api.ts';
import { loginCookie, type TestApp } from './test-app.ts';

/**
 * Each test makes the data it needs (issue 16 item 8): its own customer, basket and held
 * membership, built through the real repositories and API calls, so a test never depends on
 * another having run first and never changes what another reads. The demo operator and its
 * catalogue (seeded by createTestApp) are the only shared, read-only data.
 */

export interface TestCustomer {
  id: number;
  reference: string;
  email: string;
  firstName: string;
  /** the session cookie of a real login */
  cookie: string;
}

export interface CustomerOptions {
  firstName?: string;
  lastName?: string;
  email?: string;
  dateOfBirth?: string | null;
  homeVenueSlug?: string;
  /** a working Direct Debit instruction (monthly memberships need one, or checked bank details) */
  hasDirectDebitInstruction?: boolean;
  billingDay?: number;
  creditBalancePence?: number;
}

let made = 0;
let passwordHash: Promise<string> | undefined;

/** A new customer of the demo operator, logged in with the demo password. */
export async function createCustomer(t: TestApp, options: CustomerOptions = {}): Promise<TestCustomer> {
  made += 1;
  const operator = await createOperatorRepository(t.database.db).current();
  if (!operator) throw new Error('createCustomer needs the demo operator (createTestApp seeds it)');
  const homeVenueId = options.homeVenueSlug ? (await venueBySlug(t, options.homeVenueSlug)).id : null;
  passwordHash ??= hashPassword(demoPassword);
  const firstName = options.firstName ?? 'Tess';
  const row = await createCustomersRepository(t.database.db).create({
    operatorId: operator.id,
    email: options.email ?? `test.customer.${process.pid}.${made}.${Date.now()}@example.org`,
    passwordHash: await passwordHash,
    firstName,
    lastName: options.lastName ?? `Tester${made}`,
    dateOfBirth: options.dateOfBirth === undefined ? '1990-04-02' : options.dateOfBirth,
    homeVenueId,
    hasDirectDebitInstruction: options.hasDirectDebitInstruction ?? false,
    billingDay: options.billingDay ?? null,
  });
  await addCredit(t.database.db, row.id, options.creditBalancePence ?? 0);
  return {
    id: row.id,
    reference: row.reference,
    email: row.email,
    firstName,
    cookie: await loginCookie(t, row.reference),
  };
}

export async function venueBySlug(t: TestApp, slug: string) {
  const [venue] = await t.database.db.select().from(venues).where(eq(venues.slug, slug));
  if (!venue) throw new Error(`No venue ${slug} in the demo operator`);
  return venue;
}

/** The demo catalogue at one centre as the membership pages list it, with lookups by slug. */
export async function catalogueAt(t: TestApp, venueSlug = 'castlefield-leisure-centre') {
  const api = apiClient(t).guest;
  const venue = (await api.venue(venueSlug)).data;
  const types = (await api.membershipTypes(venue.id)).data;
  const type = (slug: string): MembershipType => {
    const found = types.find((candidate) => candidate.slug === slug);
    if (!found) throw new Error(`No membership ${slug} at ${venueSlug}`);
    return found;
  };
  const option = (slug: string, paymentType: 'recurring' | 'fixed') => {
    const found = type(slug).paymentOptions.find((candidate) => candidate.paymentType === paymentType);
    if (!found) throw new Error(`${slug} has no ${paymentType} option`);
    return found;
  };
  /** A line for POST /api/cart/add (monthly lines start on the 1st billing day unless told). */
  const item = (line: BasketLine): AddItem => ({
    id: type(line.slug).id,
    type: 'membership',
    pricing_option_id: option(line.slug, line.paymentType ?? 'recurring').id,
    options: {
      venue_id: venue.id,
      start_date: line.startDate ?? '2026-11-21',
      ...((line.paymentType ?? 'recurring') === 'recurring' ? { billing_day: line.billingDay ?? 1 } : {}),
      ...line.options,
    },
  });
  return { venue, types, type, option, item };
}

export type Catalogue = Awaited<ReturnType<typeof catalogueAt>>;

export interface BasketLine {
  slug: string;
  /** monthly ('recurring', the default) or a fixed term */
  paymentType?: 'recurring' | 'fixed';
  startDate?: string;
  billingDay?: number;
  /** more options, as the add call takes them (snake_case) */
  options?: Record<string, unknown>;
}

/**
 * The customer's basket holding these memberships at the catalogue's centre, added through the
 * basket call. A monthly line needs a customer with a Direct Debit instruction.
 */
export async function basketWith(
  t: TestApp,
  customer: TestCustomer | string,
  lines: BasketLine[],
  catalogue?: Catalogue,
): Promise<Cart> {
  const at = catalogue ?? (await catalogueAt(t));
  const added = await apiClient(t).as(customer).addToCart(lines.map(at.item));
  if (added.status !== 200) throw new Error(`basketWith: ${added.status} ${JSON.stringify(added.body)}`);
  return added.data;
}

export interface HeldMembershipOptions {
  slug: string;
  /** the payment option's key in the catalogue file, e.g. 'monthly' or 'three-months' */
  optionKey: string;
  venueSlug?: string;
  status?: 'pending' | 'pending_eligibility' | 'active' | 'ended' | 'cancelled';
  startDate: string;
  endDate?: string | null;
  billingDay?: number | null;
}

/**
 * A membership the customer already holds, as an earlier order would have left it. Only order
 * completion creates held memberships in the application, so this writes the row itself.
 */
export async function heldMembership(
  t: TestApp,
  customer: TestCustomer,
  options: HeldMembershipOptions,
): Promise<number> {
  const db = t.database.db;
  const [option] = await db
    .select({ id: paymentOptions.id, typeId: membershipTypes.id, price: paymentOptions.pricePence })
    .from(paymentOptions)
    .innerJoin(membershipTypes, eq(membershipTypes.id, paymentOptions.membershipTypeId))
    .where(and(eq(membershipTypes.slug, options.slug), eq(paymentOptions.key, options.optionKey)));
  if (!option) throw new Error(`No ${options.slug} option ${options.optionKey} in the catalogue`);
  const venue = await venueBySlug(t, options.venueSlug ?? 'castlefield-leisure-centre');
  const [row] = await db
    .insert(customerMemberships)
    .values({
      customerId: customer.id,
      membershipTypeId: option.typeId,
      paymentOptionId: option.id,
      homeVenueId: venue.id,
      status: options.status ?? 'active',
      startDate: options.startDate,
      endDate: options.endDate ?? null,
      billingDay: options.billingDay ?? null,
      pricePence: option.price,
    })
    .returning({ id: customerMemberships.id });
  return row!.id;
}

/**
 * An established member (like the demo's Priya): pays by Direct Debit on the 15th, has £12.50 of
 * account credit and has held a monthly Gym Anytime at Castlefield since 1 March 2026.
 */
export async function monthlyGymMember(t: TestApp, options: CustomerOptions = {}) {
  const member = await createCustomer(t, {
    homeVenueSlug: 'castlefield-leisure-centre',
    hasDirectDebitInstruction: true,
    billingDay: 15,
    creditBalancePence: 1250,
    ...options,
  });
  const gym = await heldMembership(t, member, {
    slug: 'gym-anytime',
    optionKey: 'monthly',
    startDate: '2026-03-01',
    billingDay: 15,
  });
  return { member, gym };
}

/** A member who paid by card for three months of swimming at Clifton, 1 Oct to 31 Dec 2026 (like Sam). */
export async function threeMonthSwimmer(t: TestApp, options: CustomerOptions = {}) {
  const member = await createCustomer(t, { homeVenueSlug: 'clifton-lido-and-spa', ...options });
  const swim = await heldMembership(t, member, {
    slug: 'swim-unlimited',
    optionKey: 'three-months',
    venueSlug: 'clifton-lido-and-spa',
    startDate: '2026-10-01',
    endDate: '2026-12-31',
  });
  return { member, swim };
}

/**
 * Many customers at once, without a login each (for calls made with their ids): one INSERT, each
 * with a unique email that starts with `label`.
 */
export async function bulkCustomerIds(t: TestApp, count: number, label = 'bulk'): Promise<number[]> {
  const operator = await createOperatorRepository(t.database.db).current();
  const stamp = `${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}`;
  const { rows } = (await t.database.db.execute(sql`
    INSERT INTO customers (operator_id, reference, email, password_hash, first_name, last_name)
    SELECT ${operator!.id}, 'C' || nextval('customer_reference_seq')::text, ${label} || '.' || ${stamp} || '.' || n || '@example.org',
           'not-a-hash', 'Bulk', 'Customer ' || n
      FROM generate_series(1, ${count}) AS n
    RETURNING id`)) as { rows: { id: number }[] };
  return rows.map((row) => row.id);
}
