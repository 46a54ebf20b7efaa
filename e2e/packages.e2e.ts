import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { acceptWhatCheckoutAsks, adultClasses, bookingCentre, openFirstSession } from './support/booking.ts';
import { useE2E } from './support/fixture.ts';
import { logIn } from './support/log-in.ts';
import { fillBilling, fillCard, settled } from './support/pay-by-card.ts';

/**
 * Packages (issue 18 item 2, decision 0049): Alex buys a 10-swim card on the bookings site, books
 * two swims with it (nothing to pay) and sees 8 uses left on My account → Packages.
 */
const centre = bookingCentre;

describe('packages', () => {
  const e2e = useE2E();

  /** Books the first public swim shown from the strip's day `from`, paid with the package. */
  async function bookSwimWithPackage(page: Page, from: number, usesLeftAfter: number) {
    await visit(page, `${e2e.server.urls.bookings}/location/${centre}`);
    const swims = adultClasses(page).filter({ hasText: 'Public swim' });
    await openFirstSession(page, swims, from);
    await page.getByRole('heading', { name: 'Save with a package', level: 2 }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Add to basket', exact: true }).click();
    await page.getByText('Successfully added item to the basket.').waitFor();
    await page.getByRole('link', { name: 'Go to your basket' }).click();
    await page.waitForURL(`${e2e.server.urls.bookings}/basket`);
    await waitForPage(page);
    await page
      .getByText(`Paid with your 10-swim card: ${usesLeftAfter} uses left after this booking.`)
      .waitFor();
    expect(await page.locator('.basket__total').innerText()).toContain('£0.00');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Continue to checkout' }).click();
    await page.waitForURL(`${e2e.server.urls.bookings}/checkout`);
    await waitForPage(page);
    await acceptWhatCheckoutAsks(page);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Confirm order' }).click();
    await page.waitForURL(/\/booking-confirmed\/\d+$/);
    await waitForPage(page);
    await page.getByRole('heading', { name: 'Your booking is confirmed', level: 1 }).waitFor();
    expect(await page.getByRole('region', { name: 'Receipt' }).innerText()).toContain('Nothing to pay');
    await expectNoAxeViolations(page);
  }

  it('lets Alex buy a 10-swim card, book two swims with it and see 8 uses left', async () => {
    const page = await e2e.page();
    await visit(page, `${e2e.server.urls.bookings}/location/${centre}`);
    await page.getByRole('link', { name: 'Packages at Castlefield Leisure Centre' }).click();
    await page.waitForURL(`${e2e.server.urls.bookings}/location/${centre}/packages`);
    await waitForPage(page);
    await page.getByRole('heading', { name: 'Packages at Castlefield Leisure Centre', level: 1 }).waitFor();
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: '10-swim card' }) });
    expect(await card.innerText()).toContain('£45.00');
    await expectNoAxeViolations(page);

    // A visitor logs in from the offer and stays on the page.
    await card.getByRole('button', { name: 'Log in to buy 10-swim card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.waitFor();
    await logIn(page, 'C100001'); // Alex: an adult with no membership and no package
    await dialog.waitFor({ state: 'hidden' });
    await card.getByRole('button', { name: 'Buy 10-swim card' }).click();
    await page.getByText('Successfully added item to the basket.').waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Go to your basket' }).click();
    await page.waitForURL(`${e2e.server.urls.bookings}/basket`);
    await waitForPage(page);
    await page.getByText('10 uses, valid 3 months from purchase: Swimming').waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Continue to checkout' }).click();
    await page.waitForURL(`${e2e.server.urls.bookings}/checkout`);
    await waitForPage(page);
    const pay = page.getByRole('button', { name: 'Pay £45.00 now' });
    await pay.waitFor();
    await fillBilling(page);
    await fillCard(page, { name: 'ALEX NEWMAN', number: '4929000000006' });
    await acceptWhatCheckoutAsks(page);
    await expectNoAxeViolations(page);
    // Brought into view and left to settle first (see bookings-embedded.e2e.ts).
    await pay.scrollIntoViewIfNeeded();
    await settled(pay);
    await pay.click();
    await page.waitForURL(/\/booking-confirmed\/\d+$/);
    await waitForPage(page);
    await page.getByRole('heading', { name: 'Your payment was successful', level: 1 }).waitFor();
    expect(await page.getByRole('main').innerText()).toContain('10-swim card at Castlefield Leisure Centre');
    await expectNoAxeViolations(page);

    // Two swims, each paid with a use: nothing to pay either time.
    await bookSwimWithPackage(page, 1, 9);
    await bookSwimWithPackage(page, 2, 8);

    await visit(page, `${e2e.server.urls.myAccount}/packages`);
    await page.getByRole('heading', { name: 'Packages', level: 1 }).waitFor();
    const held = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: '10-swim card' }) });
    await held.waitFor();
    expect(await held.innerText()).toContain('8 of 10');
    expect(await held.getByText('Used for this booking').count()).toBe(2);
    await expectNoAxeViolations(page);
  }, 240_000); // three checkouts, each page checked
});
