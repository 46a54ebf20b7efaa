import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { bookingCentre } from './support/booking.ts';
import { useE2E } from './support/fixture.ts';
import { tabTo } from './support/focus.ts';

/**
 * Cymraeg a Saesneg (issue 38 item 3, decision 0108): an operator offering both shows a switch on
 * every page; the address says the language, so the switch keeps the customer where they were and
 * a Welsh link opens in Welsh. The first words moved to the catalogues (the chrome's) show in Welsh.
 */
describe('choosing the language', () => {
  const e2e = useE2E({ LIDO_LANGUAGES: 'en,cy' });
  const lang = (page: { evaluate: (f: () => string) => Promise<string> }) =>
    page.evaluate(() => document.documentElement.lang);

  it('moves between English and Welsh on the same page, by mouse and by keyboard, at phone size', async () => {
    const bookings = e2e.server.urls.bookings;
    const page = await e2e.page({ width: 390, height: 844 });
    await visit(page, `${bookings}/location/${bookingCentre}?x=1`);
    expect(await lang(page)).toBe('en-GB');
    const cymraeg = page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Cymraeg' });
    expect(await cymraeg.getAttribute('lang')).toBe('cy');
    expect(await cymraeg.getAttribute('hreflang')).toBe('cy');

    await cymraeg.click();
    await page.waitForURL(`${bookings}/cy/location/${bookingCentre}?x=1`);
    await waitForPage(page);
    expect(await lang(page)).toBe('cy');
    await page.getByRole('link', { name: 'Neidio i’r prif gynnwys' }).waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Agor y ddewislen' }).waitFor();
    await expectNoAxeViolations(page);

    // The app's own links stay in Welsh: the logo goes to the Welsh home page.
    await page.locator('a.site-header__logo').click();
    await page.waitForURL(`${bookings}/cy`);
    await waitForPage(page);
    expect(await lang(page)).toBe('cy');

    // By keyboard.
    const english = page.getByRole('navigation', { name: 'Iaith' }).getByRole('link', { name: 'English' });
    await tabTo(page, english);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${bookings}/`);
    await waitForPage(page);
    expect(await lang(page)).toBe('en-GB');
    await page.getByRole('link', { name: 'Skip to main content' }).waitFor({ state: 'attached' });
  });

  it('opens a shared Welsh link in Welsh on desktop, with the header in Welsh and links to other sites in Welsh', async () => {
    const page = await e2e.page();
    await visit(page, `${e2e.server.urls.bookings}/cy/location/${bookingCentre}`);
    expect(await lang(page)).toBe('cy');
    const nav = page.getByRole('navigation', { name: 'Prif' });
    await nav.getByRole('link', { name: 'Archebu gweithgaredd' }).waitFor();
    const joining = nav.getByRole('link', { name: 'Prynu aelodaeth' });
    expect(await joining.getAttribute('href')).toMatch(new RegExp(`^${e2e.server.urls.onlineJoining}/cy/`));
    await joining.click();
    await page.waitForURL(new RegExp(`^${e2e.server.urls.onlineJoining}/cy/`));
    await waitForPage(page);
    expect(await lang(page)).toBe('cy');
    await expectNoAxeViolations(page);
  });
});
