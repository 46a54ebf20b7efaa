import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { acceptWhatCheckoutAsks, bookingCentre, firstDayWith } from './support/booking.ts';
import { useE2E } from './support/fixture.ts';
import { logIn } from './support/log-in.ts';
import { fillBilling, fillCard, settled } from './support/pay-by-card.ts';

/**
 * Issue 18 item 1 (decision 0048): Priya's Gym Anytime has a Swim sessions benefit covering swims.
 * A swim she books is free with the benefit named on the line; she can take the benefit off another
 * swim and pay for it by card instead.
 */

/** Swims on the shown day that can be booked, other than the session at `except`. */
function swims(page: Page, except?: string): Locator {
  const bookable = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: /^Book (Public|Lane) swim/ }) });
  return except ? bookable.filter({ hasNot: page.locator(`a[href$="${except}"]`) }) : bookable;
}

/** Opens a swim from tomorrow on (no cut-off near), other than `except`; answers its path. */
async function openSwim(page: Page, except?: string): Promise<string> {
  await visit(page, `${page.url().split('/').slice(0, 3).join('/')}/location/${bookingCentre}`);
  await firstDayWith(page, swims(page, except), 1);
  const link = swims(page, except)
    .first()
    .getByRole('link', { name: /^Book / });
  const path = new URL((await link.getAttribute('href'))!, page.url()).pathname;
  await link.click();
  await page.waitForURL(/\/sessions\/\d+$/);
  await waitForPage(page);
  return path;
}

async function addToBasketAndOpenIt(page: Page) {
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await page.getByText('Successfully added item to the basket.').waitFor();
  await page.getByRole('link', { name: 'Go to your basket' }).click();
  await page.waitForURL(/\/basket$/);
  await waitForPage(page);
}

describe('membership benefits pay for bookings (issue 18)', () => {
  const e2e = useE2E();

  it('Priya books a swim her membership covers for nothing, then takes the benefit off another and pays by card', async () => {
    const page = await e2e.page();
    const bookings = e2e.server.urls.bookings;
    await visit(page, `${bookings}/login`);
    await logIn(page, 'C100002');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    // The first swim: free, and the line says which benefit paid for it.
    const first = await openSwim(page);
    await expectNoAxeViolations(page);
    await addToBasketAndOpenIt(page);
    const line = page.getByRole('listitem').filter({ hasText: 'Paid by your membership benefit' });
    expect(await line.innerText()).toContain('Swim sessions');
    expect(await line.getByText('£0.00', { exact: true }).count()).toBe(1);
    expect(await page.getByText(/^Total to pay now/).innerText()).toContain('£0.00');
    await expectNoAxeViolations(page);

    // Nothing to pay: the order is confirmed without a card.
    await page.getByRole('link', { name: 'Continue to checkout' }).click();
    await page.waitForURL(`${bookings}/checkout`);
    await waitForPage(page);
    await page.getByRole('complementary').getByText('Swim sessions', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /^Pay £/ }).count()).toBe(0);
    await acceptWhatCheckoutAsks(page);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Confirm order' }).click();
    await page.waitForURL(/\/booking-confirmed\/\d+$/);
    await waitForPage(page);
    await page.getByRole('heading', { name: 'Your booking is confirmed', level: 1 }).waitFor();
    expect(await page.getByRole('region', { name: 'Receipt' }).innerText()).toContain('Nothing to pay');
    await expectNoAxeViolations(page);

    // Another swim: the benefit is on it too, until she takes it off.
    await openSwim(page, first);
    await addToBasketAndOpenIt(page);
    const remove = page.getByRole('button', {
      name: /^Remove benefit Swim sessions from (Public|Lane) swim, /,
    });
    expect(await remove.count()).toBe(1);
    await expectNoAxeViolations(page);
    await remove.click();
    await page.getByText('Successfully removed benefit.').waitFor();
    await expect.poll(() => page.getByText(/^Total to pay now/).innerText()).toContain('£2.60');
    expect(await page.getByText('Paid by your membership benefit').count()).toBe(0);
    await expectNoAxeViolations(page);

    // She pays the price by card.
    await page.getByRole('link', { name: 'Continue to checkout' }).click();
    await page.waitForURL(`${bookings}/checkout`);
    await waitForPage(page);
    const pay = page.getByRole('button', { name: 'Pay £2.60 now' });
    await pay.waitFor();
    await fillBilling(page);
    await fillCard(page, { name: 'PRIYA SHAH', number: '4929000000006' });
    await acceptWhatCheckoutAsks(page);
    await expectNoAxeViolations(page);
    await pay.scrollIntoViewIfNeeded();
    await settled(pay);
    await pay.click();
    await page.waitForURL(/\/booking-confirmed\/\d+$/);
    await waitForPage(page);
    await page.getByRole('heading', { name: 'Your booking is confirmed', level: 1 }).waitFor();
    expect(await page.getByRole('region', { name: 'Receipt' }).innerText()).toContain('£2.60');
    await expectNoAxeViolations(page);
  }, 180_000);
});
