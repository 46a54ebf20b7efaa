import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { customerMemberships, membershipEvents } from '../src/db/schema.ts';
import { demoCataloguePath } from '../src/db/seed/seed-demo.ts';
import { importCatalogue } from '../src/modules/catalogue/catalogue-import.ts';
import { apiClient } from './support/api.ts';
import { collectionsOf, memberPayingByDirectDebit } from './support/direct-debit-member.ts';
import { createCustomer, heldMembership } from './support/factories.ts';
import { startTestGoCardless, type TestGoCardless } from './support/gocardless-sandbox.ts';
import { createTestApp, loginCookie, siteHost, type TestApp } from './support/test-app.ts';

// Gym Anytime, monthly at £30.00, is the first option of its kind in the demo catalogue.
const demoSource = fs.readFileSync(demoCataloguePath, 'utf8');
const gymMonthly = '- { key: monthly, paymentType: recurring, pricePence: 3000, joiningFeePence: 2000 }';

/** The demo catalogue with Gym Anytime's monthly price changing, and the notice days if given. */
function withPriceChange(pricePence: number, effectiveFrom: string, noticeDays?: number): string {
  let source = demoSource.replace(
    gymMonthly,
    gymMonthly.replace(
      ' }',
      `, priceChange: { pricePence: ${pricePence}, effectiveFrom: '${effectiveFrom}' } }`,
    ),
  );
  if (noticeDays !== undefined)
    source = source.replace('priceChangeNoticeDays: 30', `priceChangeNoticeDays: ${noticeDays}`);
  return source;
}

let clock = '2026-11-23T10:00:00Z';
let t: TestApp | undefined;
let gc: TestGoCardless | undefined;
afterEach(async () => {
  await t?.close();
  await gc?.close();
  t = gc = undefined;
});

const importAt = (source: string) => importCatalogue(t!.database.db, 1, source, { now: new Date(clock) });
const run = () => t!.services().priceChangeNotices.run();
const noticesTo = async (email: string) =>
  (await t!.services().email.list()).filter(
    (message) => message.to === email && message.subject.endsWith('membership price is changing'),
  );
const events = (membershipId: number) =>
  t!.database.db
    .select()
    .from(membershipEvents)
    .where(eq(membershipEvents.customerMembershipId, membershipId));

/** A monthly member (Gym Anytime, £30.00, unless told) paying on `billingDay`, no collection made yet. */
async function gymMemberPayingOn(billingDay: number, slug = 'gym-anytime') {
  const member = await createCustomer(t!, { hasDirectDebitInstruction: true, billingDay });
  const gym = await heldMembership(t!, member, {
    slug,
    optionKey: 'monthly',
    startDate: '2026-03-01',
    billingDay,
  });
  return { member, gym };
}

async function firstBillingDateNoticed(email: string): Promise<string | undefined> {
  const [notice] = await noticesTo(email);
  return /Your first Direct Debit at the new price is on (.+?)\./.exec(notice?.text ?? '')?.[1];
}

// Each test starts an app: slow on a busy two-core machine.
describe('a price change for members holding a membership', { timeout: 180_000 }, () => {
  it('is refused at import unless the notice can be given, with the earliest date and the line', async () => {
    clock = '2026-11-23T10:00:00Z';
    t = await createTestApp({ now: () => new Date(clock) });
    const line = demoSource.split('\n').findIndex((text) => text.includes(gymMonthly)) + 1;
    expect(await importAt(withPriceChange(3300, '2026-12-22'))).toEqual({
      ok: false,
      problems: [
        {
          path: 'types[0].paymentOptions[0].priceChange.effectiveFrom',
          line,
          message:
            'must be 2026-12-23 or later: members are told 30 days ahead (and at least 10 working days, for Direct Debit), counted from today, 23 Nov 2026',
        },
      ],
    });
    // Over Christmas with 14 days' notice, bank holidays count: 7 January, not 4 January.
    clock = '2026-12-21T10:00:00Z';
    const christmas = await importAt(withPriceChange(3300, '2027-01-06', 14));
    expect(christmas.ok ? [] : christmas.problems.map((problem) => problem.message)).toEqual([
      expect.stringMatching(/^must be 2027-01-07 or later: members are told 14 days ahead/),
    ]);
    // A single payment option has no price change to give notice of.
    const fixed = await importAt(
      demoSource.replace(
        'joiningFeePence: 0,',
        "joiningFeePence: 0, priceChange: { pricePence: 1, effectiveFrom: '2028-01-01' },",
      ),
    );
    expect(fixed.ok ? [] : fixed.problems.map((problem) => problem.message)).toContain(
      'only a recurring option has a price change: change pricePence for new members',
    );
  });

  it('tells each member once under two job runs at once, then collects the new price from the date the notice allows', async () => {
    clock = '2026-11-23T10:00:00Z';
    gc = await startTestGoCardless({ now: () => Date.parse(clock) });
    t = await createTestApp({
      now: () => new Date(clock),
      directDebitProvider: { name: 'sandbox', client: gc.client },
    });
    const api = apiClient(t, siteHost.myAccount);
    const { member, gym } = await memberPayingByDirectDebit(t, gc, '2026-12-15');
    await t.services().directDebit.settle();
    expect(await importAt(withPriceChange(3300, '2026-12-23'))).toMatchObject({ ok: true });

    // Two instances at once, then the next minute's run: one notice, one event.
    await Promise.all([run(), run()]);
    await run();
    const sent = await noticesTo(member.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Your Gym Anytime membership price is changing');
    expect(sent[0]!.text).toContain('is changing from £30.00 to £33.00 a month.');
    // Paying on the 15th, the first collection on or after 23 December is 15 January.
    expect(sent[0]!.text).toContain('Your first Direct Debit at the new price is on 15 Jan 2027.');
    expect((await events(gym)).map((event) => event.kind)).toEqual(['price_change_notified']);

    const card = async () =>
      ((await api.as(member).heldMemberships()).data.find((row) => row.id === gym) as unknown as {
        price: { formatted: string };
        priceChange: { price: { formatted: string }; prettyFirstDate: string } | null;
      })!;
    expect(await card()).toMatchObject({
      price: { formatted: '£30.00' },
      priceChange: { price: { formatted: '£33.00' }, prettyFirstDate: '15 Jan 2027' },
    });
    const history = await api
      .as(member)
      .get<{ entries: { title: string; detail: string | null }[] }>(
        `/api/my-account/memberships/${gym}/timeline`,
      );
    expect(history.data.entries).toContainEqual(
      expect.objectContaining({
        title: 'Price change notice sent',
        detail: '£30.00 to £33.00 a month from 15 Jan 2027',
      }),
    );

    // December's collection was requested at the old price; January's is made at the new one.
    clock = '2027-01-02T10:00:00Z';
    await t.services().directDebit.settle();
    expect((await collectionsOf(t, gym)).map((row) => [row.billingDate, row.amountPence])).toEqual([
      ['2026-12-15', 3000],
      ['2027-01-15', 3300],
    ]);

    // On 15 January the new price is the membership's, once, and the card's notice goes.
    clock = '2027-01-15T10:00:00Z';
    await Promise.all([run(), run()]);
    const [row] = await t.database.db
      .select()
      .from(customerMemberships)
      .where(eq(customerMemberships.id, gym));
    expect(row!.pricePence).toBe(3300);
    expect((await events(gym)).map((event) => event.kind)).toEqual([
      'price_change_notified',
      'price_changed',
    ]);
    // (Weeks later, the member logs in again.)
    member.cookie = await loginCookie(t, member.reference);
    expect(await card()).toMatchObject({ price: { formatted: '£33.00' }, priceChange: null });
    // February is made at the new price too, and the same file imports again after the date.
    clock = '2027-02-02T10:00:00Z';
    await t.services().directDebit.settle();
    expect((await collectionsOf(t, gym)).at(-1)).toMatchObject({
      billingDate: '2027-02-15',
      amountPence: 3300,
    });
    expect(await importAt(withPriceChange(3300, '2026-12-23'))).toMatchObject({ ok: true });
  });

  it('reprices a collection already requested for the first date at the new price, the provider called once each', async () => {
    // With the shortest notice (10 days, so Bacs' 10 working days rule) from Monday 30 November,
    // the change may start Monday 14 December: the day a member's collection was just requested for.
    clock = '2026-11-30T10:00:00Z';
    gc = await startTestGoCardless({ now: () => Date.parse(clock) });
    t = await createTestApp({
      now: () => new Date(clock),
      directDebitProvider: { name: 'sandbox', client: gc.client },
    });
    const { member, gym } = await memberPayingByDirectDebit(t, gc, '2026-12-14');
    await t.services().directDebit.settle();
    const [requested] = await collectionsOf(t, gym);
    expect(requested).toMatchObject({ amountPence: 3000, status: 'pending_submission' });
    expect(await importAt(withPriceChange(3300, '2026-12-14', 10))).toMatchObject({ ok: true });
    await run();
    expect(await firstBillingDateNoticed(member.email)).toBe('14 Dec 2026');
    await t.services().directDebit.settle();
    await t.services().directDebit.settle();
    expect(
      (await collectionsOf(t, gym)).map((row) => [row.billingDate, row.amountPence, row.status]),
    ).toEqual([
      ['2026-12-14', 3000, 'cancelled'],
      ['2026-12-14', 3300, 'pending_submission'],
    ]);
    expect(gc.sandbox.engine.counts()).toMatchObject({ payments: 2 });
    expect((await gc.client.getPayment(requested!.paymentId!)).status).toBe('cancelled');
  });

  it('moves the change for a member told late to the first collection that respects the notice', async () => {
    clock = '2026-11-23T10:00:00Z';
    t = await createTestApp({ now: () => new Date(clock) });
    const onTime = await gymMemberPayingOn(24);
    expect(await importAt(withPriceChange(3300, '2026-12-23'))).toMatchObject({ ok: true });
    await run();
    expect(await firstBillingDateNoticed(onTime.member.email)).toBe('24 Dec 2026');

    // Someone paying on the 24th too, told only on Friday 27 November: 30 days is 27 December.
    const late = await gymMemberPayingOn(24);
    clock = '2026-11-27T10:00:00Z';
    await run();
    expect(await firstBillingDateNoticed(late.member.email)).toBe('24 Jan 2027');
    // Cancelling now, the member told on time is shown their last collection at the new price.
    const api = apiClient(t, siteHost.myAccount);
    onTime.member.cookie = await loginCookie(t, onTime.member.reference);
    const terms = await api
      .as(onTime.member)
      .get<{ lastCollection: { prettyDate: string; amount: { formatted: string } } }>(
        `/api/my-account/memberships/${onTime.gym}/cancellation`,
      );
    expect(terms.data.lastCollection).toMatchObject({
      prettyDate: '24 Dec 2026',
      amount: { formatted: '£33.00' },
    });
    // A member told of a change cannot have it taken back or moved before it is in effect.
    const withdrawn = await importAt(demoSource);
    expect(withdrawn.ok ? [] : withdrawn.problems.map((problem) => problem.message)).toEqual([
      expect.stringMatching(
        /^\d+ members were told that gym-anytime \(monthly\) changes to £33.00 from 23 Dec 2026/,
      ),
    ]);
  });

  it('counts the Bacs working days over a weekend and the Christmas bank holidays', async () => {
    clock = '2026-11-27T10:00:00Z';
    t = await createTestApp({ now: () => new Date(clock) });
    // 14 days' notice from Friday 27 November allows Friday 11 December.
    expect(await importAt(withPriceChange(3300, '2026-12-11', 14))).toMatchObject({ ok: true });
    const weekend = await gymMemberPayingOn(11);
    // Told on Saturday 28th: 10 working days from Monday 30th is Monday 14 December, past the 11th.
    clock = '2026-11-28T10:00:00Z';
    await run();
    expect(await firstBillingDateNoticed(weekend.member.email)).toBe('11 Jan 2027');

    // Christmas: Swim Unlimited (£22.00) to £24.00 from 7 January, imported on Monday 21
    // December with 14 days' notice, just in time: 10 working days skip the 25th, the 28th and
    // 1 January. A member told that day pays it on the 7th; one told a day late, on 7 February.
    clock = '2026-12-21T10:00:00Z';
    const christmasSource = withPriceChange(3300, '2026-12-11', 14).replace(
      'pricePence: 2200, joiningFeePence: 1000 }',
      "pricePence: 2200, joiningFeePence: 1000, priceChange: { pricePence: 2400, effectiveFrom: '2027-01-07' } }",
    );
    const onTime = await gymMemberPayingOn(7, 'swim-unlimited');
    expect(await importAt(christmasSource)).toMatchObject({ ok: true });
    await run();
    expect(await firstBillingDateNoticed(onTime.member.email)).toBe('07 Jan 2027');
    const late = await gymMemberPayingOn(7, 'swim-unlimited');
    clock = '2026-12-22T10:00:00Z';
    await run();
    expect(await firstBillingDateNoticed(late.member.email)).toBe('07 Feb 2027');
    expect((await noticesTo(late.member.email))[0]!.text).toContain('from £22.00 to £24.00 a month');
  });
});
