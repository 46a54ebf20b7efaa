import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';
import { expectFocusOn } from './support/focus.ts';
import { agreeToTerms } from './support/joining.ts';
import { logIn } from './support/log-in.ts';
import { acceptCheckoutTerms } from './support/pay-by-card.ts';

/**
 * Stand-ins for the two tag scripts, served in place of Google's (no internet here). Like the real
 * ones they record nothing unless initialised (`gtm.start`; gtag's `js` and `config` commands), then
 * report each page view and sale, earlier ones included, to the collection address.
 */
const fakeGtm = `(() => {
  const layer = (window.dataLayer = window.dataLayer || []);
  if (!layer.some((entry) => entry && entry['gtm.start'])) return;
  const send = (entry) => {
    if (!entry || (entry.event !== 'pageview' && entry.event !== 'transaction')) return;
    const order = entry.ecommerce ? '&order=' + encodeURIComponent(entry.ecommerce.orderId) : '';
    fetch('https://www.google-analytics.com/collect?tag=gtm&event=' + entry.event + '&path=' + encodeURIComponent(location.pathname) + order, { mode: 'no-cors' });
  };
  layer.forEach(send);
  const push = layer.push.bind(layer);
  layer.push = (...entries) => { entries.forEach(send); return push(...entries); };
})();`;
const fakeGtag = `(() => {
  const layer = (window.dataLayer = window.dataLayer || []);
  const commands = () => layer.filter((entry) => entry && typeof entry === 'object' && 'length' in entry && !Array.isArray(entry)).map((entry) => Array.from(entry));
  const started = () => commands().some((c) => c[0] === 'js') && commands().some((c) => c[0] === 'config');
  const send = (entry) => {
    if (!entry || Array.isArray(entry) || !('length' in entry) || entry[0] !== 'event' || !started()) return;
    const order = entry[2] && entry[2].transaction_id ? '&order=' + encodeURIComponent(entry[2].transaction_id) : '';
    fetch('https://www.google-analytics.com/collect?tag=gtag&event=' + entry[1] + '&path=' + encodeURIComponent(location.pathname) + order, { mode: 'no-cors' });
  };
  layer.forEach(send);
  const push = layer.push.bind(layer);
  layer.push = (...entries) => { entries.forEach(send); return push(...entries); };
})();`;

/** Serves the stand-in scripts and keeps every tag script request and collected hit. */
async function fakeTags(context: BrowserContext) {
  const scripts: string[] = [];
  const hits: string[] = [];
  await context.route('https://www.googletagmanager.com/**', async (route) => {
    const url = route.request().url();
    scripts.push(url);
    await route.fulfill({
      contentType: 'text/javascript',
      body: url.includes('/gtm.js') ? fakeGtm : fakeGtag,
    });
  });
  await context.route('https://www.google-analytics.com/**', async (route) => {
    const url = new URL(route.request().url());
    hits.push(
      `${url.searchParams.get('tag')} ${url.searchParams.get('event')} ${url.searchParams.get('path')}${url.searchParams.has('order') ? ` ${url.searchParams.get('order')}` : ''}`,
    );
    await route.fulfill({ status: 204 });
  });
  return { scripts, hits };
}

const banner = (page: Page) => page.getByRole('region', { name: /^Cookies on / });
const tagScriptsInPage = (page: Page) =>
  page.evaluate(() => document.querySelectorAll('script[src*="googletagmanager"]').length);

describe('analytics only with consent (issue 21 item 12)', () => {
  const e2e = useE2E({ LIDO_ANALYTICS_GA_ID: 'G-LIDOTEST1', LIDO_ANALYTICS_GTM_ID: 'GTM-LIDOTEST' });

  it('asks first, loads no tag when the customer rejects them, and lets them change their mind', async () => {
    const page = await e2e.page({ width: 390, height: 844 });
    const tags = await fakeTags(page.context());
    await visit(page, `${e2e.server.urls.bookings}/`);
    await banner(page)
      .getByRole('heading', { name: /^Cookies on / })
      .waitFor();
    // Nothing loads before an answer: no answer is a no.
    expect(tags.scripts).toEqual([]);
    await banner(page).getByRole('button', { name: 'Reject analytics cookies' }).click();
    const confirmation = banner(page).getByText('You’ve rejected analytics cookies.');
    await expectFocusOn(confirmation);
    await expectNoAxeViolations(page);
    await banner(page).getByRole('button', { name: 'Hide cookie message' }).click();
    await banner(page).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');

    await visit(page, `${e2e.server.urls.bookings}/location/castlefield-leisure-centre`);
    expect(await banner(page).count()).toBe(0);
    expect(tags.scripts).toEqual([]);
    expect(await tagScriptsInPage(page)).toBe(0);
    expect(tags.hits).toEqual([]);

    // The footer brings the question back, focused; accepting loads both tags, initialised.
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await expectFocusOn(banner(page).getByRole('heading', { name: /^Cookies on / }));
    await expectNoAxeViolations(page);
    await banner(page).getByRole('button', { name: 'Accept analytics cookies' }).click();
    await expect.poll(() => tags.scripts.length).toBe(2);
    await expect
      .poll(() => tags.hits)
      .toEqual(
        expect.arrayContaining([
          'gtm pageview /location/castlefield-leisure-centre',
          'gtag page_view /location/castlefield-leisure-centre',
        ]),
      );
  });

  it('with consent records each page view and the sale, and keeps tags off the card page', async () => {
    const page = await e2e.page({ expectedHttpErrors: [422] });
    const tags = await fakeTags(page.context());
    await visit(page, `${e2e.server.urls.myAccount}/login?redirect=%2Fmemberships`);
    await banner(page).getByRole('button', { name: 'Accept analytics cookies' }).click();
    await expect.poll(() => tags.hits).toContain('gtag page_view /login');
    await logIn(page, 'C100002');
    await page.getByRole('link', { name: 'Change membership from Gym Anytime' }).click();
    await waitForPage(page);
    // The joining site is another origin: its own question, answered the same way.
    await banner(page).getByRole('button', { name: 'Accept analytics cookies' }).click();
    await page.getByRole('button', { name: 'Choose this membership: Off-peak Gym' }).click();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    const dates = page.locator('section.joining-step').filter({ hasText: 'Review & select dates' });
    await agreeToTerms(page);
    expect(await tagScriptsInPage(page)).toBe(2);
    await dates.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${e2e.server.urls.onlineJoining}/checkout`);
    await waitForPage(page);
    // The checkout arrived in a fresh document: no tag script on the page with card fields.
    expect(await tagScriptsInPage(page)).toBe(0);
    expect(tags.hits.filter((hit) => hit.endsWith(' /checkout'))).toEqual([]);

    // Terms accepted on the joining page may or may not be asked for again here (issue 21 item 5).
    await page.getByRole('button', { name: 'Confirm order' }).click();
    const termsProblem = page.getByRole('alert').getByText('Please check all required terms and conditions');
    await Promise.race([
      page.waitForURL(/\/order-confirmed\/\d+$/).catch(() => undefined),
      termsProblem.waitFor().catch(() => undefined),
    ]);
    if (await termsProblem.isVisible()) {
      await acceptCheckoutTerms(page, ['Health commitment', 'Membership terms']);
      await page.getByRole('button', { name: 'Confirm order' }).click();
    }
    await page.waitForURL(/\/order-confirmed\/\d+$/);
    await waitForPage(page);
    const reference = (await page.getByText(/^Order LD-\d+$/).innerText()).replace('Order ', '');
    const confirmed = new URL(page.url()).pathname;
    await expect
      .poll(() => tags.hits)
      .toEqual(
        expect.arrayContaining([
          `gtm pageview ${confirmed}`,
          `gtag page_view ${confirmed}`,
          `gtm transaction ${confirmed} ${reference}`,
          `gtag purchase ${confirmed} ${reference}`,
        ]),
      );
    await expectNoAxeViolations(page);
  });
});
