import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';
import { logIn } from './support/log-in.ts';

interface TimetableSession {
  id: number;
  kind: 'session' | 'facility';
  date: string;
  activity: { name: string };
  availability: { bookable: boolean; spacesLeft: number };
  prices: { id: number; available: boolean; price: { raw: { amount: number } } }[];
  waiverRequired: boolean;
}

/** A band open to this customer that costs something her £12.50 of credit covers. */
const paidBand = (session: TimetableSession) =>
  session.prices.find((band) => band.available && band.price.raw.amount > 0 && band.price.raw.amount <= 1250);

const castlefield = 'castlefield-leisure-centre';

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

/** The session's places left, as the timetable shows them now. */
async function spacesLeft(page: Page, origin: string, session: TimetableSession) {
  const timetable = await call<{ days: { sessions: TimetableSession[] }[] }>(
    page,
    origin,
    'GET',
    `/api/activities/venues/${castlefield}/timetable?from=${session.date}&days=1`,
  );
  return timetable.days.flatMap((day) => day.sessions).find((found) => found.id === session.id)!.availability
    .spacesLeft;
}

describe('My account, Bookings: cancelling an upcoming booking (issue 17 item 5)', () => {
  const e2e = useE2E();

  it('shows a paid booking on its confirmation and under Upcoming, and cancels it with the refund stated first', async () => {
    const page = await e2e.page();
    const bookings = e2e.server.urls.bookings;
    await visit(page, `${e2e.server.urls.myAccount}/login?redirect=%2Fbookings%2Fupcoming`);
    await logIn(page, 'C100002'); // Priya: £12.50 of account credit
    await page.getByRole('heading', { name: 'Bookings', level: 1 }).waitFor();

    // A class from tomorrow on (well before any cut-off) that her credit pays for, booked through
    // the basket and completed as the bookings site's checkout does.
    const timetable = await call<{ today: string; days: { sessions: TimetableSession[] }[] }>(
      page,
      bookings,
      'GET',
      `/api/activities/venues/${castlefield}/timetable?days=7`,
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
          // Her Gym Anytime's Swim sessions benefit pays for swims (issue 18): a class costs money.
          !/swim/i.test(found.activity.name) &&
          paidBand(found) !== undefined,
      );
    expect(session, 'a bookable class within £12.50 at Castlefield this week').toBeDefined();
    const band = paidBand(session!)!;
    const before = await spacesLeft(page, bookings, session!);
    const cart = await call<{ cartId: number; totals: { total: number } }>(
      page,
      bookings,
      'POST',
      '/api/cart/add',
      {
        items: [{ id: session!.id, type: 'booking', pricing_option_id: band.id }],
      },
    );
    const terms = await call<{ data: { id: number }[] }>(
      page,
      bookings,
      'GET',
      `/api/terms?cart_id=${cart.cartId}`,
    );
    const completed = await call<{ orderId: number }>(page, bookings, 'POST', '/api/checkout/complete', {
      source: 'bookings',
      terms: terms.data.map((term) => term.id),
      payments: [{ tender_type: 'credit', amount: cart.totals.total }],
    });
    expect(await spacesLeft(page, bookings, session!)).toBe(before - 1);

    // The confirmation: what, the receipt, the calendar file.
    await page.goto(`${bookings}/booking-confirmed/${completed.orderId}`);
    await waitForPage(page);
    await page.getByRole('heading', { name: 'Your booking is confirmed', level: 1 }).waitFor();
    const booked = page.getByRole('region', { name: 'What you booked' });
    expect(await booked.getByRole('heading', { name: session!.activity.name }).count()).toBe(1);
    expect(await page.getByRole('region', { name: 'Receipt' }).innerText()).toContain('Account credit');
    await expectNoAxeViolations(page);
    const calendarHref = await page.getByRole('link', { name: 'Add to calendar' }).getAttribute('href');
    const calendar = await page.request.get(`${bookings}${calendarHref}`);
    expect(calendar.status()).toBe(200);
    expect(await calendar.text()).toContain('BEGIN:VEVENT');

    // My account, Bookings, Upcoming: ask, read the refund, confirm once.
    await page.getByRole('link', { name: 'See my bookings' }).click();
    await page.waitForURL(`${e2e.server.urls.myAccount}/bookings/upcoming`);
    await waitForPage(page);
    const open = page.getByRole('button', {
      name: new RegExp(`^Cancel booking for ${session!.activity.name} on `),
    });
    await open.first().click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await dialog.waitFor();
    // Cancelled in good time, the whole price comes back; the dialog says so before confirming.
    expect(await dialog.innerText()).toContain(`£${(band.price.raw.amount / 100).toFixed(2)}`);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Yes, cancel booking' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'Your booking has been cancelled' });
    await notice.waitFor();
    expect(await notice.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectNoAxeViolations(page);

    // The place is back on sale at once.
    expect(await spacesLeft(page, bookings, session!)).toBe(before);
  });
});
