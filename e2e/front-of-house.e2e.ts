import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';
import { staffLogIn } from './support/log-in.ts';
import { bookingCentre, openFirstSession } from './support/booking.ts';
import { agreeToTerms, step } from './support/joining.ts';

/** Pence from a money text such as "£15.40". */
const pence = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
const pounds = (amount: number) => (amount / 100).toFixed(2);
const money = (amount: number) => `£${pounds(amount)}`;

/** Finds a customer by name at the desk and selects them; the selected customer bar names them. */
async function selectCustomer(page: Page, staffSite: string, search: string, name: string) {
  await visit(page, `${staffSite}/`);
  await page.getByLabel('Name, email, customer ID or postcode').fill(search);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `Select ${name}` }).waitFor();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: `Select ${name}` }).click();
  await page.waitForURL(/\/customers\/\d+$/);
  const bar = page.getByRole('region', { name: 'Selected customer' });
  await expect.poll(() => bar.innerText()).toContain(name);
  await waitForPage(page);
  // The tab names the customer, not "Customer" (WCAG 2.4.2; issue 34 item 4).
  await expect.poll(() => page.title()).toMatch(new RegExp(`^${name} \\| Front of house \\| `));
  await expectNoAxeViolations(page);
}

/** Adds a tender in the till's panel (a voucher with its code). */
async function addTender(page: Page, tender: string, amount: number, voucherCode?: string) {
  const panel = page.getByRole('region', { name: 'Take payment' });
  await panel.getByRole('radio', { name: tender }).check();
  if (voucherCode) await panel.getByLabel('Voucher code').fill(voucherCode);
  await panel.getByLabel(/^Amount/).fill(pounds(amount));
  await panel.getByRole('button', { name: 'Add payment' }).click();
  await panel
    .getByRole('listitem')
    .filter({ hasText: `${tender}${voucherCode ? ` ${voucherCode}` : ''} ${money(amount)}` })
    .waitFor();
}

/** Agrees to every term the till asks the customer about, then takes payment; the receipt follows. */
async function takePayment(page: Page) {
  const terms = page.locator('.till__terms input[type="checkbox"]');
  for (const box of await terms.all()) await box.check();
  await page.getByRole('button', { name: 'Take payment' }).click();
  await page.waitForURL((url) => /^\/orders\/\d+\/receipt$/.test(url.pathname));
  await page.getByRole('heading', { name: 'Receipt', level: 1 }).waitFor();
  await page.getByRole('table', { name: 'Paid with' }).waitFor();
  await waitForPage(page);
}

describe('front of house: the desk joins, books and takes payment; a supervisor voids and cashes up', () => {
  const e2e = useE2E();

  it('runs issue 19’s journey in Chromium, axe clean', async () => {
    const staffSite = e2e.server.urls.frontOfHouse;
    const page = await e2e.page();
    // The receipt's print button calls the browser's print: counted, not opened.
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await staffLogIn(page, staffSite, 'desk', 'Desk-Staff-2026!');
    await expectNoAxeViolations(page);

    // 1. Alex, found by name and selected.
    await selectCustomer(page, staffSite, 'Alex', 'Alex Newman');

    // 2. Join him to a monthly membership, his bank details taken at the desk.
    await page.getByRole('link', { name: 'Join or change a membership' }).click();
    await page.waitForURL(`${staffSite}/join`);
    await waitForPage(page);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Castlefield Leisure Centre' }).click();
    await page.waitForURL(`${staffSite}/centre/castlefield-leisure-centre`);
    const membership = step(page, 'Membership');
    await membership
      .getByRole('button', { name: 'Choose this membership: Swim Unlimited' })
      .waitFor({ timeout: 15_000 });
    await expectNoAxeViolations(page);
    await membership.getByRole('button', { name: 'Choose this membership: Swim Unlimited' }).click();
    await page.waitForURL(/\/membership\/swim-unlimited\/recurring$/);
    // His details are the account's, read-only at the desk.
    const details = step(page, 'Your details');
    await details.getByText('alex.newman@example.org').waitFor();
    await expectNoAxeViolations(page);
    await details.getByRole('button', { name: 'Continue' }).click();
    const additional = step(page, 'Additional details').getByRole('button', { name: 'Save and continue' });
    const dates = step(page, 'Review & select dates');
    await additional
      .or(dates.getByRole('button', { name: 'Continue' }))
      .first()
      .waitFor();
    if (await additional.isVisible()) {
      await step(page, 'Additional details').getByLabel('Can you swim 25 metres unaided?').check();
      await expectNoAxeViolations(page);
      await additional.click();
    }
    await dates.getByRole('button', { name: 'Continue' }).waitFor();
    await waitForPage(page);
    await expectNoAxeViolations(page);
    await dates.getByLabel('Billing day').selectOption('1');
    await agreeToTerms(page);
    await dates.getByRole('button', { name: 'Continue' }).click();

    const bank = step(page, 'Monthly payment');
    await bank.getByLabel('Account holder name').fill('Alex Newman');
    await bank.getByLabel('Sort code').fill('200000');
    await bank.getByLabel('Account number').fill('55779911');
    await bank.getByLabel(/I confirm that I am the account holder/).check();
    await bank.getByLabel('I accept the Direct Debit terms').check();
    await expectNoAxeViolations(page);
    await bank.getByRole('button', { name: 'Continue' }).click();
    const confirm = step(page, 'Confirm your details');
    await confirm.getByText('******11').waitFor();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Continue to checkout' }).click();

    // The till: the basket with the tender panel; £20 cash (or the next whole £10 above what is due).
    await page.waitForURL(`${staffSite}/basket`);
    const panel = page.getByRole('region', { name: 'Take payment' });
    await panel.waitFor();
    await waitForPage(page);
    await expectNoAxeViolations(page);
    const due = pence(await panel.locator('p', { hasText: 'To pay:' }).locator('strong').innerText());
    expect(due).toBeGreaterThan(0);
    const cash = due <= 2000 ? 2000 : Math.ceil((due + 1) / 1000) * 1000;
    await addTender(page, 'Cash', cash);
    const status = panel.getByRole('status');
    await expect.poll(() => status.innerText()).toContain(`Change due: ${money(cash - due)}`);
    expect(await status.innerText()).toContain(`Balance left: ${money(0)}`);
    await expectNoAxeViolations(page);
    await takePayment(page);
    const paidWith = page.getByRole('table', { name: 'Paid with' });
    expect(await paidWith.innerText()).toContain(`Cash\t${money(cash)}`);
    expect(await paidWith.innerText()).toMatch(
      new RegExp(`Change given\\s+${money(cash - due).replace('.', '\\.')}`),
    );
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Print receipt' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    // 3. Sam, booked into a paid class from the staff site's timetable; part voucher, part cash.
    await selectCustomer(page, staffSite, 'Sam', 'Sam Carter');
    await page
      .getByRole('navigation', { name: 'Staff' })
      .getByRole('link', { name: 'Book an activity' })
      .click();
    await page.waitForURL(`${staffSite}/book`);
    await waitForPage(page);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Castlefield Leisure Centre' }).click();
    await page.waitForURL(`${staffSite}/location/${bookingCentre}`);
    await waitForPage(page);
    await expectNoAxeViolations(page);
    // A class Sam's swimming membership doesn't pay for.
    const paidClasses = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: /^Book / }) })
      .filter({ hasText: 'Small-group HIIT' });
    const chosen = await openFirstSession(page, paidClasses, 1);
    // Sam's own price, as a member: the desk acts for him, never as a visitor.
    await expect.poll(() => page.getByRole('radio', { name: /^Member/ }).isChecked()).toBe(true);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Add to basket' }).click();
    await page.getByText('Successfully added item to the basket.').waitFor();
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Basket' }).click();
    await page.waitForURL((url) => url.pathname === '/basket');
    await panel.waitFor();
    expect(await page.getByRole('main').innerText()).toContain(chosen);
    const classDue = pence(await panel.locator('p', { hasText: 'To pay:' }).locator('strong').innerText());
    expect(classDue).toBeGreaterThan(1);
    const voucher = Math.floor(classDue / 2);
    // A paper voucher from outside Lido: its code is recorded, so it pays once (decision 0072).
    const voucherCode = `PAPER-${Date.now().toString(36).toUpperCase()}`;
    await addTender(page, 'Voucher', voucher, voucherCode);
    await expect.poll(() => status.innerText()).toContain(`Balance left: ${money(classDue - voucher)}`);
    await addTender(page, 'Cash', classDue - voucher);
    await expect.poll(() => status.innerText()).toContain(`Balance left: ${money(0)}`);
    expect(await status.innerText()).not.toContain('Change due');
    await waitForPage(page);
    await expectNoAxeViolations(page);
    await takePayment(page);
    const samPaid = await paidWith.innerText();
    expect(samPaid).toContain(`Voucher\t${money(voucher)}`);
    expect(samPaid).toContain(`Cash\t${money(classDue - voucher)}`);
    await expectNoAxeViolations(page);
    const samOrder = await page.locator('.till-receipt dd').first().innerText();

    // 4. A supervisor, on another browser, voids Sam's order with a reason; the cash-up shows it.
    const supervisor = await e2e.page();
    await staffLogIn(supervisor, staffSite, 'supervisor', 'Supervisor-2026!');
    await supervisor.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Orders' }).click();
    await supervisor.waitForURL((url) => url.pathname === '/orders');
    const samRow = supervisor.getByRole('row').filter({ hasText: samOrder });
    await samRow.waitFor();
    expect(await supervisor.getByRole('row').filter({ hasText: 'Alex Newman' }).count()).toBe(1);
    await waitForPage(supervisor);
    await expectNoAxeViolations(supervisor);
    await samRow.getByRole('button', { name: `Void order ${samOrder}` }).click();
    const voidDialog = supervisor.getByRole('dialog');
    await voidDialog.waitFor();
    // What is handed back is shown before confirming: the cash and the voucher, whole.
    await voidDialog.getByRole('heading', { name: `To hand back: ${money(classDue)}` }).waitFor();
    expect(await voidDialog.getByRole('listitem').allInnerTexts()).toEqual([
      `Voucher ${voucherCode} (${money(voucher)}), handed back`,
      `${money(classDue - voucher)} in cash`,
    ]);
    await expect.poll(() => supervisor.evaluate(() => document.activeElement?.id)).toBe('void-reason');
    await expectNoAxeViolations(supervisor);
    await voidDialog.getByLabel('Reason for voiding (required)').fill('Booked the wrong class');
    await voidDialog.getByRole('button', { name: 'Void order' }).click();
    await voidDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => samRow.innerText()).toContain('Voided');
    await expectNoAxeViolations(supervisor);

    await supervisor
      .getByRole('navigation', { name: 'Staff' })
      .getByRole('link', { name: 'Cash-up' })
      .click();
    await supervisor.waitForURL((url) => url.pathname === '/cash-up');
    const byStaff = supervisor.getByRole('table', { name: /^Taken by each member of staff on / });
    await byStaff.waitFor();
    const cashRow = byStaff.getByRole('row').filter({ hasText: 'Dana Desk' }).filter({ hasText: 'Cash' });
    const voucherRow = byStaff
      .getByRole('row')
      .filter({ hasText: 'Dana Desk' })
      .filter({ hasText: 'Voucher' });
    // Cash: Alex's order stays; Sam's cash is voided and leaves the net.
    const alexCash = due;
    expect((await cashRow.allInnerTexts())[0]?.split('\t')).toEqual([
      'Dana Desk',
      'Cash',
      '2',
      money(alexCash + classDue - voucher),
      money(classDue - voucher),
      money(alexCash),
    ]);
    expect((await voucherRow.allInnerTexts())[0]?.split('\t')).toEqual([
      'Dana Desk',
      'Voucher',
      '1',
      money(voucher),
      money(voucher),
      money(0),
    ]);
    expect(await supervisor.getByText('1 order was voided.').count()).toBe(1);
    const vouchers = supervisor.getByRole('table', { name: /^Vouchers taken on / });
    expect(
      (await vouchers.getByRole('row').filter({ hasText: voucherCode }).allInnerTexts())[0]?.split('\t'),
    ).toEqual([voucherCode, money(voucher), samOrder, 'Dana Desk', 'Another’s, handed back (voided)']);
    await waitForPage(supervisor);
    await expectNoAxeViolations(supervisor);
  }, 180_000); // two staff browsers, a join, a booking, a void and the cash-up, every page checked
});
