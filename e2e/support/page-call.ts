import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A call as a site's own page makes it: same origin, the page's session cookie; answers its data. */
export async function pageCall<T>(
  page: Page,
  origin: string,
  method: 'GET' | 'POST',
  path: string,
  data?: object,
): Promise<T> {
  const response = await page.request.fetch(`${origin}${path}`, {
    method,
    headers: { origin },
    ...(data ? { data } : {}),
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return ((await response.json()) as { data: T }).data;
}

/** A session as the timetable call answers it, with what the booking tests choose by. */
export interface TimetableSession {
  id: number;
  kind: 'session' | 'facility';
  date: string;
  activity: { name: string };
  availability: { bookable: boolean; spacesLeft: number };
  prices: { id: number; available: boolean; price: { raw: { amount: number } } }[];
  waiverRequired: boolean;
}

/** A centre's sessions this week, and today's date, as the bookings site reads them. */
export async function weekAt(page: Page, bookings: string, centre: string) {
  const timetable = await pageCall<{ today: string; days: { sessions: TimetableSession[] }[] }>(
    page,
    bookings,
    'GET',
    `/api/activities/venues/${centre}/timetable?days=7`,
  );
  return { today: timetable.today, sessions: timetable.days.flatMap((day) => day.sessions) };
}

/** Completes the customer's basket as the bookings site's checkout does: its terms, paid by credit. */
export async function payBasketWithCredit(page: Page, bookings: string) {
  const cart = await pageCall<{ cartId: number; totals: { total: number } }>(
    page,
    bookings,
    'GET',
    '/api/cart',
  );
  const terms = await pageCall<{ data: { id: number }[] }>(
    page,
    bookings,
    'GET',
    `/api/terms?cart_id=${cart.cartId}`,
  );
  return pageCall<{ orderId: number }>(page, bookings, 'POST', '/api/checkout/complete', {
    source: 'bookings',
    terms: terms.data.map((term) => term.id),
    ...(cart.totals.total > 0 ? { payments: [{ tender_type: 'credit', amount: cart.totals.total }] } : {}),
  });
}
