import type { CartBookingItem } from '@lido/contracts/activities';
import type { Cart } from '@lido/contracts/cart';
import type { GuestPasses, GuestPassOffer } from '@lido/contracts/guest-passes';
import { zonedParts } from '@lido/pricing/booking-rules';
import { allowancePeriod, periodName } from '@lido/pricing/guest-pass-periods';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoVenues } from '../src/db/seed/demo-operator.ts';
import { demoCataloguePath } from '../src/db/seed/seed-demo.ts';
import { parseCatalogue } from '../src/modules/catalogue/catalogue-file.ts';
import { claimGuestPass } from '../src/modules/guest-passes/guest-pass-claim.ts';
import { guestPassMemberships, insertHeldUse } from '../src/modules/guest-passes/guest-passes.repository.ts';
import {
  createActivity,
  createSession,
  holdPlace,
  sessionCounts,
  tomorrowAt,
} from './support/activity-factories.ts';
import { apiClient } from './support/api.ts';
import { capacityMismatches } from './support/capacity-invariant.ts';
import { createCustomer, monthlyGymMember, type TestCustomer } from './support/factories.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

const guestLines = (cart: Cart | undefined) =>
  (cart?.items ?? []).filter(
    (item): item is CartBookingItem => item.type === 'booking' && item.guestName !== null,
  );

const offPassesMessage = 'Guest passes are not available online. Please ask at your centre.';

/** Issue 18 item 3: a member brings a named guest with a guest pass; the setting gates it all. */
describe('guest passes (issue 18 item 3)', () => {
  let t: TestApp;
  const api = apiClient(() => t, siteHost.bookings);
  const rows = <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    t.database.query<R>(sql, params);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  /** A class tomorrow (adult £6.50, member free) and the name of the month its passes count in. */
  async function classTomorrow(hour = 18, capacity = 20) {
    const activity = await createActivity(t, { name: 'Spin' });
    const session = await createSession(t, activity, { startsAt: tomorrowAt(hour), capacity });
    const visit = zonedParts(session.startsAt, t.config.timeZone).date;
    return { activity, session, period: periodName(allowancePeriod(visit, 'month'), 'month') };
  }
  const addGuest = (customer: TestCustomer, sessionId: number, first: string, last: string) =>
    api.as(customer).post<Cart>('/api/activities/guest-pass/add', {
      session_id: sessionId,
      guest_first_name: first,
      guest_last_name: last,
    });
  const myPasses = (customer: TestCustomer) =>
    api.as(customer).get<GuestPasses>('/api/my-account/guest-passes');
  const completeFree = (customer: TestCustomer) =>
    api.as(customer).post<{ orderId: number }>('/api/checkout/complete', { source: 'bookings' });
  const usesOf = (customer: TestCustomer) =>
    rows<{ status: string; guest_first_name: string }>(
      'SELECT status, guest_first_name FROM guest_pass_uses WHERE customer_id = $1 ORDER BY id',
      [customer.id],
    );

  it('the demo catalogue turns the setting on and marks Gym Anytime’s passes as guest passes', async () => {
    const [operator] = await rows<{ online_guest_passes_enabled: boolean }>(
      'SELECT online_guest_passes_enabled FROM operators',
    );
    expect(operator!.online_guest_passes_enabled).toBe(true);
    const benefits = await rows<{ total_uses: number; frequency: string }>(
      `SELECT b.total_uses, b.frequency FROM membership_benefits b
         JOIN membership_types m ON m.id = b.membership_type_id
        WHERE m.slug = 'gym-anytime' AND b.kind = 'guest-pass'`,
    );
    expect(benefits).toEqual([{ total_uses: 2, frequency: 'month' }]);
  });

  it('a member brings a named guest free with a pass; paying makes it used, cancelling gives it back once', async () => {
    const { member } = await monthlyGymMember(t);
    const { session, period } = await classTomorrow();
    const offer = await api
      .as(member)
      .get<GuestPassOffer>(`/api/activities/sessions/${session.id}/guest-pass`);
    expect(offer.status).toBe(200);
    expect(offer.data.allowance).toMatchObject({ totalUses: 2, used: 0, left: 2, periodName: period });

    // The member's own place and a guest's in the same session are two lines.
    expect((await api.as(member).book(session.id, (await memberPrice(session.activityId)).id)).status).toBe(
      200,
    );
    const added = await addGuest(member, session.id, ' Jo ', 'Bloggs');
    expect(added.status).toBe(200);
    const [line] = guestLines(added.data);
    expect(line).toMatchObject({
      guestName: 'Jo Bloggs',
      priceBand: { band: 'adult' },
      price: { raw: { amount: 0 } },
      options: { quantity: 1 },
    });
    expect(added.data.items).toHaveLength(2);
    expect((await sessionCounts(t, session.id)).taken).toBe(2);
    // One guest per pass: the line's quantity cannot grow.
    const more = await api.as(member).updateCartItem(line!.id, { quantity: 2 });
    expect(more.status).toBe(422);

    const done = await completeFree(member);
    expect(done.status).toBe(200);
    const [booking] = await rows<{ id: number; guest_name: string; price_pence: number }>(
      'SELECT id, guest_name, price_pence FROM customer_bookings WHERE order_id = $1 AND guest_name IS NOT NULL',
      [done.data.orderId],
    );
    expect(booking).toMatchObject({ guest_name: 'Jo Bloggs', price_pence: 0 });
    const receipt = await rows<{ description: string }>(
      'SELECT description FROM order_items WHERE order_id = $1 ORDER BY position',
      [done.data.orderId],
    );
    expect(receipt.map((item) => item.description)).toEqual([
      expect.not.stringContaining('guest'),
      expect.stringMatching(/^Spin, .* \(guest: Jo Bloggs\)$/),
    ]);

    const mine = (await myPasses(member)).data;
    expect(mine.allowances).toEqual([expect.objectContaining({ used: 1, left: 1, totalUses: 2 })]);
    expect(mine.uses).toEqual([
      expect.objectContaining({
        status: 'used',
        guestName: 'Jo Bloggs',
        bookingId: booking!.id,
        activityName: 'Spin',
      }),
    ]);
    const listed = (
      await api
        .as(member)
        .get<{ upcoming: { id: number; guestName: string | null }[] }>('/api/my-account/bookings')
    ).data.upcoming;
    expect(listed.find((b) => b.id === booking!.id)?.guestName).toBe('Jo Bloggs');

    const cancels = await Promise.all(
      Array.from({ length: 5 }, () => api.as(member).post(`/api/my-account/bookings/${booking!.id}/cancel`)),
    );
    expect(cancels.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect((await myPasses(member)).data.allowances[0]).toMatchObject({ used: 0, left: 2 });
    expect(await usesOf(member)).toEqual([{ status: 'returned', guest_first_name: 'Jo' }]);
    expect(await capacityMismatches(t)).toEqual([]);
  });

  it('20 attempts at once at the last pass: exactly one guest gets it', async () => {
    const { member } = await monthlyGymMember(t);
    const { session, period } = await classTomorrow(19);
    expect((await addGuest(member, session.id, 'First', 'Guest')).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => addGuest(member, session.id, `Guest${index}`, 'Rush')),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(19);
    expect(new Set(refused.map((answer) => `${answer.status} ${answer.message}`))).toEqual(
      new Set([`422 You have used all your guest passes for ${period}.`]),
    );
    expect((await usesOf(member)).filter((use) => use.status === 'held')).toHaveLength(2);
    expect((await sessionCounts(t, session.id)).taken).toBe(2);
    expect(await capacityMismatches(t)).toEqual([]);
  });

  it('20 baskets at once spending one membership’s last pass (as a family’s would): one succeeds', async () => {
    const { member } = await monthlyGymMember(t);
    const { activity, session } = await classTomorrow(14, 40);
    expect((await addGuest(member, session.id, 'First', 'Guest')).status).toBe(200);
    const visit = zonedParts(session.startsAt, t.config.timeZone).date;
    const [membership] = await guestPassMemberships(t.database.db, member.id, visit);
    const lines = [];
    for (let index = 0; index < 20; index += 1) {
      const other = await createCustomer(t);
      lines.push((await holdPlace(t, other.id, session, activity.price('adult'))).line);
    }
    // Each basket's own transaction, as the add runs it: claim under the lock, then hold the pass.
    const outcomes = await Promise.allSettled(
      lines.map((line, index) =>
        t.database.db.transaction(async (tx) => {
          const claim = await claimGuestPass(tx, [membership!], visit);
          if ('usedUp' in claim) throw new Error('used up');
          await insertHeldUse(tx, {
            membershipId: membership!.membershipId,
            customerId: member.id,
            sessionId: session.id,
            visitDate: visit,
            firstName: `Guest${index}`,
            lastName: 'Family',
            cartLineId: line.id,
          });
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect((await usesOf(member)).filter((use) => use.status === 'held')).toHaveLength(2);
  });

  it('a guest taken off the basket, or whose hold lapses, gives the pass back', async () => {
    const { member } = await monthlyGymMember(t);
    const { session } = await classTomorrow(20);
    const first = guestLines((await addGuest(member, session.id, 'Ann', 'Lee')).data)[0]!;
    await addGuest(member, session.id, 'Bob', 'Lee');
    expect((await addGuest(member, session.id, 'Cat', 'Lee')).status).toBe(422);
    expect((await api.as(member).removeFromCart([first.id])).status).toBe(200);
    expect((await usesOf(member)).map((use) => use.guest_first_name)).toEqual(['Bob']);
    await rows(
      "UPDATE cart_booking_lines SET held_until = now() - interval '1 minute' WHERE guest_name = $1",
      ['Bob Lee'],
    );
    expect(guestLines((await api.as(member).cart()).data)).toEqual([]);
    expect(await usesOf(member)).toEqual([]);
    const again = await addGuest(member, session.id, 'Cat', 'Lee');
    expect(again.status).toBe(200);
    expect(await capacityMismatches(t)).toEqual([]);
  });

  it('refuses a guest without both names, twice the same guest, or a court, changing nothing', async () => {
    const { member } = await monthlyGymMember(t);
    const { session } = await classTomorrow(17);
    const noLast = await addGuest(member, session.id, 'Jo', '  ');
    expect(noLast.status).toBe(422);
    expect(noLast.errors).toEqual({ guestLastName: ["Enter your guest's last name."] });
    const noFirst = await api.as(member).post('/api/activities/guest-pass/add', { session_id: session.id });
    expect(noFirst.status).toBe(422);
    expect(noFirst.errors?.guestFirstName).toEqual(["Enter your guest's first name."]);
    expect((await addGuest(member, session.id, 'Jo', 'Bloggs')).status).toBe(200);
    const twice = await addGuest(member, session.id, 'jo', 'bloggs');
    expect(twice.status).toBe(422);
    expect(twice.message).toBe('jo bloggs is already in your basket for this session.');
    const court = await createActivity(t, { kind: 'facility', name: 'Squash court' });
    const slot = await createSession(t, court, { capacity: 1 });
    const onCourt = await addGuest(member, slot.id, 'Jo', 'Squash');
    expect(onCourt.status).toBe(422);
    expect(await usesOf(member)).toHaveLength(1);
    expect((await sessionCounts(t, session.id)).taken).toBe(1);
  });

  it('IDOR: a customer never reads or spends another’s passes, nor cancels their guest', async () => {
    const { member } = await monthlyGymMember(t);
    const { session } = await classTomorrow(16);
    await addGuest(member, session.id, 'Kim', 'Other');
    const done = await completeFree(member);
    const [booking] = await rows<{ id: number }>('SELECT id FROM customer_bookings WHERE order_id = $1', [
      done.data.orderId,
    ]);

    const stranger = await createCustomer(t);
    expect((await myPasses(stranger)).data).toEqual({ allowances: [], uses: [] });
    const spend = await addGuest(stranger, session.id, 'Not', 'Allowed');
    expect(spend.status).toBe(422);
    expect(spend.message).toBe('Your membership does not include guest passes on the day of this session.');
    expect((await api.as(stranger).post(`/api/my-account/bookings/${booking!.id}/cancel`)).status).toBe(404);
    const otherMember = (await monthlyGymMember(t)).member;
    const theirs = (await myPasses(otherMember)).data;
    expect(theirs.uses).toEqual([]);
    expect(theirs.allowances[0]).toMatchObject({ used: 0, left: 2 });
    expect((await myPasses(member)).data.uses).toEqual([
      expect.objectContaining({ guestName: 'Kim Other', status: 'used' }),
    ]);
    expect((await api.guest.get('/api/my-account/guest-passes')).status).toBe(401);
  });

  it('with the operator’s setting off, every guest-pass call is refused with a clear 403 and nothing changes', async () => {
    const { member } = await monthlyGymMember(t);
    const { session } = await classTomorrow(15);
    await rows('UPDATE operators SET online_guest_passes_enabled = false');
    try {
      const calls = [
        await myPasses(member),
        await api.as(member).get(`/api/activities/sessions/${session.id}/guest-pass`),
        await addGuest(member, session.id, 'Jo', 'Bloggs'),
      ];
      for (const answer of calls) expect([answer.status, answer.message]).toEqual([403, offPassesMessage]);
      expect(await usesOf(member)).toEqual([]);
      expect((await sessionCounts(t, session.id)).taken).toBe(0);
      const client = await api.as(member).get<{ onlineGuestPassesEnabled: boolean }>('/api/client');
      expect(client.data.onlineGuestPassesEnabled).toBe(false);
    } finally {
      await rows('UPDATE operators SET online_guest_passes_enabled = true');
    }
  });

  async function memberPrice(activityId: number) {
    const [price] = await rows<{ id: number }>(
      "SELECT id FROM activity_prices WHERE activity_id = $1 AND band = 'member'",
      [activityId],
    );
    return price!;
  }
});

describe('guest passes in the catalogue file (decision 0050)', () => {
  const demo = readFileSync(demoCataloguePath, 'utf8');
  const venues = new Set(demoVenues.map((venue) => venue.slug));
  const gymPasses = '{ name: Guest passes, totalUses: 2, frequency: month, kind: guest-pass }';

  it('reads the setting and the guest-pass benefit of the demo file', () => {
    const parsed = parseCatalogue(demo, venues);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.catalogue.bookingSettings?.onlineGuestPassesEnabled).toBe(true);
    const gym = parsed.catalogue.types.find((type) => type.slug === 'gym-anytime')!;
    expect(gym.benefits.filter((benefit) => benefit.kind === 'guest-pass')).toEqual([
      expect.objectContaining({ totalUses: 2, frequency: 'month' }),
    ]);
    expect(gym.benefits.find((benefit) => benefit.name === 'Gym sessions')?.kind).toBe('booking');
  });

  it('refuses a guest-pass benefit without its number or period, an unknown kind, or two per type', () => {
    const problems = (source: string) => {
      const parsed = parseCatalogue(source, venues);
      return parsed.ok ? [] : parsed.problems.map(({ path, message }) => ({ path, message }));
    };
    expect(problems(demo.replace(gymPasses, '{ name: Guest passes, kind: guest-pass }'))).toEqual([
      { path: 'types[0].benefits[1].totalUses', message: 'a guest-pass benefit needs totalUses' },
      { path: 'types[0].benefits[1].frequency', message: 'a guest-pass benefit needs a frequency' },
    ]);
    expect(problems(demo.replace(gymPasses, gymPasses.replace('guest-pass', 'voucher')))).toEqual([
      { path: 'types[0].benefits[1].kind', message: 'must be booking or guest-pass' },
    ]);
    expect(problems(demo.replace(gymPasses, `${gymPasses}\n      - ${gymPasses}`))).toEqual([
      { path: 'types[0].benefits', message: 'at most one benefit is of kind guest-pass' },
    ]);
  });
});
