import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { acceptWhatCheckoutAsks, bookingCentre } from './support/booking.ts';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { expectFocusOn } from './support/focus.ts';
import { useE2E } from './support/fixture.ts';
import { logIn } from './support/log-in.ts';
import { fillBilling, fillCard } from './support/pay-by-card.ts';

interface TimetableSession {
  id: number;
  kind: 'session' | 'facility';
  date: string;
  startTime: string;
  activity: { name: string };
  availability: { bookable: boolean; spacesLeft: number };
  prices: { id: number; available: boolean; price: { raw: { amount: number } } }[];
  waiverRequired: boolean;
}

/** A call as the site's own page makes it: same origin, the page's session cookie. */
async function call<T>(page: Page, origin: string, method: 'GET' | 'POST', path: string, data?: object) {
  const response = await page.request.fetch(`${origin}${path}`, {
    method,
    headers: { origin },
    ...(data ? { data } : {}),
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return ((await response.json()) as { data: T }).data;
}

/** Issue 18 item 5 (decision 0052), in Chromium. */
describe('a waiting list', () => {
  const e2e = useE2E();

  it('a customer joins a full session’s list, another cancels, the first is emailed the offer and books the place', async () => {
    const bookings = e2e.server.urls.bookings;
    const myAccount = e2e.server.urls.myAccount;

    // Priya takes the last place of a class at Castlefield (tomorrow's evening HIIT has one left),
    // paying with her account credit, so the class is full.
    const priya = await e2e.page();
    await visit(priya, `${myAccount}/login`);
    await logIn(priya, 'C100002');
    await priya.getByRole('heading', { name: /^Hello, Priya/ }).waitFor();
    const timetable = await call<{ today: string; days: { sessions: TimetableSession[] }[] }>(
      priya,
      bookings,
      'GET',
      `/api/activities/venues/${bookingCentre}/timetable?days=7`,
    );
    const session = timetable.days
      .flatMap((day) => day.sessions)
      .find(
        (found) =>
          found.kind === 'session' &&
          found.date > timetable.today &&
          found.availability.bookable &&
          found.availability.spacesLeft === 1 &&
          !found.waiverRequired &&
          found.prices.some((band) => band.available && band.price.raw.amount <= 1250),
      );
    expect(session, 'a class with one place left at Castlefield this week').toBeDefined();
    const band = session!.prices.find((found) => found.available && found.price.raw.amount <= 1250)!;
    const cart = await call<{ cartId: number; totals: { total: number } }>(
      priya,
      bookings,
      'POST',
      '/api/cart/add',
      {
        items: [{ id: session!.id, type: 'booking', pricing_option_id: band.id }],
      },
    );
    const terms = await call<{ data: { id: number }[] }>(
      priya,
      bookings,
      'GET',
      `/api/terms?cart_id=${cart.cartId}`,
    );
    await call(priya, bookings, 'POST', '/api/checkout/complete', {
      source: 'bookings',
      terms: terms.data.map((term) => term.id),
      ...(cart.totals.total > 0 ? { payments: [{ tender_type: 'credit', amount: cart.totals.total }] } : {}),
    });

    // Alex finds it full, logs in from the session page and joins the waiting list.
    const alex = await e2e.page();
    await visit(alex, `${bookings}/sessions/${session!.id}`);
    await alex.getByRole('heading', { name: session!.activity.name, level: 1 }).waitFor();
    await alex.getByRole('heading', { name: 'Waiting list', level: 2 }).waitFor();
    await expectNoAxeViolations(alex);
    await alex.getByRole('button', { name: 'Log in to use the waiting list' }).click();
    const login = alex.getByRole('dialog', { name: 'Log in' });
    await login.waitFor();
    await logIn(alex, 'C100001');
    await login.waitFor({ state: 'hidden' });
    await alex.getByRole('heading', { name: 'Join the waiting list', level: 2 }).waitFor();
    expect(await alex.getByRole('button', { name: 'Add to basket' }).count()).toBe(0);
    await expectNoAxeViolations(alex);
    await alex.getByRole('button', { name: 'Join the waiting list' }).click();
    const joined = alex.getByRole('heading', { name: 'You are on the waiting list', level: 2 });
    await joined.waitFor();
    await expectFocusOn(joined);
    await alex.getByText('You are 1st on the waiting list').waitFor();
    await expectNoAxeViolations(alex);

    // My account lists it, with its place in the queue and Leave.
    await visit(alex, `${myAccount}/bookings/upcoming`);
    const lists = alex.getByRole('region', { name: 'Waiting lists' });
    await lists.getByText('You are 1st on the waiting list').waitFor();
    expect(await lists.getByRole('button', { name: /^Leave the waiting list for / }).count()).toBe(1);
    await expectNoAxeViolations(alex);

    // Priya cancels her booking: the place is kept for Alex, not put back on sale.
    const mine = await call<{ upcoming: { id: number; sessionId: number | null }[] }>(
      priya,
      myAccount,
      'GET',
      '/api/my-account/bookings',
    );
    const booking = mine.upcoming.find((found) => found.sessionId === session!.id)!;
    await call(priya, myAccount, 'POST', `/api/my-account/bookings/${booking.id}/cancel`, {});
    await visit(priya, `${bookings}/sessions/${session!.id}`);
    await priya.getByText('Full', { exact: true }).first().waitFor();
    expect(await priya.getByRole('button', { name: 'Add to basket' }).count()).toBe(0);

    // The offer email is in the outbox, with its link to the session.
    const subject = new RegExp(`^A place is free: ${session!.activity.name}, `);
    await expect
      .poll(
        async () => {
          await alex.goto(`${bookings}/dev/outbox`);
          return alex.getByRole('link', { name: subject }).count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(1);
    await expectNoAxeViolations(alex);
    await alex.getByRole('link', { name: subject }).click();
    await alex.getByText(/Place offered until \w{3} \d{1,2} \w{3}, \d\d:\d\d/).waitFor();
    await expectNoAxeViolations(alex);
    const href = await alex.getByRole('link', { name: 'Book your place' }).getAttribute('href');
    expect(href).toMatch(new RegExp(`/sessions/${session!.id}$`));

    // The link, on the bookings site where Alex is logged in: the kept place, booked as usual.
    await visit(alex, `${bookings}${new URL(href!).pathname}`);
    await alex.getByText('A place is kept for you').waitFor();
    await alex.getByText(/^Place offered until .+\. Add it to your basket to book it\.$/).waitFor();
    await expectNoAxeViolations(alex);
    await alex.getByRole('button', { name: 'Add to basket' }).click();
    await alex.getByText('Successfully added item to the basket.').waitFor();
    await visit(alex, `${bookings}/checkout`);
    await alex.getByRole('button', { name: /^Pay £\d+\.\d\d now$/ }).waitFor();
    await fillBilling(alex);
    await fillCard(alex, { name: 'ALEX NEWMAN', number: '4929000000006' });
    await acceptWhatCheckoutAsks(alex);
    await expectNoAxeViolations(alex);
    await alex.getByRole('button', { name: /^Pay £\d+\.\d\d now$/ }).click();
    await alex.waitForURL(/\/booking-confirmed\/\d+$/);
    await waitForPage(alex);
    await alex.getByRole('heading', { name: 'Your booking is confirmed', level: 1 }).waitFor();
    expect(await alex.getByRole('region', { name: 'What you booked' }).innerText()).toContain(
      session!.activity.name,
    );
    await expectNoAxeViolations(alex);

    // The list is done with: My account no longer shows it.
    await visit(alex, `${myAccount}/bookings/upcoming`);
    await alex.getByRole('heading', { name: 'Bookings', level: 1 }).waitFor();
    await waitForPage(alex);
    expect(await alex.getByRole('region', { name: 'Waiting lists' }).count()).toBe(0);
    // Two customers' journeys through five pages: longer than one page's default minute.
  }, 240_000);
});
