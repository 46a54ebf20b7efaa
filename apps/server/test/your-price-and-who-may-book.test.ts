import type { CartBookingItem, SessionDetails, Timetable } from '@lido/contracts/activities';
import type { Cart } from '@lido/contracts/cart';
import type { FamilyChanged } from '@lido/contracts/family';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivity, createSession, tomorrowAt } from './support/activity-factories.ts';
import { apiClient } from './support/api.ts';
import { createCustomer, heldMembership, type TestCustomer } from './support/factories.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

/** A date of birth making someone `years` old (and a few months) tomorrow. */
function bornYearsAgo(years: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCMonth(date.getUTCMonth() - 3);
  return date.toISOString().slice(0, 10);
}

const lines = (cart: Cart) => cart.items.filter((item): item is CartBookingItem => item.type === 'booking');

/**
 * Issue 33 items 4, 5 and 6 (decision 0088): the timetable and session page say what the attendee
 * will pay and why; who may book by the age rule is answered before any price or button; the
 * basket warns before paying for a place inside its cut-off or a second place for the same person.
 */
describe('the price shown is the price paid, and who may book', () => {
  let t: TestApp;
  const api = apiClient(() => t, siteHost.bookings);
  const account = apiClient(() => t, siteHost.myAccount);
  const rows = <R extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t.database.query<R>(text, params);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const sessionFor = (customer: TestCustomer | undefined, id: number, attendee?: number) =>
    (customer ? api.as(customer) : api.as(undefined)).get<SessionDetails>(
      `/api/activities/sessions/${id}${attendee === undefined ? '' : `?selected_user_id=${attendee}`}`,
    );

  let made = 0;
  /** A Gym Anytime member whose membership's new benefit makes a new activity's places free. */
  async function memberWithFreeSwims(discountPercent = 100) {
    made += 1;
    const activity = await createActivity(t, { name: 'Lane swim', prices: { adult: 520, member: 260 } });
    await rows(
      `INSERT INTO membership_benefits (membership_type_id, position, name, total_uses, frequency, covers, discount_percent)
       SELECT id, 200 + $1, 'Swims', NULL, NULL, $2::jsonb, $3 FROM membership_types WHERE slug = 'gym-anytime'`,
      [made, JSON.stringify({ categories: [activity.category.key] }), discountPercent],
    );
    const member = await createCustomer(t, { homeVenueSlug: 'castlefield-leisure-centre' });
    await heldMembership(t, member, {
      slug: 'gym-anytime',
      optionKey: 'monthly',
      startDate: '2026-03-01',
      billingDay: 15,
    });
    return { activity, member };
  }

  it('tells a member the price their benefit leaves them, and why, on the session page and timetable', async () => {
    const { activity, member } = await memberWithFreeSwims();
    const session = await createSession(t, activity);
    const page = await sessionFor(member, session.id);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      price: { formatted: '£2.60' },
      yourPrice: { price: { formatted: '£0.00' }, because: 'Included in your Gym Anytime' },
      notForThem: null,
    });
    expect(page.data.prices.find((price) => price.band === 'member')?.yourPrice).toEqual({
      price: expect.objectContaining({ formatted: '£0.00' }),
      because: 'Included in your Gym Anytime',
    });
    // The adult band is theirs too, and the benefit pays for that one as well.
    expect(page.data.prices.find((price) => price.band === 'adult')?.yourPrice?.price.formatted).toBe(
      '£0.00',
    );

    const week = await api
      .as(member)
      .get<Timetable>(
        `/api/activities/venues/castlefield-leisure-centre/timetable?from=${page.data.date}&days=1`,
      );
    const listed = week.data.days[0]!.sessions.find((entry) => entry.id === session.id)!;
    expect(listed.yourPrice).toEqual(page.data.yourPrice);

    // What the basket then charges is what was shown.
    const added = await api.as(member).book(session.id, page.data.pricingOptionId!);
    expect(lines(added.data)[0]!.price.formatted).toBe('£0.00');

    // A visitor is told no price of their own; someone without the membership pays the band's price.
    expect((await sessionFor(undefined, session.id)).data).toMatchObject({
      yourPrice: null,
      notForThem: null,
    });
    const other = await createCustomer(t);
    expect((await sessionFor(other, session.id)).data.yourPrice).toEqual({
      price: expect.objectContaining({ formatted: '£5.20' }),
      because: null,
    });
  });

  it('says what a part discount leaves to pay, and that a package pays for a place', async () => {
    const { activity, member } = await memberWithFreeSwims(50);
    const session = await createSession(t, activity);
    expect((await sessionFor(member, session.id)).data.yourPrice).toEqual({
      price: expect.objectContaining({ formatted: '£1.30' }),
      because: '50% off with your Gym Anytime',
    });

    const holder = await createCustomer(t);
    await rows(
      `INSERT INTO customer_packages (customer_id, venue_id, name, total_uses, remaining_uses, expires_on, covers)
       SELECT $1, id, '10 Swims', 10, 4, current_date + 30, $2::jsonb FROM venues WHERE slug = 'castlefield-leisure-centre'`,
      [holder.id, JSON.stringify({ categories: [activity.category.key], activities: [] })],
    );
    expect((await sessionFor(holder, session.id)).data.yourPrice).toEqual({
      price: expect.objectContaining({ formatted: '£0.00' }),
      because: 'Paid with your 10 Swims',
    });
    const added = await api.as(holder).book(session.id, activity.price('adult').id);
    expect(lines(added.data)[0]!.price.formatted).toBe('£0.00');
  });

  it('answers who may book by the age rule before any price or button, for the attendee chosen', async () => {
    const lesson = await createActivity(t, {
      name: 'Stage 1',
      minAge: 4,
      maxAge: 7,
      prices: { adult: 600, junior: 550 },
    });
    const session = await createSession(t, lesson);
    const parent = await createCustomer(t, { dateOfBirth: bornYearsAgo(35) });
    const adult = await sessionFor(parent, session.id);
    expect(adult.data).toMatchObject({
      notForThem: 'This session is for ages 4 to 7, so you can’t book it for yourself.',
      price: null,
      pricingOptionId: null,
      yourPrice: null,
      availability: { bookable: false },
    });
    expect(adult.data.prices.every((price) => !price.available && price.yourPrice === null)).toBe(true);

    const added = await account.as(parent).post<FamilyChanged>('/api/my-account/family', {
      first_name: 'Maya',
      last_name: 'Tester',
      date_of_birth: bornYearsAgo(5),
      relationship: 'child',
    });
    const maya = added.data.family.find((member) => member.firstName === 'Maya')!;
    const older = await account.as(parent).post<FamilyChanged>('/api/my-account/family', {
      first_name: 'Leo',
      last_name: 'Tester',
      date_of_birth: bornYearsAgo(14),
      relationship: 'child',
    });
    const leo = older.data.family.find((member) => member.firstName === 'Leo')!;
    expect((await sessionFor(parent, session.id, maya.id)).data).toMatchObject({
      notForThem: null,
      availability: { bookable: true },
      yourPrice: { price: { formatted: '£5.50' }, because: null },
    });
    expect((await sessionFor(parent, session.id, leo.id)).data).toMatchObject({
      notForThem: 'This session is for ages 4 to 7, so you can’t book it for Leo.',
      availability: { bookable: false },
    });

    // Someone with no date of birth is told what to add.
    const unknown = await createCustomer(t, { dateOfBirth: null });
    expect((await sessionFor(unknown, session.id)).data.notForThem).toBe(
      'This session is for ages 4 to 7: add your date of birth in My account to book it.',
    );
    // A visitor is not refused: anyone may log in.
    expect((await sessionFor(undefined, session.id)).data.notForThem).toBeNull();
  });

  it('warns in the basket before paying for a place inside its cut-off or the same person twice', async () => {
    const spin = await createActivity(t, {
      name: 'Spin',
      cancellationCutoffMinutes: 120,
      prices: { adult: 650 },
    });
    const soon = await createSession(t, spin, { startsAt: new Date(Date.now() + 60 * 60_000) });
    const later = await createSession(t, spin, { startsAt: tomorrowAt(19) });
    const customer = await createCustomer(t);
    const cart = await api.as(customer).book(soon.id, spin.price('adult').id);
    expect(lines(cart.data)[0]!.warnings).toEqual([
      {
        kind: 'inside_cutoff',
        text: 'Once paid, this booking can’t be cancelled or refunded: bookings can be cancelled up to 2 hours before the start, and this session starts sooner than that.',
      },
    ]);

    // Already booked on the later session (an earlier order): adding it again says so.
    await rows(
      `INSERT INTO customer_bookings (customer_id, venue_id, activity_name, starts_at, ends_at, status, session_id, attendee_customer_id, quantity)
       SELECT $1, venue_id, 'Spin', starts_at, ends_at, 'booked', id, $1, 1 FROM activity_sessions WHERE id = $2`,
      [customer.id, later.id],
    );
    const again = await api.as(customer).book(later.id, spin.price('adult').id, 2);
    const line = lines(again.data).find((item) => item.objectId === later.id)!;
    expect(line.warnings.map((warning) => warning.kind)).toEqual(['already_booked', 'several_places']);
    expect(line.warnings[0]!.text).toBe(
      'You already have a place booked on this session: paying books 2 more for you.',
    );
    expect(line.warnings[1]!.text).toContain('All 2 places are booked for you.');

    // A cancelled booking is no longer a place: no warning.
    await rows(`UPDATE customer_bookings SET status = 'cancelled' WHERE customer_id = $1`, [customer.id]);
    const after = await api.as(customer).get<Cart>('/api/cart');
    expect(
      lines(after.data)
        .find((item) => item.objectId === later.id)!
        .warnings.map((w) => w.kind),
    ).toEqual(['several_places']);
  });
});
