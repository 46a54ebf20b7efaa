import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { bookingCentre } from './support/booking.ts';
import { useE2E } from './support/fixture.ts';
import { expectFocusOn, tabTo } from './support/focus.ts';

/**
 * Cymraeg a Saesneg (issue 38 item 3, decision 0108): an operator offering both shows a switch on
 * every page; the address says the language, so the switch keeps the customer where they were and
 * a Welsh link opens in Welsh. The words moved to the catalogues (the chrome's, the footer's, the
 * cookie banner's) show in Welsh. An analytics tag is configured so that the cookie banner shows.
 */
describe('choosing the language', () => {
  const e2e = useE2E({ LIDO_LANGUAGES: 'en,cy', LIDO_ANALYTICS_GA_ID: 'G-LIDOTEST1' });
  const lang = (page: { evaluate: (f: () => string) => Promise<string> }) =>
    page.evaluate(() => document.documentElement.lang);

  it('moves between English and Welsh on the same page, by mouse and by keyboard, at phone size', async () => {
    const bookings = e2e.server.urls.bookings;
    const page = await e2e.page({ width: 390, height: 844 });
    // Lingui warns on the console for each message it was given uncompiled: there should be none.
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
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
    expect(warnings.filter((warning) => warning.includes('Uncompiled message'))).toEqual([]);
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

  it('shows the footer and the cookie banner in Welsh on a Welsh page, none of their English', async () => {
    const page = await e2e.page();
    await visit(page, `${e2e.server.urls.bookings}/cy/location/${bookingCentre}`);
    expect(await lang(page)).toBe('cy');
    const banner = page.getByRole('region', { name: /^Cwcis ar / });
    await banner.getByRole('heading', { name: /^Cwcis ar / }).waitFor();
    await banner
      .getByText(/^Hoffem ddefnyddio cwcis dadansoddol \(Google Analytics a Google Tag Manager\)/)
      .waitFor();
    expect(await banner.getByText(/cookies/i).count()).toBe(0);
    await expectNoAxeViolations(page);

    await banner.getByRole('button', { name: 'Gwrthod cwcis dadansoddol' }).click();
    await expectFocusOn(banner.getByText(/^Rydych chi wedi gwrthod cwcis dadansoddol\. /));
    await banner.getByRole('button', { name: 'Cuddio’r neges cwcis' }).click();
    await banner.waitFor({ state: 'detached' });

    // The footer's own links, after the operator's footer: the statement stays in Welsh.
    const footer = page.locator('.site-footer__lido');
    const statement = footer.getByRole('link', { name: 'Datganiad hygyrchedd' });
    expect(await statement.getAttribute('href')).toMatch(/\/cy\/accessibility-statement$/);
    expect(await footer.getByText(/Accessibility statement|Cookie settings/).count()).toBe(0);
    await footer.getByRole('button', { name: 'Gosodiadau cwcis' }).click();
    await expectFocusOn(banner.getByRole('heading', { name: /^Cwcis ar / }));
    await banner.getByText('Ar hyn o bryd, rydych chi wedi gwrthod cwcis dadansoddol.').waitFor();
    await banner.getByRole('button', { name: 'Derbyn cwcis dadansoddol' }).waitFor();
  });
});
