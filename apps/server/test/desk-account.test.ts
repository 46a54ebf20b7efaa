import type { Booking } from '@lido/contracts/account';
import type { DeskCustomerDetail } from '@lido/contracts/front-of-house';
import type { MembershipExit } from '@lido/contracts/membership-exit';
import type { FreezeAnswer, FreezeOffer } from '@lido/contracts/membership-freeze';
import type { StaffAuditAnswer } from '@lido/contracts/staff-audit';
import type { FamilyChanged } from '@lido/contracts/family';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deskDependantEmailMessage,
  deskEmailTakenMessage,
} from '../src/modules/customers/customers.service.ts';
import { apiClient } from './support/api.ts';
import { createActivity, createSession, holdPlace } from './support/activity-factories.ts';
import { createCustomer, monthlyGymMember, type TestCustomer } from './support/factories.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

const staffSite = siteHost.frontOfHouse;
const supervisorOnly = 'Only a supervisor can do this.';

/**
 * Issue 34 item 8 (decision 0085): a supervisor changes a customer's details, cancels a booking,
 * cancels or freezes a membership for them, through the services My account uses, each written
 * to the staff audit log in the change's own transaction. Desk staff are refused, and so is
 * another operator's customer.
 */
describe('a supervisor helps a customer at the desk', () => {
  let t: TestApp;
  let supervisor = '';
  let desk = '';
  const staff = apiClient(() => t, staffSite);
  const account = apiClient(() => t, siteHost.myAccount);
  const book = apiClient(() => t, siteHost.bookings);
  const rows = <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    t.database.query<R>(sql, params);
  const auditOf = (customerId: number, action: string) =>
    rows<{
      actor: string;
      amount_pence: number | null;
      order_id: number | null;
      details: Record<string, unknown>;
    }>(
      'SELECT actor, amount_pence, order_id, details FROM staff_audit_log WHERE customer_id = $1 AND action = $2',
      [customerId, action],
    );
  const staffLogin = async (username: string, password: string) => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      headers: { host: staffSite, origin: `http://${staffSite}` },
      payload: { username, password },
    });
    return String(login.headers['set-cookie']).match(/lido_staffToken=[^;]+/)![0];
  };
  const details = (overrides: Record<string, unknown> = {}) => ({
    first_name: 'Priya',
    last_name: 'Shah-Jones',
    date_of_birth: '1988-07-31',
    email: `priya.${Date.now()}@example.org`,
    phone: '0161 496 0000',
    address_line_one: '2 Canal Street',
    address_line_two: '',
    town: 'Manchester',
    postcode: 'm1 3hw',
    ...overrides,
  });

  /** A customer of a second operator: the desk of the first must not reach them. */
  async function otherOperatorsCustomer(): Promise<number> {
    await rows(`DO $$ DECLARE cols text; BEGIN
      SELECT string_agg(quote_ident(column_name), ',') INTO cols FROM information_schema.columns
        WHERE table_name = 'operators' AND column_name NOT IN ('id', 'slug');
      EXECUTE format('INSERT INTO operators (slug, %s) SELECT ''elsewhere'', %s FROM operators ORDER BY id LIMIT 1', cols, cols);
    END $$`);
    const [other] = await rows<{ id: number }>(
      `INSERT INTO customers (operator_id, reference, email, password_hash, first_name, last_name)
       SELECT id, 'C990001', 'elsewhere@example.org', 'x', 'Else', 'Where' FROM operators WHERE slug = 'elsewhere'
       RETURNING id`,
    );
    return other!.id;
  }

  /** A booking paid with account credit, cancellable (2 days ahead, 2 hours' cut-off). */
  async function bookedWithCredit(customer: TestCustomer) {
    const yoga = await createActivity(t, { name: 'Desk Yoga', cancellationCutoffMinutes: 120 });
    const session = await createSession(t, yoga, { startsAt: new Date(Date.now() + 48 * 3_600_000) });
    const price = yoga.price('adult');
    await holdPlace(t, customer.id, session, price);
    const done = await book.as(customer).post<{ orderId: number }>('/api/checkout/complete', {
      source: 'bookings',
      payments: [{ tender_type: 'credit', amount: price.pricePence }],
    });
    expect(done.status).toBe(200);
    const [booking] = await rows<{ id: number }>('SELECT id FROM customer_bookings WHERE order_id = $1', [
      done.data.orderId,
    ]);
    return { bookingId: booking!.id, orderId: done.data.orderId, pricePence: price.pricePence };
  }

  beforeAll(async () => {
    t = await createTestApp();
    supervisor = await staffLogin('supervisor', 'Supervisor-2026!');
    desk = await staffLogin('desk', 'Desk-Staff-2026!');
  });
  afterAll(() => t?.close());

  it('refuses desk staff every change, with the reason, and changes nothing', async () => {
    const { member, gym } = await monthlyGymMember(t);
    const { bookingId } = await bookedWithCredit(member);
    const calls = [
      staff.as(desk).put(`/api/staff/customers/${member.id}`, details()),
      staff.as(desk).post(`/api/staff/customers/${member.id}/bookings/${bookingId}/cancel`, {}),
      staff.as(desk).post(`/api/staff/customers/${member.id}/memberships/${gym}/cancel`, { kind: 'notice' }),
      staff.as(desk).post(`/api/staff/customers/${member.id}/memberships/${gym}/freeze`, {
        starts_on: '2026-12-15',
        months: 1,
      }),
    ];
    for (const answer of await Promise.all(calls))
      expect(answer).toMatchObject({ status: 403, message: supervisorOnly });
    const [booking] = await rows<{ status: string }>('SELECT status FROM customer_bookings WHERE id = $1', [
      bookingId,
    ]);
    expect(booking!.status).toBe('booked');
    const [membership] = await rows<{ cancel_requested_at: Date | null }>(
      'SELECT cancel_requested_at FROM customer_memberships WHERE id = $1',
      [gym],
    );
    expect(membership!.cancel_requested_at).toBeNull();
    expect(await rows('SELECT id FROM staff_audit_log WHERE customer_id = $1', [member.id])).toEqual([]);
    // Nor are they offered on a customer site, whoever asks.
    const elsewhere = await account.as(member).put(`/api/staff/customers/${member.id}`, details());
    expect(elsewhere.status).toBe(403);
  });

  it('changes every detail, audits what changed from and to, and refuses an email another account holds', async () => {
    const customer = await createCustomer(t, { firstName: 'Priya' });
    const other = await createCustomer(t, { firstName: 'Other' });
    const body = details();
    const changed = await staff
      .as(supervisor)
      .put<DeskCustomerDetail>(`/api/staff/customers/${customer.id}`, body);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.data).toMatchObject({
      id: customer.id,
      lastName: 'Shah-Jones',
      email: body.email,
      dateOfBirth: '1988-07-31',
      postcode: 'M1 3HW',
    });
    const [row] = await rows<Record<string, string | null>>(
      'SELECT phone, address_line_one, town, postcode FROM customers WHERE id = $1',
      [customer.id],
    );
    expect(row).toEqual({
      phone: '0161 496 0000',
      address_line_one: '2 Canal Street',
      town: 'Manchester',
      postcode: 'M1 3HW',
    });
    const [audit] = await auditOf(customer.id, 'customer.update');
    expect(audit!.actor).toBe('staff: supervisor');
    expect(audit!.details.changes).toMatchObject({
      email: { from: customer.email, to: body.email },
      dateOfBirth: { from: '1990-04-02', to: '1988-07-31' },
      postcode: { from: null, to: 'M1 3HW' },
    });
    // Sent again unchanged: nothing to record.
    await staff.as(supervisor).put(`/api/staff/customers/${customer.id}`, body);
    expect(await auditOf(customer.id, 'customer.update')).toHaveLength(1);

    const taken = await staff
      .as(supervisor)
      .put(`/api/staff/customers/${customer.id}`, details({ email: other.email.toUpperCase() }));
    expect(taken).toMatchObject({ status: 409, message: deskEmailTakenMessage });
    const bad = await staff
      .as(supervisor)
      .put(
        `/api/staff/customers/${customer.id}`,
        details({ date_of_birth: '2999-01-01', postcode: 'nowhere' }),
      );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(['dateOfBirth', 'postcode']);
    const future = await staff
      .as(supervisor)
      .put(`/api/staff/customers/${customer.id}`, details({ date_of_birth: '2999-01-01' }));
    expect(future.status).toBe(422);
    expect(future.errors?.dateOfBirth).toHaveLength(1);
    const missing = await staff
      .as(supervisor)
      .put(`/api/staff/customers/${customer.id}`, { first_name: 'X' });
    expect(missing.status).toBe(422);
    expect(missing.errors).toHaveProperty('lastName');
    const notANumber = await staff.as(supervisor).put('/api/staff/customers/abc', details());
    expect([400, 422]).toContain(notANumber.status);
    const [still] = await rows<{ email: string }>('SELECT email FROM customers WHERE id = $1', [customer.id]);
    expect(still!.email).toBe(body.email);
  });

  it('changes a family member’s details but not their email, which is their account holder’s', async () => {
    const parent = await createCustomer(t, { firstName: 'Morgan' });
    const added = await account.as(parent).post<FamilyChanged>('/api/my-account/family', {
      first_name: 'Kit',
      last_name: 'Family',
      date_of_birth: '2016-01-01',
      relationship: 'child',
    });
    const kit = added.data.family[0]!;
    const withEmail = await staff
      .as(supervisor)
      .put(`/api/staff/customers/${kit.id}`, details({ first_name: 'Kit' }));
    expect(withEmail).toMatchObject({ status: 422, errors: { email: [deskDependantEmailMessage] } });
    const withoutEmail: Record<string, unknown> = details({
      first_name: 'Kitty',
      date_of_birth: '2016-01-02',
    });
    delete withoutEmail.email;
    const changed = await staff
      .as(supervisor)
      .put<DeskCustomerDetail>(`/api/staff/customers/${kit.id}`, withoutEmail);
    expect(changed.status).toBe(200);
    expect(changed.data).toMatchObject({
      firstName: 'Kitty',
      dateOfBirth: '2016-01-02',
      payer: { id: parent.id },
    });
  });

  it('cancels a booking with My account’s rule and refund, once, writing the audit row with the refund', async () => {
    const customer = await createCustomer(t, { creditBalancePence: 2000 });
    const { bookingId, orderId, pricePence } = await bookedWithCredit(customer);
    const path = `/api/staff/customers/${customer.id}/bookings/${bookingId}/cancel`;
    const cancelled = await staff.as(supervisor).post<Booking>(path, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.data).toMatchObject({ status: 'cancelled', cancellation: { allowed: false } });
    expect(cancelled.data.cancellation!.refundText).toContain('was added to your account credit');
    const [credit] = await rows<{ credit_balance_pence: number }>(
      'SELECT credit_balance_pence FROM customers WHERE id = $1',
      [customer.id],
    );
    expect(credit!.credit_balance_pence).toBe(2000);
    const [audit] = await auditOf(customer.id, 'booking.cancel');
    expect(audit).toMatchObject({
      actor: 'staff: supervisor',
      amount_pence: pricePence,
      order_id: orderId,
      details: { bookingId, activityName: 'Desk Yoga', refundMethod: 'credit' },
    });
    // The same message as online, and no second row.
    expect(await staff.as(supervisor).post(path, {})).toMatchObject({
      status: 409,
      message: 'This booking has already been cancelled.',
    });
    expect(await auditOf(customer.id, 'booking.cancel')).toHaveLength(1);
    // Someone else's booking under this customer is not found.
    const stranger = await createCustomer(t, { creditBalancePence: 2000 });
    const theirs = await bookedWithCredit(stranger);
    const wrong = await staff
      .as(supervisor)
      .post(`/api/staff/customers/${customer.id}/bookings/${theirs.bookingId}/cancel`, {});
    expect(wrong.status).toBe(404);
    const bad = await staff.as(supervisor).post(`/api/staff/customers/${customer.id}/bookings/0/cancel`, {});
    expect([400, 422]).toContain(bad.status);
  });

  it('cancels a membership on the terms shown, with the audit row, and refuses terms that changed', async () => {
    const { member, gym } = await monthlyGymMember(t);
    const shown = await staff
      .as(supervisor)
      .get<MembershipExit>(`/api/my-account/memberships/${gym}/cancellation?selected_user_id=${member.id}`);
    expect(shown.data.kind).toBe('notice');
    const path = `/api/staff/customers/${member.id}/memberships/${gym}/cancel`;
    const wrongKind = await staff.as(supervisor).post(path, { kind: 'cooling_off' });
    expect(wrongKind.status).toBe(409);
    expect(wrongKind.message).toMatch(/has changed since the page was shown/);
    expect(await staff.as(supervisor).post(path, { kind: 'sideways' })).toMatchObject({ status: 422 });
    const done = await staff
      .as(supervisor)
      .post<MembershipExit>(path, { kind: 'notice', reason: 'Moving away' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.data).toMatchObject({ lastDay: shown.data.lastDay, reason: 'Moving away' });
    expect(done.data.cancelledAt).not.toBeNull();
    const [audit] = await auditOf(member.id, 'membership.cancel');
    expect(audit).toMatchObject({
      actor: 'staff: supervisor',
      details: {
        membershipId: gym,
        kind: 'notice',
        lastDay: shown.data.prettyLastDay,
        reason: 'Moving away',
      },
    });
    expect(await staff.as(supervisor).post(path, { kind: 'notice' })).toMatchObject({
      status: 409,
      message: 'This membership has already been cancelled.',
    });
    // The member is emailed as when they cancel online.
    expect((await t.services().email.list()).some((mail) => mail.to === member.email)).toBe(true);
  });

  it('freezes a membership within the operator’s rules, with the audit row, and refuses months outside them', async () => {
    const { member, gym } = await monthlyGymMember(t);
    const offer = await staff
      .as(supervisor)
      .get<FreezeOffer>(`/api/my-account/memberships/${gym}/freeze?selected_user_id=${member.id}`);
    expect(offer.status).toBe(200);
    const startsOn = offer.data.startDates[0]!.date;
    const path = `/api/staff/customers/${member.id}/memberships/${gym}/freeze`;
    const tooLong = await staff
      .as(supervisor)
      .post(path, { starts_on: startsOn, months: offer.data.rules.maxMonths + 1 });
    expect(tooLong.status).toBe(422);
    expect(tooLong.errors).toHaveProperty('months');
    const frozen = await staff.as(supervisor).post<FreezeAnswer>(path, { starts_on: startsOn, months: 2 });
    expect(frozen.status, JSON.stringify(frozen.body)).toBe(200);
    expect(frozen.data.freeze).toMatchObject({ startsOn, months: 2 });
    const [audit] = await auditOf(member.id, 'membership.freeze');
    expect(audit).toMatchObject({
      actor: 'staff: supervisor',
      amount_pence: offer.data.rules.monthlyFee.raw.amount,
      details: { membershipId: gym, startsOn, months: 2, membershipName: 'Gym Anytime' },
    });
    expect(await staff.as(supervisor).post(path, { starts_on: startsOn, months: 1 })).toMatchObject({
      status: 409,
      message: 'This membership already has a freeze. End it before asking for another.',
    });
  });

  it('finds every demo customer by their postcode, as the README says', async () => {
    const demo = await rows<{ reference: string; postcode: string | null }>(
      "SELECT reference, postcode FROM customers WHERE email LIKE '%@example.org' AND reference BETWEEN 'C100001' AND 'C100009' ORDER BY reference",
    );
    expect(demo.length).toBeGreaterThanOrEqual(5);
    for (const { reference, postcode } of demo) {
      expect(postcode, reference).toMatch(/^[A-Z]{1,2}\d{1,2}[A-Z]? \d[A-Z]{2}$/);
      const found = await staff
        .as(desk)
        .get<{ customers: { reference: string }[] }>(
          `/api/staff/customers?q=${encodeURIComponent(postcode!)}`,
        );
      expect(
        found.data.customers.map((customer) => customer.reference),
        postcode!,
      ).toContain(reference);
    }
  });

  it('refuses another operator’s customer on every call, as not found', async () => {
    const elsewhere = await otherOperatorsCustomer();
    const { member, gym } = await monthlyGymMember(t);
    const { bookingId } = await bookedWithCredit(member);
    const answers = await Promise.all([
      staff.as(supervisor).put(`/api/staff/customers/${elsewhere}`, details()),
      staff.as(supervisor).post(`/api/staff/customers/${elsewhere}/bookings/${bookingId}/cancel`, {}),
      staff
        .as(supervisor)
        .post(`/api/staff/customers/${elsewhere}/memberships/${gym}/cancel`, { kind: 'notice' }),
      staff.as(supervisor).post(`/api/staff/customers/${elsewhere}/memberships/${gym}/freeze`, {
        starts_on: '2026-12-15',
        months: 1,
      }),
    ]);
    for (const answer of answers) expect(answer.status).toBe(404);
    const [booking] = await rows<{ status: string }>('SELECT status FROM customer_bookings WHERE id = $1', [
      bookingId,
    ]);
    expect(booking!.status).toBe('booked');
    expect(await rows('SELECT id FROM staff_audit_log WHERE customer_id = $1', [elsewhere])).toEqual([]);
  });

  it('puts each action on the supervisor’s audit page in words', async () => {
    // Tests run in a random order: this one makes its own four entries.
    const { member, gym } = await monthlyGymMember(t, { creditBalancePence: 2000 });
    const frozen = await monthlyGymMember(t);
    const { bookingId } = await bookedWithCredit(member);
    const offer = await staff
      .as(supervisor)
      .get<FreezeOffer>(
        `/api/my-account/memberships/${frozen.gym}/freeze?selected_user_id=${frozen.member.id}`,
      );
    const made = await Promise.all([
      staff.as(supervisor).put(`/api/staff/customers/${member.id}`, details()),
      staff.as(supervisor).post(`/api/staff/customers/${member.id}/bookings/${bookingId}/cancel`, {}),
      staff.as(supervisor).post(`/api/staff/customers/${member.id}/memberships/${gym}/cancel`, {
        kind: 'notice',
        reason: 'Moving away',
      }),
      staff.as(supervisor).post(`/api/staff/customers/${frozen.member.id}/memberships/${frozen.gym}/freeze`, {
        starts_on: offer.data.startDates[0]!.date,
        months: 2,
      }),
    ]);
    expect(made.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const page = await staff.as(supervisor).get<StaffAuditAnswer>('/api/staff/audit');
    expect(page.status).toBe(200);
    const descriptions = page.data.entries.map((entry) => `${entry.description} | ${entry.details ?? ''}`);
    expect(descriptions).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Changed customer details \| Changed: .*email address.*date of birth/),
        expect.stringMatching(/^Cancelled booking: Desk Yoga, .* \| £\d+\.\d\d refunded to account credit$/),
        expect.stringMatching(
          /^Cancelled membership Gym Anytime: last day .* \| With notice; Reason: Moving away$/,
        ),
        expect.stringMatching(
          /^Froze membership Gym Anytime from .* to .* \| 2 months at £\d+\.\d\d a month$/,
        ),
      ]),
    );
  });
});
