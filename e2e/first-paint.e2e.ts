import { describe, expect, it } from 'vitest';
import { visit } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';

/**
 * Decision 0091: each customer site's HTML paints its spinner before the app's JavaScript is
 * evaluated. The boot module marks `lido:app-start` when it imports the app; the browser's first
 * contentful paint (the spinner) comes first. The app's files are preloaded with the HTML, so
 * each is fetched once, and the stylesheet is the HTML's own (the spinner is drawn with it).
 */
describe('the first paint comes before the app starts, on every customer site', () => {
  const e2e = useE2E();

  it.each([
    ['the joining home', 'onlineJoining', '/'],
    [
      'a membership route',
      'onlineJoining',
      '/centre/castlefield-leisure-centre/membership/gym-anytime/recurring',
    ],
    ['the bookings timetable', 'bookings', '/location/castlefield-leisure-centre'],
    ['my account’s login', 'myAccount', '/login'],
  ] as const)('on %s', async (_, site, path) => {
    const page = await e2e.page({ width: 390, height: 844 });
    const scripts = new Map<string, number>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script')
        scripts.set(request.url(), (scripts.get(request.url()) ?? 0) + 1);
    });
    const response = await page.request.get(`${e2e.server.urls[site]}${path}`);
    const html = await response.text();
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/[^"]+\.css">/);
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/vendor-[^"]+\.js">/);

    await visit(page, `${e2e.server.urls[site]}${path}`);
    const order = await page.evaluate(() => ({
      firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      appStart: performance.getEntriesByName('lido:app-start')[0]?.startTime,
    }));
    expect(order.firstContentfulPaint).toBeDefined();
    expect(order.appStart).toBeDefined();
    expect(order.firstContentfulPaint).toBeLessThanOrEqual(order.appStart!);
    expect(
      [...scripts.values()].every((count) => count === 1),
      JSON.stringify([...scripts]),
    ).toBe(true);
  });
});
