import { randomUUID } from 'node:crypto';
import type { CheckIn, MembershipCard } from '@lido/contracts/check-in';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directDebitCollections, directDebitInstructions } from '../src/db/schema.ts';
import {
  createCustomer,
  heldMembership,
  monthlyGymMember,
  type TestCustomer,
  venueBySlug,
} from './support/factories.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

const staffHost = siteHost.frontOfHouse;
const accountHost = siteHost.myAccount;
/** Monday 30 November 2026, 10:00 in London (GMT). */
const now = '2026-11-30T10:00:00Z';

/** Issue 35 item 5, decision 0097: the membership card in My account and check-in at the desk. */
describe('check-in by membership card', () => {
  let t: TestApp;
  /** a second instance on the same database, as a deployment runs two */
  let other: TestApp;
  let desk = '';

  const rows = <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    t.database.query<R>(sql, params);
  const onAccount = (method: 'GET' | 'POST', url: string, cookie: string) =>
    t.app.inject({ method, url, headers: { host: accountHost, origin: `http://${accountHost}`, cookie } });
  const cardOf = async (customer: TestCustomer) => {
    const response = await onAccount('GET', '/api/my-account/membership-card', customer.cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: MembershipCard }>().data;
  };
  const checkIn = (payload: Record<string, unknown>, on: TestApp = t) =>
    on.app.inject({
      method: 'POST',
      url: '/api/staff/check-ins',
      headers: { host: staffHost, origin: `http://${staffHost}`, cookie: desk },
      payload: { scan_id: randomUUID(), ...payload },
    });
  const checkedIn = async (payload: Record<string, unknown>, on: TestApp = t) => {
    const response = await checkIn(payload, on);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: CheckIn }>().data;
  };
  const byCard = async (customer: TestCustomer) => checkedIn({ card: (await cardOf(customer)).qrText });
  /** A place booked for today at Castlefield, `start` and `end` in London's (GMT) clock. */
  const booking = async (customer: TestCustomer, start: string, end: string, activity = 'Aqua fit') => {
    const venue = await venueBySlug(t, 'castlefield-leisure-centre');
    const [row] = await rows<{ id: number }>(
      `INSERT INTO customer_bookings (customer_id, venue_id, activity_name, starts_at, ends_at, status, location_name)
       VALUES ($1, $2, $3, $4, $5, 'booked', 'Main pool') RETURNING id`,
      [customer.id, venue.id, activity, `2026-11-30T${start}:00Z`, `2026-11-30T${end}:00Z`],
    );
    return row!.id;
  };

  beforeAll(async () => {
    t = await createTestApp({ now });
    other = await createTestApp({ now, database: t.database, seed: false });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      headers: { host: staffHost, origin: `http://${staffHost}` },
      payload: { username: 'desk', password: 'Desk-Staff-2026!' },
    });
    desk = String(login.headers['set-cookie']).match(/lido_staffToken=[^;]+/)![0];
  });
  afterAll(async () => {
    await other?.app.close();
    await t?.close();
  });

  it('gives each customer a card with their name, customer ID and home centre, and a code nobody can work out', async () => {
    const { member } = await monthlyGymMember(t, { firstName: 'Carla', lastName: 'Card' });
    const card = await cardOf(member);
    expect(card).toMatchObject({
      name: 'Carla Card',
      customerReference: member.reference,
      homeCentre: 'Castlefield Leisure Centre',
      issued: 'Issued 30 Nov 2026',
    });
    expect(card.qrText).toMatch(/^lido-card:[A-Za-z0-9_-]{22}$/);
    // The same card each time it is shown.
    expect((await cardOf(member)).qrText).toBe(card.qrText);
    // 128 random bits: twenty customers get twenty codes, none of them built from the customer ID.
    const codes = new Set<string>();
    for (let i = 0; i < 20; i += 1) {
      const customer = await createCustomer(t);
      const code = (await cardOf(customer)).qrText.slice('lido-card:'.length);
      expect(code).not.toContain(customer.reference);
      codes.add(code);
    }
    expect(codes.size).toBe(20);
    // The desk cannot read a customer's card (only the customer, in My account).
    const fromDesk = await t.app.inject({
      method: 'GET',
      url: `/api/my-account/membership-card?selected_user_id=${member.id}`,
      headers: { host: staffHost, origin: `http://${staffHost}`, cookie: desk },
    });
    expect(fromDesk.statusCode).toBe(403);
  });

  it('refuses codes that are not a current card: guessed, one character off, a customer ID', async () => {
    const { member } = await monthlyGymMember(t);
    const { qrText } = await cardOf(member);
    const before = await rows('SELECT id FROM check_ins');
    const lastChar = qrText.at(-1) === 'A' ? 'B' : 'A';
    for (const card of [
      `${qrText.slice(0, -1)}${lastChar}`,
      `lido-card:${'A'.repeat(22)}`,
      `lido-card:${member.reference}`,
      qrText.slice('lido-card:'.length),
      'https://example.org/',
    ]) {
      const response = await checkIn({ card });
      expect(response.statusCode, card).toBe(422);
      expect(response.json().errors.card).toEqual([
        'This is not a Lido membership card, or it has been replaced. Ask for the customer ID.',
      ]);
    }
    expect(await rows('SELECT id FROM check_ins')).toHaveLength(before.length);
  });

  it('replaces a lost card: the old code is refused at once, the new one lets them in', async () => {
    const { member } = await monthlyGymMember(t);
    const old = await cardOf(member);
    const replaced = await onAccount('POST', '/api/my-account/membership-card/replace', member.cookie);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const card = replaced.json<{ data: MembershipCard }>().data;
    expect(card.qrText).not.toBe(old.qrText);
    expect((await cardOf(member)).qrText).toBe(card.qrText);
    // Refused at once on both instances; the new card works on both.
    for (const on of [t, other]) {
      const refused = await checkIn({ card: old.qrText }, on);
      expect(refused.statusCode).toBe(422);
      expect((await checkedIn({ card: card.qrText }, on)).customer.customerReference).toBe(member.reference);
    }
  });

  it('says whether the membership lets them in: valid, frozen, ended, payment overdue, or none', async () => {
    const { member: valid } = await monthlyGymMember(t);
    expect(await byCard(valid)).toMatchObject({
      door: 'valid',
      mayComeIn: true,
      verdict: 'May come in',
      reason: 'Gym Anytime is valid.',
      membershipName: 'Gym Anytime',
    });

    const { member: frozen, gym } = await monthlyGymMember(t);
    await rows(
      `INSERT INTO membership_freezes (customer_membership_id, starts_on, ends_on, monthly_fee_pence, status)
       VALUES ($1, '2026-11-15', '2027-01-15', 500, 'active')`,
      [gym],
    );
    expect(await byCard(frozen)).toMatchObject({
      door: 'frozen',
      mayComeIn: false,
      verdict: 'Not allowed in',
      reason: 'Gym Anytime is frozen until 15 Jan 2027.',
    });

    const ended = await createCustomer(t, { homeVenueSlug: 'castlefield-leisure-centre' });
    await heldMembership(t, ended, {
      slug: 'gym-anytime',
      optionKey: 'monthly',
      status: 'ended',
      startDate: '2026-01-01',
      endDate: '2026-10-31',
    });
    expect(await byCard(ended)).toMatchObject({
      door: 'ended',
      mayComeIn: false,
      reason: 'Gym Anytime ended on 31 Oct 2026.',
    });

    const { member: owing, gym: owingGym } = await monthlyGymMember(t);
    const [instruction] = await t.database.db
      .insert(directDebitInstructions)
      .values({
        customerId: owing.id,
        provider: 'sandbox',
        billingRequestId: `BRQ-door-${owing.id}`,
        mandateId: `MD-door-${owing.id}`,
        status: 'active',
        accountHolder: 'Owing Member',
        accountNumberEnding: '11',
        sortCodeEnding: '00',
        confirmationDueBy: '2026-03-01',
        confirmationSentAt: new Date(),
      })
      .returning();
    await t.database.db.insert(directDebitCollections).values({
      instructionId: instruction!.id,
      customerMembershipId: owingGym,
      description: 'Gym Anytime',
      amountPence: 3000,
      billingDate: '2026-11-15',
      chargeDate: '2026-11-16',
      paymentId: `PM-door-${owing.id}`,
      status: 'failed',
      failureReason: 'insufficient_funds',
    });
    expect(await byCard(owing)).toMatchObject({ door: 'overdue', mayComeIn: false });
    expect((await byCard(owing)).reason).toMatch(/^£30\.00 is overdue on Gym Anytime/);

    const nobody = await createCustomer(t);
    expect(await byCard(nobody)).toMatchObject({ door: 'none', mayComeIn: false, reason: 'No membership.' });
  });

  it('marks the booking due now attended, records a scan once however often it is sent, and finds them by customer ID', async () => {
    const visitor = await createCustomer(t, { homeVenueSlug: 'castlefield-leisure-centre' });
    const dueNow = await booking(visitor, '10:30', '11:15');
    const tonight = await booking(visitor, '18:00', '18:45', 'Yoga');
    const audited = await rows('SELECT id FROM staff_audit_log');
    const scanId = randomUUID();
    const first = await checkedIn({ scan_id: scanId, customer_reference: visitor.reference.toLowerCase() });
    // No membership, but the aqua fit they booked lets them in, and only it is marked.
    expect(first).toMatchObject({ door: 'none', mayComeIn: true, verdict: 'May come in' });
    expect(first.reason).toBe('No membership. They may come in for Aqua fit.');
    expect(first.bookings).toEqual([
      {
        id: dueNow,
        activityName: 'Aqua fit',
        venueName: 'Castlefield Leisure Centre',
        time: '10:30 to 11:15',
        attended: true,
      },
      {
        id: tonight,
        activityName: 'Yoga',
        venueName: 'Castlefield Leisure Centre',
        time: '18:00 to 18:45',
        attended: false,
      },
    ]);
    // The same scan sent again (a retry; another instance): one check-in, one audit entry.
    const again = await Promise.all([
      checkedIn({ scan_id: scanId, customer_reference: visitor.reference }),
      checkedIn({ scan_id: scanId, customer_reference: visitor.reference }, other),
    ]);
    expect(again.map((answer) => answer.checkInId)).toEqual([first.checkInId, first.checkInId]);
    const recorded = await rows<{
      method: string;
      door: string;
      may_come_in: boolean;
      bookings_attended: number[];
    }>('SELECT method, door, may_come_in, bookings_attended FROM check_ins WHERE customer_id = $1', [
      visitor.id,
    ]);
    // The registers' own record says so too: the register shows them attended, from the check-in.
    expect(
      await rows('SELECT booking_id, status, source FROM booking_attendance WHERE booking_id IN ($1, $2)', [
        dueNow,
        tonight,
      ]),
    ).toEqual([{ booking_id: dueNow, status: 'attended', source: 'check-in' }]);
    expect(recorded).toEqual([
      { method: 'customer-id', door: 'none', may_come_in: true, bookings_attended: [dueNow] },
    ]);
    const entries = await rows<{ action: string; customer_id: number }>(
      'SELECT action, customer_id FROM staff_audit_log WHERE id > $1',
      [Math.max(0, ...audited.map((row) => Number(row.id)))],
    );
    expect(entries).toEqual([{ action: 'customer.check-in', customer_id: visitor.id }]);
    // A second visit is a new scan: recorded again, and the aqua fit is still attended, once.
    const later = await checkedIn({ customer_reference: visitor.reference });
    expect(later.checkInId).not.toBe(first.checkInId);
    expect(later.bookings.map((place) => place.attended)).toEqual([true, false]);
    // A new scan sent to both instances at the same moment is still one check-in.
    const raced = randomUUID();
    const racers = await Promise.all(
      [t, other].map((on) => checkedIn({ scan_id: raced, customer_reference: visitor.reference }, on)),
    );
    expect(racers[0]!.checkInId).toBe(racers[1]!.checkInId);
    expect(await rows('SELECT id FROM check_ins WHERE customer_id = $1', [visitor.id])).toHaveLength(3);

    const unknown = await checkIn({ customer_reference: 'C999999' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.customerReference).toEqual([
      'No customer has that customer ID. Check it and try again.',
    ]);
    const both = await checkIn({ customer_reference: visitor.reference, card: 'lido-card:x' });
    expect(both.statusCode).toBe(422);
  });

  it('is for staff only', async () => {
    const customer = await createCustomer(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/staff/check-ins',
      headers: { host: staffHost, origin: `http://${staffHost}` },
      payload: { scan_id: randomUUID(), customer_reference: customer.reference },
    });
    expect(response.statusCode).toBe(401);
  });
});
