import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adultClasses, logInAndAddToBasket, openFirstSession } from './support/booking.ts';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';
import { logIn } from './support/log-in.ts';

const cliftonHeader = 'rgb(237, 246, 249)'; // #edf6f9, Clifton Lido & Spa's own header colour
const operatorHeader = 'rgb(27, 27, 47)'; // #1b1b2f, Brightwater Leisure's

const headerColour = (page: Page) =>
  page.locator('header.site-header').evaluate((el) => getComputedStyle(el).backgroundColor);

/** Issue 34 items 6 and 7: the centre's own look all the way, and no dead ends. */
describe("the centre's own look, and a way on from every page", () => {
  const e2e = useE2E();

  it("keeps Clifton's look from its timetable through the session, basket and checkout", async () => {
    const page = await e2e.page();
    const { bookings } = e2e.server.urls;
    await visit(page, `${bookings}/location/clifton-lido-and-spa`);
    const cliftonLook = async () => {
      await expect.poll(() => headerColour(page)).toBe(cliftonHeader);
      // The logo is named for what it shows (WCAG 2.5.3).
      await page.getByRole('link', { name: 'Clifton Lido & Spa home' }).waitFor();
      expect(await page.getByRole('link', { name: 'Brightwater Leisure home' }).count()).toBe(0);
    };
    await cliftonLook();

    await openFirstSession(page, adultClasses(page), 0);
    await cliftonLook();
    await logInAndAddToBasket(page, 'C100001'); // Alex: an adult with no membership
    await cliftonLook();

    await page
      .getByRole('link', { name: /^Basket/ })
      .first()
      .click();
    await page.waitForURL(`${bookings}/basket`);
    await waitForPage(page);
    await cliftonLook();
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Continue to checkout' }).click();
    await page.waitForURL(`${bookings}/checkout`);
    await waitForPage(page);
    await cliftonLook();
    await expectNoAxeViolations(page);

    // The operator's own home, every centre listed, wears the operator's look and ends the journey.
    await visit(page, `${bookings}/`);
    await expect.poll(() => headerColour(page)).toBe(operatorHeader);
    await page.getByRole('link', { name: 'Brightwater Leisure home' }).waitFor();
  });

  it('links to the accessibility statement when embedded, with the chrome hidden', async () => {
    const page = await e2e.page();
    await visit(page, `${e2e.server.urls.bookings}/location/clifton-lido-and-spa?embedded=true`);
    expect(await page.locator('header.site-header').count()).toBe(0);
    const statement = page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility statement' });
    expect(await statement.getAttribute('href')).toBe('/accessibility-statement');
    // The operator's footer stays out of another site's page.
    expect(await page.getByRole('contentinfo').innerText()).not.toContain('Open daily 7am to 9pm');
  });

  it("shows Sam's next bookings on the dashboard, and his cancelled swim only under Past", async () => {
    const page = await e2e.page();
    const { myAccount } = e2e.server.urls;
    await page.goto(`${myAccount}/login`);
    await waitForPage(page);
    await logIn(page, 'C100003');
    await page.waitForURL(`${myAccount}/`);
    await waitForPage(page);
    const upcoming = page
      .locator('.card')
      .filter({ has: page.getByRole('heading', { name: 'Upcoming bookings' }) });
    await upcoming.getByRole('listitem').first().waitFor();
    const listed = await upcoming.getByRole('listitem').allInnerTexts();
    expect(listed.some((text) => text.startsWith('Lane swim, '))).toBe(true);
    expect(listed.some((text) => text.startsWith('Public swim'))).toBe(false); // cancelled
    await expectNoAxeViolations(page);

    await upcoming.getByRole('link', { name: /bookings/ }).click();
    await page.waitForURL(`${myAccount}/bookings/upcoming`);
    await waitForPage(page);
    await page.getByRole('heading', { level: 2, name: 'Lane swim' }).first().waitFor();
    expect(await page.getByRole('heading', { level: 2, name: 'Public swim' }).count()).toBe(0);
    await page.getByRole('navigation', { name: 'Bookings' }).getByRole('link', { name: 'Past' }).click();
    await page.getByRole('heading', { level: 2, name: 'Public swim' }).waitFor();
  });

  it("pays Robin's balance in a plain checkout, with his name filled and the way back to the basket", async () => {
    const page = await e2e.page();
    const { myAccount, onlineJoining } = e2e.server.urls;
    await page.goto(`${myAccount}/login`);
    await waitForPage(page);
    await logIn(page, 'robin.hale@example.org');
    await page.waitForURL(`${myAccount}/`);
    await waitForPage(page);
    await page.getByRole('button', { name: /^Pay now/ }).click();
    await page.waitForURL(`${onlineJoining}/checkout`);
    await waitForPage(page);
    await page.getByRole('link', { name: 'Back to basket' }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel selection and start over' }).count()).toBe(0);
    // The billing name is the account's, never blank (shown, or filled in the fields).
    const billingName = page
      .getByText('Robin Hale', { exact: true })
      .or(page.getByLabel('First name').and(page.locator('[value="Robin"]')));
    await billingName.first().waitFor();
    await expectNoAxeViolations(page);
  });

  it('offers a wider search and the nearest centres when none is within the radius', async () => {
    const page = await e2e.page();
    await visit(page, `${e2e.server.urls.onlineJoining}/`);
    await page.getByLabel('Search for a town, postcode or centre').fill('Stockport');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const heading = page.locator('.finder__heading');
    await expect.poll(() => heading.innerText()).toBe('No venues found');
    await page.getByRole('list', { name: 'Nearest centres to Stockport' }).waitFor();
    expect(await page.getByRole('list', { name: 'Nearest centres to Stockport' }).innerText()).toMatch(
      /miles away/,
    );
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: /^Search within \d+ miles$/ }).click();
    await expect.poll(() => heading.innerText()).toMatch(/^\d+ centres? within \d+ miles of Stockport$/);
    expect(await heading.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectNoAxeViolations(page);
  });
});
