import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, waitForPage } from './support/browser.ts';
import { deskAddsPaidClass } from './support/booking.ts';
import { useE2E } from './support/fixture.ts';
import { staffLogIn } from './support/log-in.ts';

/** Pence from a money text such as "£15.40". */
const pence = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
const money = (amount: number) => `£${(amount / 100).toFixed(2)}`;

const staffNav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name, exact: true });

describe('front of house: the supervisor’s audit log', () => {
  const e2e = useE2E();

  it('shows a customer the desk created, their cash payment and the supervisor’s void, axe clean', async () => {
    const staffSite = e2e.server.urls.frontOfHouse;
    const desk = await e2e.page();
    await staffLogIn(desk, staffSite, 'desk', 'Desk-Staff-2026!');
    // Desk staff have no audit log in their navigation.
    expect(await staffNav(desk, 'Audit log').count()).toBe(0);

    // 1. The desk creates a customer, who is then the one being served.
    await staffNav(desk, 'New customer').click();
    await desk.waitForURL(`${staffSite}/customers/new`);
    await waitForPage(desk);
    await desk.getByLabel('First name').fill('Audrey');
    await desk.getByLabel('Last name').fill('Tate');
    await desk.getByRole('group', { name: 'Date of birth' }).getByLabel('Day').fill('6');
    await desk.getByRole('group', { name: 'Date of birth' }).getByLabel('Month').fill('5');
    await desk.getByRole('group', { name: 'Date of birth' }).getByLabel('Year').fill('1990');
    await desk.getByLabel('Email address').fill(`audrey.tate.${Date.now()}@example.org`);
    await desk.getByLabel('Address line 1').fill('1 Pool Lane');
    await desk.getByLabel('Town or city').fill('Manchester');
    await desk.getByLabel('Postcode').fill('M3 2BW');
    await desk.getByRole('button', { name: 'Create customer' }).click();
    await desk.waitForURL(/\/customers\/\d+$/);
    await waitForPage(desk);
    const bar = desk.getByRole('region', { name: 'Selected customer' });
    await expect.poll(() => bar.innerText()).toContain('Audrey Tate');
    const reference = (await bar.innerText()).match(/C\d{6}/)![0];

    // 2. Books her into a paid class and takes cash for it, with change.
    await deskAddsPaidClass(desk, staffSite);
    const panel = desk.getByRole('region', { name: 'Take payment' });
    await panel.waitFor();
    const due = pence(await panel.locator('p', { hasText: 'To pay:' }).locator('strong').innerText());
    expect(due).toBeGreaterThan(0);
    const cash = Math.ceil((due + 1) / 1000) * 1000;
    await panel.getByRole('radio', { name: 'Cash' }).check();
    await panel.getByLabel(/^Amount/).fill((cash / 100).toFixed(2));
    await panel.getByRole('button', { name: 'Add payment' }).click();
    await panel
      .getByRole('listitem')
      .filter({ hasText: `Cash ${money(cash)}` })
      .waitFor();
    for (const box of await desk.locator('.till__terms input[type="checkbox"]').all()) await box.check();
    await desk.getByRole('button', { name: 'Take payment' }).click();
    await desk.waitForURL((url) => /^\/orders\/\d+\/receipt$/.test(url.pathname));
    await desk.getByRole('table', { name: 'Paid with' }).waitFor();
    const order = await desk.locator('.till-receipt dd').first().innerText();

    // 3. A supervisor voids it: the dialog shows what to hand back first, then asks why.
    const supervisor = await e2e.page();
    await staffLogIn(supervisor, staffSite, 'supervisor', 'Supervisor-2026!');
    await staffNav(supervisor, 'Orders').click();
    await supervisor.waitForURL((url) => url.pathname === '/orders');
    const row = supervisor.getByRole('row').filter({ hasText: order });
    await row.waitFor();
    await waitForPage(supervisor);
    await row.getByRole('button', { name: `Void order ${order}` }).click();
    const voidDialog = supervisor.getByRole('dialog');
    await voidDialog.getByRole('heading', { name: `To hand back: ${money(due)}` }).waitFor();
    await voidDialog.getByLabel('Reason for voiding (required)').fill('Booked the wrong class');
    await voidDialog.getByRole('button', { name: 'Void order' }).click();
    await voidDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row.innerText()).toContain('Voided');

    // 4. The audit log has all three, newest first, in words, with who and for whom.
    await staffNav(supervisor, 'Audit log').click();
    await supervisor.waitForURL((url) => url.pathname === '/audit');
    await supervisor.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    const table = supervisor.getByRole('table', { name: /^What staff did on .*, newest first$/ });
    await table.waitFor();
    await waitForPage(supervisor);
    // Rows of whichever table is shown: its caption follows the filters.
    const entries = supervisor.getByRole('main').getByRole('row');
    const voided = entries.filter({ hasText: `Voided order ${order}: ${money(due)} handed back` });
    const paid = entries.filter({ hasText: `Took payment ${money(due)} (cash) for order ${order}` });
    const created = entries.filter({ hasText: `Created customer ${reference}` });
    for (const entry of [voided, paid, created]) {
      await entry.waitFor();
      expect(await entry.getByRole('link', { name: 'Audrey Tate' }).getAttribute('href')).toMatch(
        /^\/customers\/\d+$/,
      );
    }
    expect(await voided.innerText()).toContain('Reason: Booked the wrong class');
    expect(await paid.innerText()).toContain('Dana Desk');
    expect(await paid.innerText()).toContain(`${money(cash - due)} change given`);
    const texts = await table.getByRole('row').allInnerTexts();
    const at = (text: string) => texts.findIndex((line) => line.includes(text));
    expect(at(`Voided order ${order}`)).toBeLessThan(at(`Took payment ${money(due)}`));
    expect(at(`Took payment ${money(due)}`)).toBeLessThan(at(`Created customer ${reference}`));
    await expectNoAxeViolations(supervisor);

    // One member of staff: the desk's entries stay, the supervisor's void goes; focus stays put.
    const select = supervisor.getByLabel('Member of staff');
    await select.focus();
    await select.selectOption({ label: 'Dana Desk' });
    await supervisor
      .getByRole('table', { name: /^What staff did by Dana Desk on .*, newest first$/ })
      .waitFor();
    await paid.waitFor();
    expect(await voided.count()).toBe(0);
    expect(await supervisor.evaluate(() => document.activeElement?.id)).toBe('audit-staff');
    await expectNoAxeViolations(supervisor);

    // On a phone: the same page, still axe clean and without sideways scrolling.
    await supervisor.setViewportSize({ width: 390, height: 844 });
    await select.selectOption({ label: 'Everyone' });
    await voided.waitFor();
    await expectNoAxeViolations(supervisor);
  }, 180_000); // two staff browsers, a new customer, a booking paid in cash, a void and the audit log
});
