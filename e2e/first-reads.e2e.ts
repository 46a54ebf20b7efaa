import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { visit } from './support/browser.ts';
import { logIn } from './support/log-in.ts';
import { useE2E } from './support/fixture.ts';

/**
 * Loads a page, counting the network requests for each call its HTML preloads, and collects
 * Chrome's "preloaded … but not used" warnings. A preload whose URL differs from the app's fetch
 * (another parameter order, another credentials mode) is fetched twice and warned about.
 */
async function loadCountingPreloads(page: Page, url: string) {
  const requests = new Map<string, number>();
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname + new URL(request.url()).search;
    requests.set(path, (requests.get(path) ?? 0) + 1);
  });
  const unused: string[] = [];
  page.on('console', (message) => {
    if (/preloaded using link preload but not used/.test(message.text())) unused.push(message.text());
  });
  await visit(page, url);
  const preloads = await page.$$eval('link[rel="preload"][as="fetch"]', (links) =>
    links.map((link) => link.getAttribute('href')!),
  );
  // Chrome warns of an unused preload a few seconds after the load event.
  await page.waitForTimeout(3_500);
  return { preloads, requests, unused };
}

describe("a page's first reads are preloaded with its HTML and used, never fetched twice", () => {
  const e2e = useE2E();

  it.each([
    ['a membership, for a guest', '/centre/castlefield-leisure-centre/membership/off-peak-gym/recurring'],
    ['a centre, for a guest', '/centre/castlefield-leisure-centre'],
  ])('on the joining page of %s', async (_, path) => {
    const page = await e2e.page({ width: 390, height: 844 });
    const { preloads, requests, unused } = await loadCountingPreloads(
      page,
      `${e2e.server.urls.onlineJoining}${path}`,
    );
    expect(preloads.some((href) => href.startsWith('/api/memberships/types?venue_id='))).toBe(true);
    expect(preloads).toContain('/api/data-fields?onboarding_type=customer_account_online');
    // The footer is read on every page, with the HTML rather than after the page's render (decision 0107).
    expect(preloads).toContain('/api/activities/footer?venue=castlefield-leisure-centre');
    for (const href of preloads) expect(requests.get(href), href).toBe(1);
    expect(unused).toEqual([]);
  });

  it('on my account’s dashboard, for a signed-in customer', async () => {
    const page = await e2e.page({ width: 390, height: 844 });
    await visit(page, `${e2e.server.urls.myAccount}/login`);
    await logIn(page, 'C100002');
    await page.getByRole('heading', { name: /^Hello, /, level: 1 }).waitFor();
    const { preloads, requests, unused } = await loadCountingPreloads(page, `${e2e.server.urls.myAccount}/`);
    await page.getByRole('heading', { name: /^Hello, /, level: 1 }).waitFor();
    expect(preloads).toEqual(
      expect.arrayContaining([
        '/api/auth/user',
        '/api/cart',
        '/api/my-account/memberships',
        '/api/my-account/penalty-fees',
        '/api/activities/footer',
      ]),
    );
    for (const href of preloads) expect(requests.get(href), href).toBe(1);
    expect(unused).toEqual([]);

    // Signed in on another site (the cookies are the same), the header's user and basket are too.
    const bookings = await loadCountingPreloads(page, `${e2e.server.urls.bookings}/`);
    expect(bookings.preloads).toEqual(expect.arrayContaining(['/api/auth/user', '/api/cart']));
    for (const href of bookings.preloads) expect(bookings.requests.get(href), href).toBe(1);
    expect(bookings.unused).toEqual([]);
  });
});
