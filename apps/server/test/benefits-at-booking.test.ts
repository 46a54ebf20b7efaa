import type { CartBookingItem } from '@lido/contracts/activities';
import type { Cart } from '@lido/contracts/cart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeBenefitUse } from '../src/modules/benefits/benefit-uses.repository.ts';
import { createActivity, createSession, tomorrowAt } from './support/activity-factories.ts';
import { apiClient } from './support/api.ts';
import { createCustomer, heldMembership, type TestCustomer } from './support/factories.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

const lines = (cart: Cart) => cart.items.filter((item): item is CartBookingItem => item.type === 'booking');
const days = (count: number, hourUtc = 18) => new Date(tomorrowAt(hourUtc).getTime() + count * 86_400_000);

/**
 * Issue 18 items 1 and 6 (decision 0048): a membership's benefits pay for the bookings they cover
 * when added to the basket, counted per period, atomically; taken off on request; given back when
 * a hold lapses or a booking is cancelled; never from a frozen or ended membership.
 */
describe('membership benefits applied at booking', () => {
  let t: TestApp;
  const api = apiClient(() => t, siteHost.bookings);
  const rows = <R extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t.database.query<R>(text, params);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  let benefitsMade = 0;
  /**
   * A member of a Gym Anytime whose type gains a benefit covering a new activity's category (so no
   * other test's benefit covers it), and that activity (member band £2.60, adult £5.20).
   */
  async function memberWithBenefit(benefit: {
    name?: string;
    totalUses?: number | null;
    frequency?: 'day' | 'week' | 'month' | 'year' | null;
    discountPercent?: number;
    membership?: { status?: 'active' | 'ended'; endDate?: string | null };
  }) {
    benefitsMade += 1;
    const activity = await createActivity(t, { name: 'Public swim', prices: { adult: 520, member: 260 } });
    const name = benefit.name ?? `Swims ${benefitsMade}`;
    await rows(
      `INSERT INTO membership_benefits (membership_type_id, position, name, total_uses, frequency, covers, discount_percent)
       SELECT id, 100 + $1, $2, $3, $4, $5::jsonb, $6 FROM membership_types WHERE slug = 'gym-anytime'`,
      [
        benefitsMade,
        name,
        benefit.totalUses ?? null,
        benefit.frequency ?? null,
        JSON.stringify({ categories: [activity.category.key] }),
        benefit.discountPercent ?? 100,
      ],
    );
    const member = await createCustomer(t, { homeVenueSlug: 'castlefield-leisure-centre' });
    const membershipId = await heldMembership(t, member, {
      slug: 'gym-anytime',
      optionKey: 'monthly',
      startDate: '2026-03-01',
      billingDay: 15,
      status: benefit.membership?.status ?? 'active',
      endDate: benefit.membership?.endDate ?? null,
    });
    return { activity, member, membershipId, name, member_price: activity.price('member') };
  }

  const add = async (customer: TestCustomer, session: { id: number }, priceId: number) => {
    const answer = await api.as(customer).book(session.id, priceId);
    expect(answer.status).toBe(200);
    return answer.data;
  };
  const usedIn = async (membershipId: number) =>
    (
      await rows<{ used: number }>(
        'SELECT coalesce(sum(used), 0)::int AS used FROM benefit_use_counts WHERE customer_membership_id = $1',
        [membershipId],
      )
    )[0]!.used;
  const removeBenefit = (customer: TestCustomer, lineId: number) =>
    api.as(customer).delete<Cart>(`/api/activities/benefit/remove/${lineId}?source=bookings`);

  it('makes a covered booking free, names the benefit on the line and counts it as membership credit', async () => {
    const { activity, member, name } = await memberWithBenefit({});
    const session = await createSession(t, activity);
    const cart = await add(member, session, activity.price('member').id);
    const [line] = lines(cart);
    expect(line).toMatchObject({
      unitPrice: { formatted: '£2.60' },
      price: { formatted: '£0.00', raw: { amount: 0 } },
      benefit: { name, discount: { formatted: '£2.60' } },
    });
    expect(cart.totals.total).toBe(0);
    expect(cart.credits.membership).toEqual({ type: 'membership', totalAvailable: 260, maxApplicable: 260 });

    // Someone without the membership pays the price, and the line names no benefit.
    const visitor = await createCustomer(t);
    const theirs = await add(visitor, await createSession(t, activity), activity.price('adult').id);
    expect(lines(theirs)[0]).toMatchObject({ price: { formatted: '£5.20' }, benefit: null });
    expect(theirs.credits.membership).toEqual({ type: 'membership', totalAvailable: 0, maxApplicable: 0 });

    // An activity the benefit does not cover costs its price.
    const other = await createActivity(t, { prices: { adult: 650, member: 300 } });
    const uncovered = await add(member, await createSession(t, other), other.price('member').id);
    expect(lines(uncovered).map((item) => item.price.formatted)).toEqual(['£0.00', '£3.00']);
    expect(uncovered.totals.total).toBe(300);
  });

  it('takes a discount of its percentage off one place only', async () => {
    const { activity, member, name } = await memberWithBenefit({ discountPercent: 50 });
    const cart = await api
      .as(member)
      .book((await createSession(t, activity)).id, activity.price('member').id, 2);
    expect(lines(cart.data)[0]).toMatchObject({
      price: { formatted: '£3.90' },
      benefit: { name, discount: { formatted: '£1.30' } },
    });
    // More places keep the benefit on the member's own place.
    const more = await api.as(member).updateCartItem(lines(cart.data)[0]!.id, { quantity: 3 });
    expect(lines(more.data)[0]!.price.formatted).toBe('£6.50');
  });

  it('counts uses per period: the third swim of a two-a-day benefit costs its price, the next day is free again', async () => {
    const { activity, member, membershipId } = await memberWithBenefit({ totalUses: 2, frequency: 'day' });
    const price = activity.price('member').id;
    for (const hour of [9, 11, 13])
      await add(member, await createSession(t, activity, { startsAt: days(1, hour) }), price);
    const cart = await add(member, await createSession(t, activity, { startsAt: days(2, 9) }), price);
    expect(lines(cart).map((line) => [line.price.formatted, line.benefit !== null])).toEqual([
      ['£0.00', true],
      ['£0.00', true],
      ['£2.60', false],
      ['£0.00', true],
    ]);
    expect(await usedIn(membershipId)).toBe(3);
    // The third line's benefit has no use left that day: nothing more is offered for it.
    expect(cart.credits.membership).toEqual({ type: 'membership', totalAvailable: 780, maxApplicable: 780 });
  });

  it('takes the benefit off on request, gives the use back, and refuses a second time and for anyone else', async () => {
    const { activity, member, membershipId, name } = await memberWithBenefit({
      totalUses: 1,
      frequency: 'month',
    });
    const cart = await add(member, await createSession(t, activity), activity.price('member').id);
    const lineId = lines(cart)[0]!.id;
    expect(await usedIn(membershipId)).toBe(1);

    // Another customer cannot see or change the line: not found, and nothing changes.
    const stranger = await createCustomer(t);
    await add(stranger, await createSession(t, activity), activity.price('adult').id);
    const refused = await removeBenefit(stranger, lineId);
    expect(refused.status).toBe(404);
    expect(lines((await api.as(member).cart()).data)[0]).toMatchObject({ benefit: { name } });
    expect(await usedIn(membershipId)).toBe(1);

    const removed = await removeBenefit(member, lineId);
    expect(removed.status).toBe(200);
    expect(lines(removed.data)[0]).toMatchObject({ price: { formatted: '£2.60' }, benefit: null });
    expect(removed.data.totals.total).toBe(260);
    // The benefit is still there to use: offered, not applied.
    expect(removed.data.credits.membership).toEqual({
      type: 'membership',
      totalAvailable: 260,
      maxApplicable: 0,
    });
    expect(await usedIn(membershipId)).toBe(0);

    const again = await removeBenefit(member, lineId);
    expect({ status: again.status, errors: again.errors }).toEqual({
      status: 422,
      errors: { cartItemId: ['This item has no benefit applied.'] },
    });
    expect((await removeBenefit(member, 99_999_999)).status).toBe(404);
    expect(await usedIn(membershipId)).toBe(0);
  });

  it('gives a held use back when the hold lapses or the line is removed', async () => {
    const { activity, member, membershipId } = await memberWithBenefit({ totalUses: 1, frequency: 'month' });
    const price = activity.price('member').id;
    const first = await add(member, await createSession(t, activity), price);
    await rows("UPDATE cart_booking_lines SET held_until = now() - interval '1 minute' WHERE id = $1", [
      lines(first)[0]!.id,
    ]);
    const reread = (await api.as(member).cart()).data;
    expect(reread.expiredItems).toHaveLength(1);
    expect(await usedIn(membershipId)).toBe(0);

    const second = await add(member, await createSession(t, activity), price);
    expect(lines(second)[0]!.price.formatted).toBe('£0.00');
    await api.as(member).removeFromCart([lines(second)[0]!.id]);
    expect(await usedIn(membershipId)).toBe(0);
    await add(member, await createSession(t, activity), price);
    expect(await usedIn(membershipId)).toBe(1);
    await api.as(member).discardCart();
    expect(await usedIn(membershipId)).toBe(0);
  });

  it('spends the use on the booking, and cancelling the booking gives it back once', async () => {
    const { activity, member, membershipId } = await memberWithBenefit({ totalUses: 1, frequency: 'month' });
    const price = activity.price('member').id;
    const session = await createSession(t, activity, { startsAt: days(1, 18) });
    await add(member, session, price);
    const done = await api
      .as(member)
      .post<{ orderId: number }>('/api/checkout/complete', { source: 'bookings' });
    expect(done.status).toBe(200);
    const [booking] = await rows<{ id: number; price_pence: number; status: string }>(
      `SELECT b.id, b.price_pence, u.status FROM customer_bookings b JOIN benefit_uses u ON u.id = b.benefit_use_id
        WHERE b.order_id = $1`,
      [done.data.orderId],
    );
    expect(booking).toMatchObject({ price_pence: 0, status: 'spent' });
    expect(await usedIn(membershipId)).toBe(1);

    // The month's one use is spent: the next swim that month costs its price.
    const next = await add(member, await createSession(t, activity, { startsAt: days(1, 20) }), price);
    expect(lines(next)[0]).toMatchObject({ price: { formatted: '£2.60' }, benefit: null });
    await api.as(member).discardCart();

    const account = apiClient(() => t, siteHost.myAccount).as(member);
    const cancels = await Promise.all(
      Array.from({ length: 5 }, () => account.post(`/api/my-account/bookings/${booking!.id}/cancel`)),
    );
    expect(cancels.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(await usedIn(membershipId)).toBe(0);
    const after = await add(member, await createSession(t, activity, { startsAt: days(1, 21) }), price);
    expect(lines(after)[0]!.price.formatted).toBe('£0.00');
  });

  it('gives nothing from a frozen or an ended membership', async () => {
    const frozen = await memberWithBenefit({});
    const session = await createSession(t, frozen.activity, { startsAt: days(1) });
    const sessionDate = session.startsAt.toISOString().slice(0, 10);
    await rows(
      `INSERT INTO membership_freezes (customer_membership_id, starts_on, ends_on, status)
       VALUES ($1, date_trunc('month', $2::date)::date, (date_trunc('month', $2::date) + interval '1 month')::date, 'active')`,
      [frozen.membershipId, sessionDate],
    );
    const cart = await add(frozen.member, session, frozen.activity.price('member').id);
    expect(lines(cart)[0]).toMatchObject({ price: { formatted: '£2.60' }, benefit: null });
    expect(cart.credits.membership.totalAvailable).toBe(0);

    const ended = await memberWithBenefit({ membership: { status: 'ended', endDate: '2026-10-31' } });
    const theirs = await add(
      ended.member,
      await createSession(t, ended.activity),
      ended.activity.price('adult').id,
    );
    expect(lines(theirs)[0]).toMatchObject({ price: { formatted: '£5.20' }, benefit: null });
  });

  it('gives the last use to exactly one of 20 concurrent adds', async () => {
    const { activity, member, membershipId } = await memberWithBenefit({ totalUses: 1, frequency: 'day' });
    const price = activity.price('member').id;
    const sessions = [];
    for (let index = 0; index < 20; index += 1)
      sessions.push(await createSession(t, activity, { startsAt: days(3, 6 + (index % 12)) }));
    const answers = await Promise.all(sessions.map((session) => api.as(member).book(session.id, price)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const cart = (await api.as(member).cart()).data;
    expect(lines(cart)).toHaveLength(20);
    expect(lines(cart).filter((line) => line.benefit)).toHaveLength(1);
    expect(cart.totals.total).toBe(19 * 260);
    expect(await usedIn(membershipId)).toBe(1);
  });

  it('counts a use taken by 20 transactions at once exactly once (the statement itself, without a basket lock)', async () => {
    const { membershipId } = await memberWithBenefit({ totalUses: 1, frequency: 'day' });
    const [benefit] = await rows<{ id: number }>(
      'SELECT id FROM membership_benefits ORDER BY id DESC LIMIT 1',
    );
    const taken = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.database.db.transaction((tx) =>
          takeBenefitUse(tx, {
            membershipId,
            benefitId: benefit!.id,
            periodStart: '2026-12-01',
            totalUses: 1,
            discountPence: 260,
          }),
        ),
      ),
    );
    expect(taken.filter((id) => id !== undefined)).toHaveLength(1);
    expect(await usedIn(membershipId)).toBe(1);
  });
});
