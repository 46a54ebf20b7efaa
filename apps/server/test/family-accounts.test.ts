import type { Bookings, HeldMembership } from '@lido/contracts/account';
import type { CartBookingItem } from '@lido/contracts/activities';
import type { Cart } from '@lido/contracts/cart';
import type { Family, FamilyChanged } from '@lido/contracts/family';
import type { MembershipType } from '@lido/contracts/membership';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivity, createSession, sessionCounts, tomorrowAt } from './support/activity-factories.ts';
import { apiClient } from './support/api.ts';
import { catalogueAt, createCustomer, heldMembership, type TestCustomer } from './support/factories.ts';
import { createTestApp, loginCookie, siteHost, type TestApp } from './support/test-app.ts';
import { itemNotFoundMessage } from '../src/modules/operator/current-operator.ts';

/** A date of birth making someone `years` old (and a few months) tomorrow. */
function bornYearsAgo(years: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCMonth(date.getUTCMonth() - 3);
  return date.toISOString().slice(0, 10);
}

/** Issue 18 item 4: family accounts (decision 0051). */
describe('family accounts', () => {
  let t: TestApp;
  const account = apiClient(() => t, siteHost.myAccount);
  const bookings = apiClient(() => t, siteHost.bookings);
  const joining = apiClient(() => t, siteHost.onlineJoining);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const family = (customer: TestCustomer) => account.as(customer).get<Family>('/api/my-account/family');
  const addDependant = async (customer: TestCustomer, body: Record<string, unknown>) => {
    const added = await account.as(customer).post<FamilyChanged>('/api/my-account/family', body);
    expect(added.status).toBe(201);
    return added.data.family.find((member) => member.firstName === body.first_name)!;
  };
  const child = (years: number, firstName = 'Lily') => ({
    first_name: firstName,
    last_name: 'Tester',
    date_of_birth: bornYearsAgo(years),
    relationship: 'child',
  });

  it('adds, lists, changes and removes a dependant, refusing bad details with nothing changed', async () => {
    const parent = await createCustomer(t);
    expect((await family(parent)).data).toEqual([]);

    const future = await account.as(parent).post('/api/my-account/family', {
      ...child(5),
      date_of_birth: '2999-01-01',
    });
    expect(future).toMatchObject({ status: 422, message: 'Their date of birth must be in the past.' });
    const nameless = await account
      .as(parent)
      .post('/api/my-account/family', { ...child(5), first_name: ' ' });
    expect(nameless).toMatchObject({ status: 422, errors: { firstName: ['Enter their first name.'] } });
    const who = await account.as(parent).post('/api/my-account/family', { ...child(5), relationship: 'pet' });
    expect(who).toMatchObject({ status: 422, errors: { relationship: ['Choose who they are to you.'] } });
    expect((await family(parent)).data).toEqual([]);

    const lily = await addDependant(parent, child(6));
    expect(lily).toMatchObject({ lastName: 'Tester', relationship: 'child', removable: true });
    const changed = await account.as(parent).put<FamilyChanged>(`/api/my-account/family/${lily.id}`, {
      ...child(6, 'Lilian'),
      relationship: 'child',
    });
    expect(changed.status).toBe(200);
    expect(changed.data.message).toBe('Your family member’s details have been saved.');
    expect(changed.data.family.map((member) => member.firstName)).toEqual(['Lilian']);

    // A dependant has no login of its own: the email they share logs in as the holder only.
    const [shared] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM customers WHERE email = $1',
      [parent.email],
    );
    expect(shared!.n).toBe(2);
    const cookie = await loginCookie(t, parent.email);
    expect((await account.as(cookie).get<{ id: number }>('/api/auth/user')).data.id).toBe(parent.id);

    const removed = await account.as(parent).delete<FamilyChanged>(`/api/my-account/family/${lily.id}`);
    expect(removed.data).toEqual({ family: [], message: 'Your family member has been removed.' });
    expect((await account.as(parent).delete(`/api/my-account/family/${lily.id}`)).status).toBe(404);
  });

  it('answers 404 to every call naming another family’s dependant, and changes nothing', async () => {
    const parent = await createCustomer(t);
    const stranger = await createCustomer(t);
    const theirs = await addDependant(parent, child(6));
    const lesson = await createActivity(t, { name: 'Swim lesson', minAge: 4, maxAge: 7 });
    const session = await createSession(t, lesson, { startsAt: tomorrowAt(16), capacity: 8 });
    const junior = lesson.price('junior');
    const at = await catalogueAt(t);
    const juniorActive = at.item({ slug: 'junior-active', paymentType: 'fixed', startDate: bornYearsAgo(0) });
    const me = bookings.as(stranger);
    const id = theirs.id;

    const calls = [
      () => account.as(stranger).put(`/api/my-account/family/${id}`, child(6, 'Taken')),
      () => account.as(stranger).delete(`/api/my-account/family/${id}`),
      () => me.get(`/api/activities/sessions/${session.id}?selected_user_id=${id}`),
      () => me.get(`/api/memberships/types?venue_id=${at.venue.id}&selected_user_id=${id}`),
      () => me.get(`/api/cart?selected_user_id=${id}`),
      () => me.delete(`/api/cart?selected_user_id=${id}`),
      () =>
        me.post('/api/cart/add', {
          items: [
            { id: session.id, type: 'booking', pricing_option_id: junior.id, purchased_for_user_id: id },
          ],
        }),
      () =>
        me.post('/api/cart/add', {
          items: [{ id: session.id, type: 'booking', pricing_option_id: junior.id }],
          selected_user_id: id,
        }),
      () => me.post('/api/cart/add', { items: [juniorActive], membership_user_id: id }),
      () => me.post('/api/cart/add', { items: [{ ...juniorActive, purchased_for_user_id: id }] }),
      () => me.post(`/api/cart/remove?selected_user_id=${id}`, { cart_item_ids: [1] }),
      () => me.post(`/api/cart/remove?membership_user_id=${id}`, { cart_item_ids: [1] }),
      () => me.delete(`/api/activities/benefit/remove/1?source=bookings&selected_user_id=${id}`),
      () => me.delete(`/api/activities/package/remove/1?source=bookings&selected_user_id=${id}`),
      () =>
        joining.as(stranger).post('/api/memberships/online-joining/store', {
          home_venue_id: at.venue.id,
          membership_type_id: juniorActive.id,
          payment_option_id: juniorActive.pricing_option_id,
          start_date: bornYearsAgo(0),
          membership_user_id: id,
        }),
    ];
    for (const call of calls) {
      const answer = await call();
      expect({ status: answer.status, message: answer.message }).toEqual({
        status: 404,
        message: itemNotFoundMessage,
      });
    }
    expect((await family(parent)).data.map((member) => member.firstName)).toEqual(['Lily']);
    expect((await me.get<Cart>('/api/cart')).data.items).toEqual([]);
    expect(await sessionCounts(t, session.id)).toEqual({ capacity: 8, taken: 0 });
  });

  it('checks age rules and price bands against the attendee, labels the line, and lists the booking for the payer', async () => {
    const parent = await createCustomer(t, { dateOfBirth: '1985-06-01', creditBalancePence: 5000 });
    const lily = await addDependant(parent, child(6));
    const tom = await addDependant(parent, child(9, 'Tom'));
    const lesson = await createActivity(t, { name: 'Stage 1 lesson', minAge: 4, maxAge: 7 });
    const session = await createSession(t, lesson, { startsAt: tomorrowAt(16), capacity: 8 });
    const me = bookings.as(parent);
    const book = (price: { id: number }, forId?: number) =>
      me.post<Cart>('/api/cart/add', {
        items: [
          {
            id: session.id,
            type: 'booking',
            pricing_option_id: price.id,
            ...(forId === undefined ? {} : { purchased_for_user_id: forId }),
          },
        ],
      });

    // The parent is too old; Tom is too old; the junior band is a child's, not the parent's.
    expect((await book(lesson.price('junior'))).message).toBe('This session is for ages 4 to 7.');
    expect((await book(lesson.price('junior'), tom.id)).message).toBe('This session is for ages 4 to 7.');
    expect(await sessionCounts(t, session.id)).toEqual({ capacity: 8, taken: 0 });

    // Without an age limit, the junior band is open to Lily, not to the parent.
    const swim = await createActivity(t, { name: 'Family swim' });
    const swimSession = await createSession(t, swim, { startsAt: tomorrowAt(11), capacity: 20 });
    const swimFor = (forId?: number) =>
      me.post<Cart>('/api/cart/add', {
        items: [{ id: swimSession.id, type: 'booking', pricing_option_id: swim.price('junior').id }],
        ...(forId === undefined ? {} : { selected_user_id: forId }),
      });
    expect((await swimFor()).message).toBe(
      'The Junior price is for attendees under 18 on the day of the session.',
    );
    const swimLine = (await swimFor(lily.id)).data.items.find((item) => item.type === 'booking')!;
    expect(swimLine).toMatchObject({ purchasedForUserId: lily.id });
    await me.post('/api/cart/remove', { cart_item_ids: [swimLine.id] });

    const added = await book(lesson.price('junior'), lily.id);
    expect(added.status).toBe(200);
    const line = added.data.items.find((item): item is CartBookingItem => item.type === 'booking')!;
    expect(line).toMatchObject({ purchasedForUserId: lily.id, purchasedForName: 'Lily Tester' });
    expect(await sessionCounts(t, session.id)).toEqual({ capacity: 8, taken: 1 });

    // While Lily has a place in the basket she cannot be removed from the family.
    const busy = await account.as(parent).delete(`/api/my-account/family/${lily.id}`);
    expect(busy.status).toBe(422);
    expect(busy.message).toContain('upcoming bookings, a membership or items in your basket');

    const done = await me.post<{ orderId: number }>('/api/checkout/complete', {
      source: 'bookings',
      payments: [{ tender_type: 'credit', amount: 400 }],
    });
    expect(done.status).toBe(200);
    const [booking] = await t.database.query<{ customer_id: number; attendee_customer_id: number }>(
      'SELECT customer_id, attendee_customer_id FROM customer_bookings WHERE order_id = $1',
      [done.data.orderId],
    );
    expect(booking).toEqual({ customer_id: parent.id, attendee_customer_id: lily.id });

    const listed = (await account.as(parent).get<Bookings>('/api/my-account/bookings')).data;
    expect(listed.upcoming).toHaveLength(1);
    expect(listed.upcoming[0]).toMatchObject({ activityName: 'Stage 1 lesson', attendeeName: 'Lily Tester' });
    expect((await family(parent)).data.find((member) => member.id === lily.id)?.removable).toBe(false);
    // Another customer cannot see or cancel it; the payer can.
    const stranger = await createCustomer(t);
    const bookingId = listed.upcoming[0]!.id;
    expect((await account.as(stranger).post(`/api/my-account/bookings/${bookingId}/cancel`)).status).toBe(
      404,
    );
    const cancelled = await account.as(parent).post(`/api/my-account/bookings/${bookingId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(await sessionCounts(t, session.id)).toEqual({ capacity: 8, taken: 0 });
  });

  it('lets a parent buy a junior membership for a child, held by the child and listed with their name', async () => {
    const parent = await createCustomer(t, { dateOfBirth: '1985-06-01', creditBalancePence: 1500 });
    const sam = await addDependant(parent, child(14, 'Sam'));
    const at = await catalogueAt(t);
    const today = new Date().toISOString().slice(0, 10);
    const item = at.item({ slug: 'junior-active', paymentType: 'fixed', startDate: today });
    const me = joining.as(parent);

    // For the parent themself the junior membership is refused: eligibility is the member's.
    const own = await me.post<Cart>('/api/cart/add', { items: [item] });
    expect(own.status).toBe(422);
    // The joining page's list, read for Sam, offers it; for a stranger's child it is not found.
    const purchasable = async (query: string) =>
      (await me.get<MembershipType[]>(`/api/memberships/types?venue_id=${at.venue.id}${query}`)).data
        .find((type) => type.slug === 'junior-active')!
        .paymentOptions.some((option) => option.isPurchasable.canPurchase);
    expect(await purchasable('')).toBe(false);
    expect(await purchasable(`&selected_user_id=${sam.id}`)).toBe(true);
    const strangerParent = await createCustomer(t);
    const otherChild = await addDependant(strangerParent, child(14, 'Ella'));
    expect(
      (await me.get(`/api/memberships/types?venue_id=${at.venue.id}&selected_user_id=${otherChild.id}`))
        .status,
    ).toBe(404);

    const added = await me.post<Cart>('/api/cart/add', { items: [item], membership_user_id: sam.id });
    expect(added.status).toBe(200);
    expect(added.data.items[0]).toMatchObject({ purchasedForUserId: sam.id, purchasedForName: 'Sam Tester' });

    const terms = (await me.get<{ data: { id: number }[] }>(`/api/terms?cart_id=${added.data.cartId}`)).data
      .data;
    const done = await me.post<{ orderId: number }>('/api/checkout/complete', {
      source: 'online-joining',
      terms: terms.map((term) => term.id),
      payments: [{ tender_type: 'credit', amount: added.data.totals.total }],
    });
    expect(done.status).toBe(200);
    const [held] = await t.database.query<{ customer_id: number }>(
      'SELECT customer_id FROM customer_memberships WHERE order_id = $1',
      [done.data.orderId],
    );
    expect(held).toEqual({ customer_id: sam.id });

    const listed = (await account.as(parent).get<HeldMembership[]>('/api/my-account/memberships')).data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ name: 'Junior Active', memberName: 'Sam Tester', canFreeze: false });
    // A stranger lists nothing of Sam's.
    const stranger = await createCustomer(t);
    expect((await account.as(stranger).get<HeldMembership[]>('/api/my-account/memberships')).data).toEqual(
      [],
    );
  });

  it('pays for a booking with the attendee’s membership benefit, never the payer’s', async () => {
    const parent = await createCustomer(t, { dateOfBirth: '1985-06-01' });
    const alex = await addDependant(parent, { ...child(35, 'Alex'), relationship: 'partner' });
    const swim = await createActivity(t, { name: 'Lane swim', prices: { adult: 520, member: 260 } });
    await t.database.query(
      `INSERT INTO membership_benefits (membership_type_id, position, name, total_uses, frequency, covers, discount_percent)
       SELECT id, 900, 'Family test swims', 1, 'week', $1::jsonb, 100 FROM membership_types WHERE slug = 'gym-anytime'`,
      [JSON.stringify({ categories: [swim.category.key] })],
    );
    // Alex holds the membership; the parent, who pays, holds none.
    const membershipId = await heldMembership(
      t,
      { ...parent, id: alex.id },
      {
        slug: 'gym-anytime',
        optionKey: 'monthly',
        startDate: '2026-03-01',
        billingDay: 15,
      },
    );
    const me = bookings.as(parent);
    const session = await createSession(t, swim, { startsAt: tomorrowAt(9), capacity: 10 });
    const lineFor = (cart: Cart, forId: number) =>
      cart.items.find(
        (item): item is CartBookingItem => item.type === 'booking' && item.purchasedForUserId === forId,
      )!;

    const forAlex = await me.post<Cart>('/api/cart/add', {
      items: [
        {
          id: session.id,
          type: 'booking',
          pricing_option_id: swim.price('member').id,
          purchased_for_user_id: alex.id,
        },
      ],
    });
    expect(forAlex.status).toBe(200);
    expect(lineFor(forAlex.data, alex.id)).toMatchObject({
      price: { formatted: '£0.00' },
      benefit: { name: 'Family test swims' },
      purchasedForName: 'Alex Tester',
    });
    const [count] = await t.database.query<{ used: number }>(
      'SELECT coalesce(sum(used), 0)::int AS used FROM benefit_use_counts WHERE customer_membership_id = $1',
      [membershipId],
    );
    expect(count!.used).toBe(1);

    // The parent's own place is not a member's: they pay the adult price and no benefit is named.
    const own = await me.book(session.id, swim.price('adult').id);
    expect(own.status).toBe(200);
    expect(lineFor(own.data, parent.id)).toMatchObject({ price: { formatted: '£5.20' }, benefit: null });
  });
});
