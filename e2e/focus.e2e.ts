import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';
import { describeFocus, expectFocusOn, expectFocusOnNewPage, overlaps } from './support/focus.ts';
import { step } from './support/joining.ts';
import { logIn } from './support/log-in.ts';
import { adultClasses, bookingCentre, logInAndAddToBasket, openFirstSession } from './support/booking.ts';

/** Waits for smooth scrolling (the joining page's, to the section it opened) to come to rest. */
async function scrollSettled(page: Page) {
  let last = -1;
  await expect
    .poll(
      async () => {
        const y = await page.evaluate(() => window.scrollY);
        const still = y === last;
        last = y;
        return still;
      },
      { interval: 250 },
    )
    .toBe(true);
}

/** Issue 21 items 2 and 3: focus follows the customer, and nothing hides what has focus. */
describe('focus on a phone', () => {
  const e2e = useE2E();

  it('takes focus to the chosen centre’s heading, at the top, after "Select and continue"', async () => {
    const page = await e2e.page({ width: 390, height: 844 });
    await visit(page, `${e2e.server.urls.onlineJoining}/`);
    await page.getByLabel('Search for a town, postcode or centre').fill('Manchester');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const select = page
      .getByRole('button', { name: /^Select(?=.*Castlefield Leisure Centre).*and continue/ })
      .first();
    await select.scrollIntoViewIfNeeded();
    await select.click();
    await page.waitForURL(`${e2e.server.urls.onlineJoining}/centre/castlefield-leisure-centre`);
    await waitForPage(page);
    await expectFocusOnNewPage(page);
    await expectNoAxeViolations(page);
  });

  it('gives focus back to the Account button when Escape closes its menu', async () => {
    const page = await e2e.page({ width: 390, height: 844 });
    await visit(page, `${e2e.server.urls.myAccount}/login?redirect=%2Fmemberships`);
    await logIn(page, 'C100003');
    await page.waitForURL(`${e2e.server.urls.myAccount}/memberships`);
    await waitForPage(page);
    // Logging in is a route change too: the new page's heading has focus.
    await expectFocusOnNewPage(page);
    const account = page.getByRole('banner').getByRole('button', { name: 'Account', exact: true });
    await account.focus();
    await page.keyboard.press('Enter');
    const menu = page.locator('.account-menu__list');
    await menu.waitFor();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Tab');
    expect(await menu.evaluate((list) => list.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expectFocusOn(account);
  });

  /** Alex's renewal in the basket, at checkout on a phone, paying with a different card. */
  async function openCheckout() {
    const page = await e2e.page({ width: 1280, height: 900 });
    await visit(page, `${e2e.server.urls.myAccount}/login?redirect=%2Fmemberships`);
    await logIn(page, 'C100003');
    await page.getByRole('button', { name: 'Renew Swim Unlimited' }).click();
    await page.getByText('Membership added to basket.').waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, `${e2e.server.urls.onlineJoining}/checkout`);
    await page.getByRole('radio', { name: 'A different card' }).check();
    // Sam's name and address are on his account, so they are shown, not asked again; a card billed
    // elsewhere opens the fields, his name already in them.
    await page.getByRole('button', { name: 'Use a different address' }).click();
    const billing = page.getByRole('group', { name: 'Billing Details' });
    expect(await billing.getByLabel('First name').inputValue()).toBe('Sam');
    await page.locator('iframe[title="Card details"]').waitFor();
    await expectNoAxeViolations(page);
    return page;
  }

  it('never hides a focused checkout field behind the pay area, nor covers the page with it at 320x256', async () => {
    const page = await openCheckout();
    // Tab from the top of the form to the pay area: no focused field is covered by it.
    const payArea = page.locator('.checkout-pay-area');
    await page.getByRole('radio', { name: 'A different card' }).focus();
    const visited: string[] = [];
    for (let presses = 0; presses < 60; presses++) {
      await page.keyboard.press('Tab');
      const where = await describeFocus(page);
      if (await payArea.evaluate((area) => area.contains(document.activeElement))) break;
      visited.push(where);
      const focused = await page.evaluate(() => {
        const rect = document.activeElement!.getBoundingClientRect();
        return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
      });
      const area = (await payArea.boundingBox())!;
      expect(overlaps(focused, area), `${where} is behind the pay area`).toBe(false);
      expect(focused.y + focused.height, `${where} is below the screen`).toBeLessThanOrEqual(844);
    }
    // The fields it hid before were among them.
    for (const field of ['Postcode', 'Town', 'Address line 2', 'Health commitment', 'Membership terms'])
      expect(visited.join('\n')).toContain(field);

    // Zoomed to 400% (320x256), the pay area is part of the page, not fixed over it.
    await page.setViewportSize({ width: 320, height: 256 });
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await payArea.evaluate((area) => getComputedStyle(area).position)).toBe('static');
    expect((await payArea.boundingBox())!.y).toBeGreaterThanOrEqual(256);
    await expectNoAxeViolations(page);
  });

  it('locks the page behind a terms dialog, and returns focus to the terms box, in view', async () => {
    const page = await e2e.page({ width: 390, height: 844 });
    await visit(
      page,
      `${e2e.server.urls.onlineJoining}/login?redirect=%2Fcentre%2Fcastlefield-leisure-centre`,
    );
    await logIn(page, 'C100001');
    await page.waitForURL(`${e2e.server.urls.onlineJoining}/centre/castlefield-leisure-centre`);
    await waitForPage(page);
    await step(page, 'Membership')
      .getByRole('button', { name: 'Choose this membership: Off-peak Gym' })
      .click();
    await step(page, 'Your details').getByRole('button', { name: 'Continue', exact: true }).click();
    const dates = step(page, 'Review & select dates');
    // The health commitment fits its dialog; the membership terms scroll inside it.
    for (const name of ['Health commitment', 'Membership terms']) {
      const box = dates.getByLabel(new RegExp(`I have read and agree to the ${name}`, 'i'));
      // The terms open from the button beside their box (the box only ticks: WCAG 3.2.2).
      const read = dates.getByRole('button', { name: new RegExp(`^Read the ${name}`, 'i') });
      await read.focus();
      await scrollSettled(page);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await scrollSettled(page);
      const scrolled = await page.evaluate(() => window.scrollY);
      // End in the terms, twice (the second once at their end): the page behind stays put.
      await dialog.getByRole('region').focus();
      await page.keyboard.press('End');
      await page.keyboard.press('End');
      await page.keyboard.press('PageDown');
      // Keyboard scrolling is animated: give it time to move the page, were it to.
      await page.waitForTimeout(500);
      const agree = dialog.getByRole('button', { name: 'I Agree' });
      await expect.poll(() => agree.isEnabled()).toBe(true);
      expect(await page.evaluate(() => window.scrollY), name).toBe(scrolled);
      await agree.focus();
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      await expectFocusOn(read);
      expect(await box.isChecked()).toBe(true);
      const readArea = (await read.boundingBox())!;
      expect(readArea.y, name).toBeGreaterThanOrEqual(0);
      expect(readArea.y + readArea.height, name).toBeLessThanOrEqual(844);
    }
    await expectNoAxeViolations(page);
  });
  it('keeps focus on the timetable’s filters and week buttons as they change the list (issue 34 item 1)', async () => {
    const page = await e2e.page({ width: 390, height: 844 });
    await visit(page, `${e2e.server.urls.bookings}/location/${bookingCentre}`);
    const form = page.getByRole('form', { name: 'Filter sessions' });
    await form.getByLabel('Activity').selectOption({ index: 1 });
    const show = form.getByRole('button', { name: 'Show sessions' });
    await show.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/category=/);
    await expectFocusOn(show);
    const clear = form.getByRole('button', { name: 'Clear filters' });
    await clear.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => !url.search.includes('category='));
    await expectFocusOn(show);
    await page.getByRole('button', { name: 'Next 7 days' }).click();
    await page.waitForURL(/from=/);
    // Back on the first week "Previous 7 days" can go no further, and keeps focus.
    const previous = page.getByRole('button', { name: 'Previous 7 days' });
    // Pressable once the next week has loaded.
    await expect.poll(() => previous.getAttribute('aria-disabled')).toBeNull();
    await previous.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => !url.search.includes('from='));
    await expect.poll(() => previous.getAttribute('aria-disabled')).toBe('true');
    await expectFocusOn(previous);
    await expectNoAxeViolations(page);
  });

  it('moves focus to "Your basket is empty" when the basket is emptied (issue 34 item 1)', async () => {
    const page = await e2e.page({ width: 390, height: 844 });
    await visit(page, `${e2e.server.urls.bookings}/location/${bookingCentre}`);
    await openFirstSession(page, adultClasses(page), 1);
    await logInAndAddToBasket(page, 'C100001');
    await page.getByRole('link', { name: 'Go to your basket' }).click();
    await page.waitForURL(`${e2e.server.urls.bookings}/basket`);
    await waitForPage(page);
    const empty = page.getByRole('button', { name: 'Empty basket' });
    await empty.focus();
    await page.keyboard.press('Enter');
    // It asks first (issue 34 item 4).
    const confirm = page.getByRole('dialog', { name: 'Empty your basket?' });
    await confirm.waitFor();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Yes, empty my basket' }).focus();
    await page.keyboard.press('Enter');
    await expectFocusOn(page.getByRole('heading', { name: 'Your basket is empty' }));
    await page.getByText(/^You emptied your basket: 1 item removed/).waitFor();
    await expectNoAxeViolations(page);
  }, 120_000);
});
