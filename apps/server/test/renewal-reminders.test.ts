import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { membershipEvents } from '../src/db/schema.ts';
import { createCustomer, heldMembership, monthlyGymMember } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// The demo operator reminds 14 days ahead. A term ending Monday 11 January 2027 would be reminded
// on Monday 28 December (Boxing Day's substitute): moved back over the weekend and Christmas Day
// to Thursday 24 December.
let clock = '2026-12-23T09:00:00Z';
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const reminders = () =>
  t!
    .services()
    .email.list()
    .then((emails) => emails.filter((email) => email.subject.startsWith('Your Swim')));

describe('the renewal reminder of a single payment membership', { timeout: 120_000 }, () => {
  it('goes once, on the working day before a bank-holiday reminder date, with a one-click renew link', async () => {
    t = await createTestApp({ now: () => new Date(clock) });
    const sam = await createCustomer(t);
    const swim = await heldMembership(t, sam, {
      slug: 'swim-unlimited',
      optionKey: 'three-months',
      startDate: '2026-10-12',
      endDate: '2027-01-11',
    });
    // Neither a monthly membership nor one already renewed is reminded.
    await monthlyGymMember(t);
    const renewed = await createCustomer(t);
    await heldMembership(t, renewed, {
      slug: 'swim-unlimited',
      optionKey: 'three-months',
      startDate: '2026-10-12',
      endDate: '2027-01-11',
    });
    await heldMembership(t, renewed, {
      slug: 'swim-unlimited',
      optionKey: 'three-months',
      startDate: '2027-01-12',
      endDate: '2027-04-11',
    });

    // (The demo's own Sam, whose term ends 31 December, is reminded too: only ours are looked at.)
    const ours = async () =>
      (await reminders()).filter((email) => email.to === sam.email || email.to === renewed.email);
    await t.services().renewalReminders.sendDue();
    expect(await ours()).toEqual([]);
    clock = '2026-12-24T09:00:00Z';
    // Two instances at once, then the next minute's run: one reminder.
    await Promise.all([t.services().renewalReminders.sendDue(), t.services().renewalReminders.sendDue()]);
    await t.services().renewalReminders.sendDue();
    const sent = await ours();
    expect(sent.map((email) => [email.to, email.subject])).toEqual([
      [sam.email, 'Your Swim Unlimited membership ends on 11 Jan 2027'],
    ]);
    expect(sent[0]!.text).toMatch(new RegExp(`/memberships\\?renew=${swim}$`, 'm'));
    const events = await t.database.db
      .select()
      .from(membershipEvents)
      .where(eq(membershipEvents.customerMembershipId, swim));
    expect(events.map((event) => event.kind)).toEqual(['renewal_reminder_sent']);
  });
});
