import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  acceptWhatCheckoutAsks,
  adultClasses,
  bookingCentre,
  logInAndAddToBasket,
  openFirstSession,
} from './support/booking.ts';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';
import { fillBilling, fillCard, settled } from './support/pay-by-card.ts';

/**
 * Embedded mode on the bookings site (issue 17 item 7): the joining spec's rules ("Chrome is hidden
 * when embedded"; "A breadcrumb bar with a home icon is hidden when embedded") and the platform
 * spec's ("The embedded flag adds the query parameter embedded=true to links that cross
 * sub-domains") hold on every page of a booking, from the timetable to the confirmation.
 */
describe('booking an activity in embedded mode', () => {
  const e2e = useE2E();

  /** The embedded rules on the page as it is now, then axe. */
  async function expectEmbedded(page: Page) {
    await waitForPage(page);
    expect(await page.getByRole('banner').count(), 'no header').toBe(0);
    // No operator footer, but the accessibility statement is still linked (issue 34 item 6).
    expect(
      await page.getByRole('contentinfo').getByRole('link').allInnerTexts(),
      "only Lido's own footer link",
    ).toEqual(['Accessibility statement']);
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).count(), 'no breadcrumbs').toBe(0);
    const { myAccount, onlineJoining } = e2e.server.urls;
    const otherSites = [new URL(myAccount).origin, new URL(onlineJoining).origin];
    const crossSite = (
      await page.locator('a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href))
    ).filter((href) => otherSites.includes(new URL(href).origin));
    for (const href of crossSite) expect(new URL(href).searchParams.get('embedded'), href).toBe('true');
    await expectNoAxeViolations(page);
    return crossSite;
  }

  it('keeps the flag from the timetable through the session, basket, card checkout and confirmation', async () => {
    const page = await e2e.page();
    await visit(page, `${e2e.server.urls.bookings}/location/${bookingCentre}?embedded=true`);
    await expectEmbedded(page);

    const chosen = await openFirstSession(page, adultClasses(page), 1);
    await expectEmbedded(page);

    // With no header, logging in starts from the session page's own button.
    await logInAndAddToBasket(page, 'C100001');
    await expectEmbedded(page);

    await page.getByRole('link', { name: 'Go to your basket' }).click();
    await page.waitForURL(`${e2e.server.urls.bookings}/basket`);
    await page.getByText(/^Held for you until \d\d:\d\d$/).waitFor();
    expect(await page.getByRole('main').innerText()).toContain(chosen);
    await expectEmbedded(page);

    await page.getByRole('link', { name: 'Continue to checkout' }).click();
    await page.waitForURL(`${e2e.server.urls.bookings}/checkout`);
    await page.getByRole('button', { name: /^Pay £\d+\.\d\d now$/ }).waitFor();
    await expectEmbedded(page);
    await fillBilling(page);
    await fillCard(page, { name: 'Jordan Reed', number: '4929000000006' });
    await acceptWhatCheckoutAsks(page);
    await expectNoAxeViolations(page);
    // Brought into view and left to settle first: pressed in the same moment as Playwright's own
    // scroll, the press went to the card frame above it (see joining.e2e.ts).
    const pay = page.getByRole('button', { name: /^Pay £\d+\.\d\d now$/ });
    await pay.scrollIntoViewIfNeeded();
    await settled(pay);
    await pay.click();

    await page.waitForURL(/\/booking-confirmed\/\d+$/);
    await page.getByRole('heading', { name: 'Your booking is confirmed', level: 1 }).waitFor();
    expect(await page.getByRole('region', { name: 'What you booked' }).innerText()).toContain(chosen);
    const links = await expectEmbedded(page);
    // The way on to My account is a cross-site link, and it carries the flag.
    const myBookings = await page.getByRole('link', { name: 'See my bookings' }).getAttribute('href');
    expect(links).toContain(myBookings);

    // The flag is remembered for the tab: a page opened afterwards without it is still embedded.
    await visit(page, `${e2e.server.urls.bookings}/location/${bookingCentre}`);
    await expectEmbedded(page);
  }, 180_000);
});
