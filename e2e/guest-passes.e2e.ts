import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { acceptWhatCheckoutAsks, bookingCentre } from './support/booking.ts';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';
import { logIn } from './support/log-in.ts';

interface TimetableSession {
  id: number;
  kind: 'session' | 'facility';
  date: string;
  activity: { name: string };
  availability: { bookable: boolean; spacesLeft: number };
  prices: { band: string }[];
  ageLimit: string | null;
}

/** The bookings site's timetable for the week, as its page reads it. */
async function weekAt(page: Page, origin: string) {
  const response = await page.request.get(
    `${origin}/api/activities/venues/${bookingCentre}/timetable?days=7`,
    { headers: { origin } },
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { today: string; days: { sessions: TimetableSession[] }[] } })
    .data;
}

describe('guest passes (issue 18 item 3)', () => {
  const e2e = useE2E();

  it('a member brings a guest with a guest pass and sees it on the Guest passes page', async () => {
    const page = await e2e.page();
    const bookings = e2e.server.urls.bookings;
    await visit(page, `${bookings}/login`);
    await logIn(page, 'C100002'); // Priya: Gym Anytime gives her 2 guest passes a month
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    // A class after today, this month (so its pass counts in the period the account page shows),
    // with an Adult price and room for two.
    const week = await weekAt(page, bookings);
    const month = week.today.slice(0, 7);
    const session = week.days
      .flatMap((day) => day.sessions)
      .find(
        (found) =>
          found.kind === 'session' &&
          found.date > week.today &&
          found.availability.bookable &&
          found.availability.spacesLeft > 1 &&
          found.ageLimit === null &&
          found.prices.some((price) => price.band === 'adult'),
      );
    expect(session, 'a bookable adult class at Castlefield this week').toBeDefined();
    const sameMonth = session!.date.startsWith(month);

    await visit(page, `${bookings}/sessions/${session!.id}`);
    const guestSection = page.getByRole('region', { name: 'Bring a guest' });
    await guestSection.waitFor();
    expect(await guestSection.innerText()).toMatch(/You have 2 guest passes left for \w+ \d{4}/);
    await expectNoAxeViolations(page);

    // The form asks for both names: pressed empty, the summary says what is missing.
    await guestSection.getByRole('button', { name: 'Bring a guest' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('guest-first-name');
    await guestSection.getByRole('button', { name: 'Add guest to basket' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await summary.waitFor();
    expect(await summary.innerText()).toContain("Enter your guest's first name.");
    expect(await summary.innerText()).toContain("Enter your guest's last name.");
    await expectNoAxeViolations(page);

    await guestSection.getByLabel("Guest's first name").fill('Jo');
    await guestSection.getByLabel("Guest's last name").fill('Bloggs');
    await guestSection.getByRole('button', { name: 'Add guest to basket' }).click();
    const added = guestSection.getByText('Jo Bloggs is in your basket');
    await added.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toContain('Jo Bloggs is in your basket');
    await expect.poll(() => guestSection.innerText()).toMatch(/You have 1 guest pass left for/);
    await expectNoAxeViolations(page);

    // The basket: the guest's line, free with the pass.
    await visit(page, `${bookings}/basket`);
    const line = page.getByRole('listitem').filter({ hasText: 'Guest: Jo Bloggs, free with a guest pass' });
    await line.waitFor();
    expect(await line.innerText()).toContain(session!.activity.name);
    await expectNoAxeViolations(page);

    await visit(page, `${bookings}/checkout`);
    await acceptWhatCheckoutAsks(page);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Confirm order' }).click();
    await page.waitForURL(/\/booking-confirmed\/\d+$/);
    await waitForPage(page);
    await page.getByRole('heading', { name: 'Your booking is confirmed', level: 1 }).waitFor();
    expect(await page.getByRole('region', { name: 'Receipt' }).innerText()).toContain('Nothing to pay');
    await expectNoAxeViolations(page);

    // My account: the Guest passes item is in the navigation, and the page shows the guest.
    await visit(page, e2e.server.urls.myAccount);
    await page.getByRole('link', { name: 'Guest passes' }).first().click();
    await page.getByRole('heading', { name: 'Guest passes', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Guests you have brought' });
    await table.waitFor();
    const row = table.getByRole('row').filter({ hasText: 'Jo Bloggs' });
    expect(await row.innerText()).toContain(session!.activity.name);
    expect(await row.innerText()).toContain('Booked');
    if (sameMonth) expect(await page.getByText(/1 of 2 guest passes left for/).count()).toBe(1);
    await expectNoAxeViolations(page);
  }, 180_000);
});
