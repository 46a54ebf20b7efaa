import { addDays, prettyDate, todayIn } from '@lido/pricing/calendar-date';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';
import { logIn } from './support/log-in.ts';
import { fillBilling, fillCard, settled } from './support/pay-by-card.ts';

/** The demo's failed billing date, as apps/server/src/db/seed/demo-arrears.ts picks it. */
function demoFailedBillingDate(today: string): string {
  let date = addDays(today, -6);
  while (Number(date.slice(8, 10)) > 28) date = addDays(date, -1);
  return date;
}

describe('a member whose Direct Debit payment failed pays it by card (issue 22 item 4)', () => {
  const e2e = useE2E();

  it('Robin sees what is owed on the Dashboard, pays it by card with 3-D Secure and sees it cleared', async () => {
    // The demo's failed collection: £30.00 for Gym Anytime, about a week ago (demo-arrears.ts).
    const due = prettyDate(demoFailedBillingDate(todayIn('Europe/London', new Date())));
    const page = await e2e.page();
    await visit(page, `${e2e.server.urls.myAccount}/login`);
    await logIn(page, 'C100009');
    await page.getByRole('heading', { name: 'Hello, Robin' }).waitFor();

    const owed = page.getByRole('region', { name: 'You have £30.00 to pay' });
    await owed.waitFor();
    expect(await owed.innerText()).toContain(
      `We couldn’t collect your Direct Debit payment of £30.00 for Gym Anytime, due on ${due}.`,
    );
    await expectNoAxeViolations(page);

    // Memberships shows it too.
    await page
      .getByRole('navigation', { name: 'My account' })
      .getByRole('link', { name: 'Memberships' })
      .click();
    await page.getByRole('heading', { name: 'Memberships', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'You have £30.00 to pay' }).waitFor();
    await expectNoAxeViolations(page);
    await page
      .getByRole('navigation', { name: 'My account' })
      .getByRole('link', { name: 'Dashboard' })
      .click();

    // Pay now: the usual card checkout, with the failed payment as its one line.
    await owed.getByRole('button', { name: 'Pay now £30.00' }).click();
    await page.waitForURL(`${e2e.server.urls.onlineJoining}/checkout`);
    const summary = page.getByRole('region', { name: 'Outstanding balance' });
    await summary.waitFor();
    expect(await summary.innerText()).toMatch(new RegExp(`Direct Debit payment due\\s+${due}`));
    const pay = page.getByRole('button', { name: 'Pay £30.00 now' });
    await pay.waitFor();
    // No terms to agree again: they were agreed when the membership was bought.
    expect(await page.getByLabel(/I have read and agree to the/i).count()).toBe(0);
    await fillBilling(page);
    await fillCard(page, { name: 'CHALLENGE', number: '4929000000006' });
    await expectNoAxeViolations(page);
    await pay.scrollIntoViewIfNeeded();
    await settled(pay);
    await pay.click();
    const bank = page.getByRole('dialog', { name: 'Confirm your payment with your bank' });
    await bank.waitFor();
    const issuer = page.frameLocator('iframe[title="Your bank\'s security check"]');
    await issuer.getByLabel('Password').fill('challenge');
    await expectNoAxeViolations(page);
    await issuer.getByRole('button', { name: 'Submit' }).click();

    // The confirmation says what was paid.
    await page.waitForURL(/\/order-confirmed\/\d+$/);
    await waitForPage(page);
    await page.getByRole('heading', { name: 'Your payment was successful', level: 1 }).waitFor();
    const paid = page.getByRole('region', { name: 'Outstanding balance paid' });
    const facts = await paid.innerText();
    expect(facts).toMatch(/Membership\s+Gym Anytime/);
    expect(facts).toMatch(new RegExp(`Direct Debit payment due\\s+${due}`));
    expect(facts).toMatch(/Paid by card\s+£30\.00/);
    await expectNoAxeViolations(page);

    // Back on the Dashboard nothing is owed; the membership's history shows the payment.
    await page.getByRole('link', { name: 'Go to my account' }).click();
    await page.getByRole('heading', { name: 'Hello, Robin' }).waitFor();
    await page.getByRole('heading', { name: 'Memberships', level: 2 }).waitFor();
    expect(await page.getByRole('region', { name: /to pay$/ }).count()).toBe(0);
    expect(await page.getByText('We couldn’t collect your last Direct Debit payment').count()).toBe(0);
    await expectNoAxeViolations(page);
    await visit(page, `${e2e.server.urls.myAccount}/memberships`);
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Gym Anytime' })
      .getByRole('link', { name: /History/ })
      .click();
    await page.getByText('Missed payment paid').waitFor();
    await page.getByText(`Paid by card: the Direct Debit payment due ${due}`).waitFor();
    await expectNoAxeViolations(page);
  }, 180_000);
});
