import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { deskAddsPaidClass } from './support/booking.ts';
import { useE2E } from './support/fixture.ts';
import { staffLogIn } from './support/log-in.ts';

const staffNav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name, exact: true });

/** With LIDO_E2E_SHOTS=dir, the page at phone and desktop width, for a person to look at. */
async function shots(page: Page, name: string) {
  const dir = process.env.LIDO_E2E_SHOTS;
  if (!dir) return;
  const size = page.viewportSize();
  for (const [label, width, height] of [
    ['phone', 390, 844],
    ['desktop', 1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${dir}/${name}-${label}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** Finds a demo customer by postcode (the README's search) and selects them. */
async function selectByPostcode(page: Page, staffSite: string, postcode: string, name: string) {
  await visit(page, `${staffSite}/`);
  await page.getByLabel('Name, email, customer ID or postcode').fill(postcode);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `Select ${name}` }).click();
  await page.waitForURL(/\/customers\/\d+$/);
  const bar = page.getByRole('region', { name: 'Selected customer' });
  await expect.poll(() => bar.innerText()).toContain(name);
  await waitForPage(page);
}

/** Focus is on this element (the page moved it there after an action). */
const expectFocusOn = (page: Page, locator: ReturnType<Page['locator']>) =>
  expect.poll(() => locator.evaluate((element) => element === document.activeElement)).toBe(true);

describe('front of house: the desk helps a customer standing there (issue 34 item 8)', () => {
  const e2e = useE2E();

  it(
    'desk staff take payment told what is missing, then find the order and reprint its receipt',
    { timeout: 120_000 },
    async () => {
      const staffSite = e2e.server.urls.frontOfHouse;
      const desk = await e2e.page();
      await staffLogIn(desk, staffSite, 'desk', 'Desk-Staff-2026!');
      // Desk staff have Orders, but not the supervisor's pages.
      await staffNav(desk, 'Orders').waitFor();
      expect(await staffNav(desk, 'Audit log').count()).toBe(0);

      // Priya is found by her postcode, as the README says.
      await selectByPostcode(desk, staffSite, 'M15 4PS', 'Priya Shah');
      await expectNoAxeViolations(desk);
      // Desk staff cannot change her details.
      expect(await desk.getByRole('link', { name: 'Change details' }).count()).toBe(0);

      await deskAddsPaidClass(desk, staffSite);
      const panel = desk.getByRole('region', { name: 'Take payment' });
      await panel.waitFor();

      // Nothing tendered yet: the button says why it cannot be pressed.
      const pay = desk.getByRole('button', { name: 'Take payment' });
      expect(await pay.isDisabled()).toBe(true);
      const reason = desk.locator(`#${await pay.getAttribute('aria-describedby')}`);
      expect(await reason.innerText()).toMatch(
        /^£\d+\.\d\d is still to pay\. Add a payment above to cover it/,
      );
      await expectNoAxeViolations(desk);
      await shots(desk, 'take-payment-reason');

      const due = (await reason.innerText()).match(/£\d+\.\d\d/)![0];
      await panel.getByRole('radio', { name: 'Cash' }).check();
      await panel.getByLabel(/^Amount/).fill(due.slice(1));
      await panel.getByRole('button', { name: 'Add payment' }).click();
      await expect.poll(() => pay.isDisabled()).toBe(false);
      expect(await reason.count()).toBe(0);
      for (const box of await desk.locator('.till__terms input[type="checkbox"]').all()) await box.check();
      await pay.click();
      await desk.waitForURL((url) => /^\/orders\/\d+\/receipt$/.test(url.pathname));
      await desk.getByRole('table', { name: 'Paid with' }).waitFor();
      const order = await desk.locator('.till-receipt dd').first().innerText();

      // Later: Orders, found by the customer's name, and its receipt reprinted.
      await staffNav(desk, 'Orders').click();
      await desk.waitForURL((url) => url.pathname === '/orders');
      await desk.getByRole('table', { name: /^Orders taken on / }).waitFor();
      await desk.getByRole('searchbox', { name: 'Find an order' }).fill('priya');
      const row = desk.getByRole('row').filter({ hasText: order });
      await row.waitFor();
      await waitForPage(desk);
      await expectNoAxeViolations(desk);
      await shots(desk, 'orders-desk');
      await row.getByRole('link', { name: `Receipt for order ${order}` }).click();
      await desk.waitForURL((url) => url.pathname.endsWith('/receipt'));
      await desk.getByRole('heading', { name: 'Receipt', level: 1 }).waitFor();
      await expect.poll(() => desk.locator('.till-receipt dd').first().innerText()).toBe(order);
      await desk.getByRole('button', { name: 'Print receipt' }).waitFor();
      await waitForPage(desk);
      await expectNoAxeViolations(desk);
    },
  );

  it(
    'a supervisor changes details, cancels a booking, freezes and cancels a membership, each in the audit log',
    { timeout: 150_000 },
    async () => {
      const staffSite = e2e.server.urls.frontOfHouse;
      // The email another account holds is refused with a 409, on purpose.
      const page = await e2e.page({ expectedHttpErrors: [409] });
      await staffLogIn(page, staffSite, 'supervisor', 'Supervisor-2026!');

      // 1. Priya's details: her phone and email, changed for her.
      await selectByPostcode(page, staffSite, 'M15 4PS', 'Priya Shah');
      await page.getByRole('link', { name: 'Change details' }).click();
      await page.waitForURL((url) => url.pathname.endsWith('/details'));
      await page.getByRole('heading', { name: 'Change Priya Shah’s details', level: 1 }).waitFor();
      const email = page.getByLabel('Email address');
      await expect.poll(() => email.inputValue()).toBe('priya.shah@example.org');
      await waitForPage(page);
      await expectNoAxeViolations(page);
      await shots(page, 'change-details');
      // An email another account holds is refused with the reason.
      await email.fill('sam.carter@example.org');
      await page.getByRole('button', { name: 'Save details' }).click();
      await page.getByText('Another customer already uses this email address.').first().waitFor();
      await expectNoAxeViolations(page);
      await email.fill('priya.shah.new@example.org');
      await page.getByLabel('Phone number').fill('0161 496 0123');
      await page.getByRole('button', { name: 'Save details' }).click();
      await page.waitForURL(/\/customers\/\d+$/);
      const details = page.locator('.customer-details');
      await expect.poll(() => details.innerText()).toContain('priya.shah.new@example.org');
      expect(await details.innerText()).toContain('0161 496 0123');

      // 2. A booking of hers (her demo spin class, or the class the desk sold her), cancelled with
      // what comes back stated first.
      const cancelBooking = page.getByRole('button', { name: /^Cancel booking / }).first();
      await cancelBooking.waitFor();
      await waitForPage(page);
      await expectNoAxeViolations(page);
      await shots(page, 'customer-supervisor');
      await cancelBooking.click();
      const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
      await dialog.waitFor();
      // The refund sentence My account shows, read from the server.
      const refundLine = dialog.locator('.cancel-booking__statement p').nth(1);
      expect(await refundLine.innerText()).not.toBe('');
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Yes, cancel booking' }).click();
      const cancelled = page.getByRole('status').filter({ hasText: /^Cancelled / });
      await cancelled.waitFor();
      await expectFocusOn(page, cancelled);
      await expectNoAxeViolations(page);

      // 3. Her monthly membership, frozen for two months from the first date offered.
      await page.getByRole('link', { name: 'Freeze membership Gym Anytime' }).click();
      await page.getByRole('heading', { name: 'Freeze Priya Shah’s membership', level: 1 }).waitFor();
      await page.getByLabel('Freeze for').selectOption('2');
      await expect.poll(() => page.locator('form .facts').innerText()).toContain('Starts again');
      await waitForPage(page);
      await expectNoAxeViolations(page);
      await shots(page, 'freeze');
      await page.getByRole('button', { name: 'Freeze membership' }).click();
      const frozen = page.getByRole('heading', { name: 'Priya Shah’s membership freeze is confirmed' });
      await frozen.waitFor();
      await expectFocusOn(page, frozen);
      await expectNoAxeViolations(page);

      // 4. The same membership, cancelled on the terms read to her first (its freeze stays booked).
      await page.getByRole('link', { name: 'Back to Priya Shah' }).click();
      await page.getByRole('link', { name: 'Cancel membership Gym Anytime' }).click();
      await page.waitForURL((url) => url.pathname.endsWith('/cancel'));
      await page.getByRole('heading', { name: 'Cancel Priya Shah’s membership', level: 1 }).waitFor();
      await page.getByText('Last day of membership').waitFor();
      await page.getByText('Read this to the customer before confirming').waitFor();
      await waitForPage(page);
      await expectNoAxeViolations(page);
      await shots(page, 'cancel-membership');
      await page.getByLabel('Why are they leaving? (optional)').fill('Moving away');
      await page.getByRole('button', { name: 'Cancel membership' }).click();
      const done = page.getByRole('heading', { name: 'Priya Shah’s Gym Anytime membership is cancelled' });
      await done.waitFor();
      await expectFocusOn(page, done);
      await expectNoAxeViolations(page);

      // 5. The audit log has all four, in words, under the supervisor's name.
      await staffNav(page, 'Audit log').click();
      await page.waitForURL((url) => url.pathname === '/audit');
      await page.getByRole('table', { name: /^What staff did on .*, newest first$/ }).waitFor();
      await waitForPage(page);
      const entries = page.getByRole('main').getByRole('row');
      for (const text of [
        /Changed customer details.*Changed: email address, phone number/s,
        /Cancelled booking: /,
        /Froze membership Gym Anytime from .* to .*2 months at £\d+\.\d\d a month/s,
        /Cancelled membership Gym Anytime: last day .*Reason: Moving away/s,
      ]) {
        const entry = entries.filter({ hasText: text });
        await entry.first().waitFor();
        expect(await entry.first().innerText()).toContain('Sam Supervisor');
      }
      await expectNoAxeViolations(page);
    },
  );
});
