import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';
import { logIn } from './support/log-in.ts';

interface TimetableSession {
  id: number;
  kind: 'session' | 'facility';
  date: string;
  availability: { bookable: boolean; spacesLeft: number };
  prices: { id: number; available: boolean }[];
  waiverRequired: boolean;
}

/** A call as the bookings site's own page makes it: same origin, the page's session cookie. */
async function call<T>(page: Page, origin: string, method: 'GET' | 'POST', path: string, data?: object) {
  const response = await page.request.fetch(`${origin}${path}`, {
    method,
    headers: { origin },
    ...(data ? { data } : {}),
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return ((await response.json()) as { data: T }).data;
}

type HeldLine = { id: number; type: string; heldUntil: string };

/**
 * Issue 33 item 7: the basket's "Held for you until 02:15" used to end in silence. Two minutes
 * before a hold ends the basket warns, with a button that keeps the places longer (WCAG 2.2.1: at
 * least 20 s to ask for more time). The browser's clock is moved on; the server's is not.
 */
describe('held places never vanish silently (issue 33 item 7)', () => {
  const e2e = useE2E();

  it('warns two minutes before the hold ends, and "Keep my places for longer" asks the server for more time', async () => {
    const page = await e2e.page();
    const bookings = e2e.server.urls.bookings;
    await page.clock.install();
    await visit(page, `${e2e.server.urls.myAccount}/login?redirect=%2Fbookings%2Fupcoming`);
    await logIn(page, 'C100002');
    await page.getByRole('heading', { name: 'Bookings', level: 1 }).waitFor();
    const timetable = await call<{ today: string; days: { sessions: TimetableSession[] }[] }>(
      page,
      bookings,
      'GET',
      '/api/activities/venues/castlefield-leisure-centre/timetable?days=7',
    );
    const session = timetable.days
      .flatMap((day) => day.sessions)
      .find(
        (found) =>
          found.kind === 'session' &&
          found.date > timetable.today &&
          found.availability.bookable &&
          found.availability.spacesLeft > 1 &&
          !found.waiverRequired &&
          found.prices.some((band) => band.available),
      )!;
    const band = session.prices.find((found) => found.available)!;
    const cart = await call<{ items: HeldLine[] }>(page, bookings, 'POST', '/api/cart/add', {
      items: [{ id: session.id, type: 'booking', pricing_option_id: band.id }],
    });
    const heldUntil = Date.parse(cart.items.find((item) => item.type === 'booking')!.heldUntil);

    await visit(page, `${bookings}/basket`);
    await waitForPage(page);
    await page.getByText(/^Held for you until \d\d:\d\d$/).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Your places are held until' }).count()).toBe(0);

    // Ninety seconds before the hold ends (by the browser's clock), the warning is there.
    await page.clock.fastForward(heldUntil - 90_000 - (await page.evaluate(() => Date.now())));
    const warning = page.getByRole('alert').filter({ hasText: 'Your places are held until' });
    await warning.waitFor();
    expect(await warning.innerText()).toMatch(
      /Your places are held until \d\d:\d\d\s+After \d\d:\d\d they go back on sale\. Do you need more time\?/,
    );
    await expectNoAxeViolations(page);

    // The button asks the server to keep them (it holds them for another hold from its own now).
    const kept = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/cart/keep-places') && response.request().method() === 'POST',
    );
    await warning.getByRole('button', { name: 'Keep my places for longer' }).click();
    const answer = (await (await kept).json()) as { data: { items: HeldLine[] } };
    expect((await kept).status()).toBe(200);
    const line = answer.data.items.find((item) => item.type === 'booking')!;
    expect(Date.parse(line.heldUntil)).toBeGreaterThan(heldUntil);
    await expectNoAxeViolations(page);
  });
});
