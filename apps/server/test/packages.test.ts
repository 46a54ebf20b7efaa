import type { CartBookingItem } from '@lido/contracts/activity-answers';
import type { HeldPackage } from '@lido/contracts/account';
import type { Cart } from '@lido/contracts/cart';
import type { CartPackageItem, PackageForSale } from '@lido/contracts/packages';
import { addDays, todayIn } from '@lido/pricing/calendar-date';
import { packageExpiresOn } from '@lido/pricing/package-validity';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartBookingLines, customerPackages, packageUses } from '../src/db/schema.ts';
import { createActivity, createSession, tomorrowAt } from './support/activity-factories.ts';
import { apiClient } from './support/api.ts';
import { createCustomer, heldMembership, type TestCustomer, venueBySlug } from './support/factories.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';
import { packageGoneMessage, spendPackageUses } from '../src/modules/packages/package-completion.ts';

const bookingLines = (cart: Cart) =>
  cart.items.filter((item): item is CartBookingItem => item.type === 'booking');
const today = () => todayIn('Europe/London', new Date());

/** Issue 18 item 2: packages sold through the basket and spent on bookings (decision 0049). */
describe('packages', () => {
  let t: TestApp;
  const api = apiClient(() => t, siteHost.bookings);
  const account = apiClient(() => t, siteHost.myAccount);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  /** A package held by the customer at Castlefield covering the category (swimming unless told). */
  async function givePackage(
    customer: TestCustomer,
    options: { remaining?: number; expiresOn?: string; categories?: string[] } = {},
  ) {
    const venue = await venueBySlug(t, 'castlefield-leisure-centre');
    const [row] = await t.database.db
      .insert(customerPackages)
      .values({
        customerId: customer.id,
        venueId: venue.id,
        name: '10-swim card',
        totalUses: 10,
        remainingUses: options.remaining ?? 10,
        expiresOn: options.expiresOn ?? addDays(today(), 60),
        covers: { categories: options.categories ?? ['swimming'], activities: [] },
      })
      .returning();
    return row!;
  }
  const remaining = async (packageId: number) =>
    (
      await t.database.db
        .select({ left: customerPackages.remainingUses })
        .from(customerPackages)
        .where(eq(customerPackages.id, packageId))
    )[0]!.left;
  const usesOf = (packageId: number) =>
    t.database.db
      .select({ status: packageUses.status, bookingId: packageUses.bookingId })
      .from(packageUses)
      .where(eq(packageUses.customerPackageId, packageId));

  /** A swim (the demo's swimming category) at Castlefield, £6.50 for an adult. */
  async function swim(startsAt = tomorrowAt(18)) {
    const activity = await createActivity(t, { name: 'Public swim', categoryKey: 'swimming' });
    const session = await createSession(t, activity, { startsAt, capacity: 30 });
    return { session, price: activity.price('adult') };
  }
  const removeUsage = (customer: TestCustomer, lineId: number) =>
    api.as(customer).delete<Cart>(`/api/activities/package/remove/${lineId}`);

  it('sells the catalogue’s packages at the centres that sell them', async () => {
    const onSale = await api.guest.get<PackageForSale[]>(
      '/api/activities/venues/castlefield-leisure-centre/packages',
    );
    expect(onSale.status).toBe(200);
    expect(onSale.data.map((p) => [p.name, p.uses, p.validMonths, p.covers, p.price.formatted])).toEqual([
      ['10-swim card', 10, 3, 'Swimming', '£45.00'],
      ['5-class pass', 5, 2, 'Fitness classes', '£27.50'],
    ]);
    const none = await api.guest.get<PackageForSale[]>(
      '/api/activities/venues/wensum-racquets-centre/packages',
    );
    expect(none.data).toEqual([]);
  });

  it('buys a package through the basket: one package with all its uses, however often checkout completes', async () => {
    const customer = await createCustomer(t, { creditBalancePence: 4500 });
    const castlefield = await venueBySlug(t, 'castlefield-leisure-centre');
    const [card] = (
      await api.guest.get<PackageForSale[]>('/api/activities/venues/castlefield-leisure-centre/packages')
    ).data;
    // Not sold at a racquets centre: refused, and no basket line.
    const wensum = await venueBySlug(t, 'wensum-racquets-centre');
    const refused = await api.as(customer).post<Cart>('/api/cart/add', {
      items: [{ id: card!.id, type: 'package', options: { venue_id: wensum.id } }],
    });
    expect(refused).toMatchObject({
      status: 422,
      errors: { items: ['This package is not on sale at this centre.'] },
    });
    expect((await api.as(customer).cart()).data.items).toEqual([]);

    const added = await api.as(customer).post<Cart>('/api/cart/add', {
      items: [{ id: card!.id, type: 'package', options: { venue_id: castlefield.id } }],
    });
    expect(added.status).toBe(200);
    const line = added.data.items[0] as CartPackageItem;
    expect(line).toMatchObject({
      type: 'package',
      name: '10-swim card',
      description: '10 uses, valid 3 months from purchase: Swimming',
      venue: { name: 'Castlefield Leisure Centre' },
      price: { formatted: '£45.00' },
    });
    expect(added.data.totals.total).toBe(4500);

    const pay = { source: 'bookings', payments: [{ tender_type: 'credit', amount: 4500 }] };
    const [first, second] = await Promise.all([
      api.as(customer).post<{ orderId: number }>('/api/checkout/complete', pay),
      api.as(customer).post<{ orderId: number }>('/api/checkout/complete', pay),
    ]);
    expect(first!.status).toBe(200);
    expect(second!.data.orderId).toBe(first!.data.orderId);
    const again = await api.as(customer).post<{ orderId: number }>('/api/checkout/complete', pay);
    expect(again.data?.orderId ?? first!.data.orderId).toBe(first!.data.orderId);

    const held = await account.as(customer).get<HeldPackage[]>('/api/my-account/packages');
    expect(held.data).toHaveLength(1);
    expect(held.data[0]).toMatchObject({
      name: '10-swim card',
      venueName: 'Castlefield Leisure Centre',
      totalUses: 10,
      remainingUses: 10,
      expiresOn: packageExpiresOn(today(), 3),
      expired: false,
      covers: 'Swimming',
      history: [],
    });
    const [{ credit }] = (await t.database.query<{ credit: number }>(
      'SELECT coalesce((SELECT balance_pence FROM account_credit_balances WHERE customer_id = $1), 0) AS credit',
      [customer.id],
    )) as [{ credit: number }];
    expect(credit).toBe(0);
  });

  it('pays for a covered booking with a use, names the package and its uses left, and takes it off on request', async () => {
    const customer = await createCustomer(t);
    const pack = await givePackage(customer, { remaining: 4 });
    const { session, price } = await swim();
    const added = await api.as(customer).book(session.id, price.id);
    const [line] = bookingLines(added.data);
    expect(line).toMatchObject({
      price: { formatted: '£0.00' },
      unitPrice: { formatted: '£6.50' },
      packageUsage: { customerPackageId: pack.id, name: '10-swim card', usesLeft: 3 },
    });
    expect(added.data.totals.total).toBe(0);
    expect(await remaining(pack.id)).toBe(3);

    // A class is not a swim: it is paid for.
    const spin = await createActivity(t, { name: 'Spin', categoryKey: 'fitness-classes' });
    const spinSession = await createSession(t, spin);
    const withSpin = await api.as(customer).book(spinSession.id, spin.price('adult').id);
    expect(bookingLines(withSpin.data)[1]).toMatchObject({
      packageUsage: null,
      price: { formatted: '£6.50' },
    });

    const removed = await removeUsage(customer, line!.id);
    expect(removed.status).toBe(200);
    expect(bookingLines(removed.data)[0]).toMatchObject({
      packageUsage: null,
      price: { formatted: '£6.50' },
    });
    expect(removed.data.totals.total).toBe(1300);
    expect(await remaining(pack.id)).toBe(4);
    // Nothing left to take off: refused, nothing changes.
    const twice = await removeUsage(customer, line!.id);
    expect(twice).toMatchObject({
      status: 422,
      errors: { cartItemId: ['This item has no package usage applied.'] },
    });
    expect(await remaining(pack.id)).toBe(4);
    // Removing the line itself gives nothing back twice either.
    await api.as(customer).removeFromCart([line!.id]);
    expect(await remaining(pack.id)).toBe(4);
  });

  it('lets a covering benefit pay first and the package only when none does; both count as membership credit and both come back on cancelling', async () => {
    // A Gym Anytime member whose type has one free swim a month, holding a swim package too.
    const activity = await createActivity(t, { name: 'Public swim', prices: { adult: 520, member: 260 } });
    await t.database.query(
      `INSERT INTO membership_benefits (membership_type_id, position, name, total_uses, frequency, covers, discount_percent)
       SELECT id, 900, 'One swim a month', 1, 'month', $1::jsonb, 100 FROM membership_types WHERE slug = 'gym-anytime'`,
      [JSON.stringify({ categories: [activity.category.key] })],
    );
    const member = await createCustomer(t, { homeVenueSlug: 'castlefield-leisure-centre' });
    const membershipId = await heldMembership(t, member, {
      slug: 'gym-anytime',
      optionKey: 'monthly',
      startDate: '2026-03-01',
      billingDay: 15,
    });
    const pack = await givePackage(member, { remaining: 5, categories: [activity.category.key] });
    const memberPrice = activity.price('member').id;
    const first = await api.as(member).book((await createSession(t, activity)).id, memberPrice);
    expect(bookingLines(first.data)[0]).toMatchObject({
      price: { raw: { amount: 0 } },
      benefit: { name: 'One swim a month' },
      packageUsage: null,
    });
    expect(await remaining(pack.id)).toBe(5);

    // The month's benefit is used: the package pays for the next swim.
    const second = await api.as(member).book((await createSession(t, activity)).id, memberPrice);
    const [, packageLine] = bookingLines(second.data);
    expect(packageLine).toMatchObject({
      price: { raw: { amount: 0 } },
      benefit: null,
      packageUsage: { customerPackageId: pack.id, usesLeft: 4 },
    });
    expect(second.data.credits.membership).toEqual({
      type: 'membership',
      totalAvailable: 520,
      maxApplicable: 520,
    });

    // Taken off, the package is still offered as credit it could pay.
    const removed = await removeUsage(member, packageLine!.id);
    expect(removed.data.totals.total).toBe(260);
    expect(removed.data.credits.membership).toEqual({
      type: 'membership',
      totalAvailable: 520,
      maxApplicable: 260,
    });
    await api.as(member).removeFromCart([packageLine!.id]);
    await api.as(member).book((await createSession(t, activity)).id, memberPrice);

    const done = await api
      .as(member)
      .post<{ orderId: number }>('/api/checkout/complete', { source: 'bookings' });
    expect(done.status).toBe(200);
    const bookings = await t.database.query<{
      id: number;
      price_pence: number;
      benefit_use_id: number | null;
    }>('SELECT id, price_pence, benefit_use_id FROM customer_bookings WHERE order_id = $1 ORDER BY id', [
      done.data.orderId,
    ]);
    expect(bookings.map((row) => [row.price_pence, row.benefit_use_id !== null])).toEqual([
      [0, true],
      [0, false],
    ]);
    expect(await usesOf(pack.id)).toEqual(
      expect.arrayContaining([
        { status: 'removed', bookingId: null },
        { status: 'spent', bookingId: bookings[1]!.id },
      ]),
    );
    expect(await remaining(pack.id)).toBe(4);
    const benefitUsed = async () =>
      (
        await t.database.query<{ used: number }>(
          'SELECT coalesce(sum(used), 0)::int AS used FROM benefit_use_counts WHERE customer_membership_id = $1',
          [membershipId],
        )
      )[0]!.used;
    expect(await benefitUsed()).toBe(1);
    for (const booking of bookings)
      expect((await account.as(member).post(`/api/my-account/bookings/${booking.id}/cancel`)).status).toBe(
        200,
      );
    expect(await benefitUsed()).toBe(0);
    expect(await remaining(pack.id)).toBe(5);
  });

  it('takes a use for every place when a package-paid line gets more places, or pays when too few are left', async () => {
    const customer = await createCustomer(t);
    const pack = await givePackage(customer, { remaining: 3 });
    const { session, price } = await swim();
    const [line] = bookingLines((await api.as(customer).book(session.id, price.id)).data);
    const two = await api.as(customer).updateCartItem(line!.id, { quantity: 2 });
    expect(bookingLines(two.data)[0]).toMatchObject({
      packageUsage: { usesLeft: 1 },
      price: { formatted: '£0.00' },
    });
    expect(await remaining(pack.id)).toBe(1);
    const four = await api.as(customer).updateCartItem(line!.id, { quantity: 4 });
    expect(bookingLines(four.data)[0]).toMatchObject({ packageUsage: null, price: { formatted: '£26.00' } });
    expect(await remaining(pack.id)).toBe(3);
    // A line that pays its price keeps paying on later changes (it may be the customer's choice).
    const one = await api.as(customer).updateCartItem(line!.id, { quantity: 1 });
    expect(bookingLines(one.data)[0]).toMatchObject({ packageUsage: null, price: { formatted: '£6.50' } });
    expect(await remaining(pack.id)).toBe(3);
  });

  it('gives the last use to exactly one of 20 concurrent adds; the others are paid for', async () => {
    const customer = await createCustomer(t);
    const pack = await givePackage(customer, { remaining: 1 });
    const swims = [];
    for (let i = 0; i < 20; i += 1)
      swims.push(await swim(new Date(tomorrowAt(6).getTime() + i * 60 * 60_000)));
    const answers = await Promise.all(
      swims.map(({ session, price }) => api.as(customer).book(session.id, price.id)),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const cart = (await api.as(customer).cart()).data;
    const lines = bookingLines(cart);
    expect(lines).toHaveLength(20);
    expect(lines.filter((l) => l.packageUsage !== null)).toHaveLength(1);
    expect(cart.totals.total).toBe(19 * 650);
    expect(await remaining(pack.id)).toBe(0);
    expect((await usesOf(pack.id)).map((use) => use.status)).toEqual(['held']);
  });

  it('does not pay for a session after the package’s last day, nor with no uses left', async () => {
    const customer = await createCustomer(t);
    const lastDay = todayIn('Europe/London', new Date());
    const expiring = await givePackage(customer, { expiresOn: lastDay });
    const { session, price } = await swim(new Date(Date.now() + 2 * 86_400_000));
    const added = await api.as(customer).book(session.id, price.id);
    expect(bookingLines(added.data)[0]).toMatchObject({ packageUsage: null, price: { formatted: '£6.50' } });
    expect(await remaining(expiring.id)).toBe(10);

    const other = await createCustomer(t);
    const empty = await givePackage(other, { remaining: 0 });
    const tomorrow = await swim();
    const paid = await api.as(other).book(tomorrow.session.id, tomorrow.price.id);
    expect(bookingLines(paid.data)[0]).toMatchObject({ packageUsage: null });
    expect(await remaining(empty.id)).toBe(0);
  });

  it('gives a held use back when the hold lapses', async () => {
    const customer = await createCustomer(t);
    const pack = await givePackage(customer, { remaining: 2 });
    const { session, price } = await swim();
    const [line] = bookingLines((await api.as(customer).book(session.id, price.id)).data);
    expect(await remaining(pack.id)).toBe(1);
    await t.database.db
      .update(cartBookingLines)
      .set({ heldUntil: sql`now() - interval '1 minute'` })
      .where(eq(cartBookingLines.id, line!.id));
    const after = await api.as(customer).cart();
    expect(after.data.expiredItems?.map((item) => item.id)).toEqual([line!.id]);
    expect(await remaining(pack.id)).toBe(2);
    expect((await usesOf(pack.id)).map((use) => use.status)).toEqual(['lapsed']);
  });

  it('spends the use on the booking at checkout (zero total); cancelling gives it back once', async () => {
    const customer = await createCustomer(t);
    const pack = await givePackage(customer, { remaining: 3 });
    const { session, price } = await swim();
    await api.as(customer).book(session.id, price.id);
    const done = await api
      .as(customer)
      .post<{ orderId: number }>('/api/checkout/complete', { source: 'bookings' });
    expect(done.status).toBe(200);
    const [booking] = await t.database.query<{ id: number; price_pence: number }>(
      'SELECT id, price_pence FROM customer_bookings WHERE order_id = $1',
      [done.data.orderId],
    );
    expect(booking!.price_pence).toBe(0);
    expect(await usesOf(pack.id)).toEqual([{ status: 'spent', bookingId: booking!.id }]);
    expect(await remaining(pack.id)).toBe(2);
    const before = (await account.as(customer).get<HeldPackage[]>('/api/my-account/packages')).data[0]!;
    expect(before.history.map((use) => [use.activityName, use.statusText])).toEqual([
      ['Public swim', 'Used for this booking'],
    ]);

    const cancel = () => account.as(customer).post(`/api/my-account/bookings/${booking!.id}/cancel`);
    expect((await cancel()).status).toBe(200);
    expect(await remaining(pack.id)).toBe(3);
    expect((await cancel()).status).toBe(409);
    expect(await remaining(pack.id)).toBe(3);
    const after = (await account.as(customer).get<HeldPackage[]>('/api/my-account/packages')).data[0]!;
    expect(after.history.map((use) => use.statusText)).toEqual(['Booking cancelled: the use was given back']);
  });

  it('takes a use again for a paid line whose hold lapsed, or refuses the order when none is left', async () => {
    const customer = await createCustomer(t, { creditBalancePence: 650 });
    const { session, price } = await swim();
    await api.as(customer).book(session.id, price.id);
    const done = await api.as(customer).post<{ orderId: number }>('/api/checkout/complete', {
      source: 'bookings',
      payments: [{ tender_type: 'credit', amount: 650 }],
    });
    const [booking] = await t.database.query<{ id: number }>(
      'SELECT id FROM customer_bookings WHERE order_id = $1',
      [done.data.orderId],
    );
    // What a card payment recorded of a line paid by a package, as `buyBookings` meets it released.
    const released = (packageId: number) => ({
      held: [],
      released: [
        {
          id: 1,
          sessionId: session.id,
          priceId: price.id,
          purchasedForCustomerId: customer.id,
          quantity: 1,
          unitPricePence: 650,
          amountPence: 0,
          waiverAcceptedAt: null,
          packageId,
        },
      ],
    });
    const changed = (message?: string) => new Error(message);
    const empty = await givePackage(customer, { remaining: 0 });
    await expect(
      t.database.db.transaction((tx) =>
        spendPackageUses(tx, released(empty.id), [booking!.id], { timeZone: 'Europe/London', changed }),
      ),
    ).rejects.toThrow(packageGoneMessage);
    const pack = await givePackage(customer, { remaining: 1 });
    await t.database.db.transaction((tx) =>
      spendPackageUses(tx, released(pack.id), [booking!.id], { timeZone: 'Europe/London', changed }),
    );
    expect(await remaining(pack.id)).toBe(0);
    expect(await usesOf(pack.id)).toEqual([{ status: 'spent', bookingId: booking!.id }]);
  });

  it('keeps the use when a booking is cancelled after the package expired', async () => {
    const customer = await createCustomer(t);
    const pack = await givePackage(customer, { remaining: 3 });
    const { session, price } = await swim();
    await api.as(customer).book(session.id, price.id);
    const done = await api
      .as(customer)
      .post<{ orderId: number }>('/api/checkout/complete', { source: 'bookings' });
    const [booking] = await t.database.query<{ id: number }>(
      'SELECT id FROM customer_bookings WHERE order_id = $1',
      [done.data.orderId],
    );
    await t.database.db
      .update(customerPackages)
      .set({ expiresOn: addDays(today(), -1) })
      .where(eq(customerPackages.id, pack.id));
    expect((await account.as(customer).post(`/api/my-account/bookings/${booking!.id}/cancel`)).status).toBe(
      200,
    );
    expect(await remaining(pack.id)).toBe(2);
    expect((await usesOf(pack.id)).map((use) => use.status)).toEqual(['kept']);
  });

  it('never lets anyone read or spend another customer’s package, or take it off their line', async () => {
    const owner = await createCustomer(t);
    const other = await createCustomer(t);
    const pack = await givePackage(owner, { remaining: 5 });
    const { session, price } = await swim();
    const [ownerLine] = bookingLines((await api.as(owner).book(session.id, price.id)).data);
    expect(ownerLine!.packageUsage).not.toBeNull();

    expect((await account.as(other).get<HeldPackage[]>('/api/my-account/packages')).data).toEqual([]);
    const theirs = await api.as(other).book(session.id, price.id);
    expect(bookingLines(theirs.data)[0]).toMatchObject({ packageUsage: null, price: { formatted: '£6.50' } });
    const stolen = await removeUsage(other, ownerLine!.id);
    expect(stolen.status).toBe(404);
    expect(await remaining(pack.id)).toBe(4);
    expect(bookingLines((await api.as(owner).cart()).data)[0]!.packageUsage).not.toBeNull();
    // Buying for someone else is refused until family accounts exist.
    const castlefield = await venueBySlug(t, 'castlefield-leisure-centre');
    const forOwner = await api.as(other).post<Cart>('/api/cart/add', {
      items: [
        { id: 1, type: 'package', purchased_for_user_id: owner.id, options: { venue_id: castlefield.id } },
      ],
    });
    expect(forOwner.status).toBe(404);
  });
});
