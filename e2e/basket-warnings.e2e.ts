import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoAxeViolations,
  launchBrowser,
  openPage,
  type TrackedPage,
  visit,
  waitForPage,
} from './support/browser.ts';
import { acceptWhatCheckoutAsks, bookingCentre } from './support/booking.ts';
import { logIn } from './support/log-in.ts';
import { dataDirWithCatalogue } from './support/catalogue.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * Issue 33 item 6 (decision 0088): before paying, the basket warns that a place inside its
 * session's cancellation cut-off can't then be cancelled, and that the same person already has a
 * place on the session, saying whom each is for.
 *
 * So that a session inside its cut-off is there whatever the time of day, the operator sets Aqua
 * fit's cut-off to the longest the catalogue allows (7 days, its members' booking window) with
 * `npm run catalogue:import` before the server starts: every Aqua fit on sale is inside it.
 */

const aquaFitCutOff =
  /(description: 'A low-impact workout in the shallow end[^\n]*\n\s+minAge: 16\n\s+)cancellationCutoffMinutes: 120/;

interface TimetableSession {
  id: number;
  activity: { name: string };
  availability: { bookable: boolean };
}

describe('the basket warns before paying (issue 33 item 6)', () => {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const pages: TrackedPage[] = [];

  beforeAll(async () => {
    const dataDir = dataDirWithCatalogue('cutoff', (demo) => {
      expect(demo).toMatch(aquaFitCutOff);
      return demo.replace(aquaFitCutOff, '$1cancellationCutoffMinutes: 10080');
    });
    [server, browser] = await Promise.all([startServer({}, dataDir), launchBrowser()]);
    // An import and then a first start, on a machine shared with other test files.
  }, 300_000);
  afterAll(async () => {
    await Promise.all(pages.map((tracked) => tracked.context.close()));
    await browser?.close();
    await server?.stop();
    expect(
      pages.flatMap((tracked) => tracked.problems),
      'console errors, or focus fallen to <body>, in the browser',
    ).toEqual([]);
  });

  async function addAndOpenBasket(page: Page, bookings: string, sessionId: number) {
    await visit(page, `${bookings}/sessions/${sessionId}`);
    await waitForPage(page);
    await page.getByRole('button', { name: 'Add to basket' }).click();
    await page.getByText('Successfully added item to the basket.').waitFor();
    await page.getByRole('link', { name: 'Go to your basket' }).click();
    await page.waitForURL(/\/basket$/);
    await waitForPage(page);
  }

  it('warns that a place inside the cut-off can’t be cancelled, and that Priya already has a place on the class', async () => {
    const tracked = await openPage(browser!);
    pages.push(tracked);
    const { page } = tracked;
    const bookings = server!.urls.bookings;
    await visit(page, `${bookings}/login`);
    await logIn(page, 'C100002'); // Priya: a member, so Aqua fit's member price (£0.00) is hers
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    const answer = await page.request.get(
      `${bookings}/api/activities/venues/${bookingCentre}/timetable?days=7`,
      { headers: { origin: bookings } },
    );
    const week = (await answer.json()) as { data: { days: { sessions: TimetableSession[] }[] } };
    const aquaFit = week.data.days
      .flatMap((day) => day.sessions)
      .find((session) => session.activity.name === 'Aqua fit' && session.availability.bookable);
    expect(aquaFit, 'an Aqua fit at Castlefield Priya can book').toBeDefined();

    await addAndOpenBasket(page, bookings, aquaFit!.id);
    const warning = page.getByRole('listitem').filter({ hasText: 'Aqua fit' }).locator('.basket__warnings');
    await warning.getByText('Before you pay').waitFor();
    expect(await warning.innerText()).toContain(
      'Once paid, this booking can’t be cancelled or refunded: bookings can be cancelled up to 168 hours before the start, and this session starts sooner than that.',
    );
    await expectNoAxeViolations(page);

    // She books it (nothing to pay), then adds the same class again.
    await page.getByRole('link', { name: 'Continue to checkout' }).click();
    await page.waitForURL(`${bookings}/checkout`);
    await waitForPage(page);
    await acceptWhatCheckoutAsks(page);
    await page.getByRole('button', { name: 'Confirm order' }).click();
    await page.waitForURL(/\/booking-confirmed\/\d+$/);
    await waitForPage(page);

    await addAndOpenBasket(page, bookings, aquaFit!.id);
    await warning.getByText('Before you pay').waitFor();
    await expect
      .poll(() => warning.innerText())
      .toContain('You already have a place booked on this session: paying books another for you.');
    expect(await warning.innerText()).toContain('can’t be cancelled or refunded');
    await expectNoAxeViolations(page);
  }, 180_000);
});
