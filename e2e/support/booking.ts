import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './browser.ts';
import { expectFocusedInView } from './focus.ts';
import { logIn } from './log-in.ts';

/** The demo centre whose timetable the booking tests use. */
export const bookingCentre = 'castlefield-leisure-centre';

/** Ticks whatever terms and waivers the bookings checkout asks for. */
export async function acceptWhatCheckoutAsks(page: Page) {
  for (const waiver of await page.getByRole('checkbox', { name: /^I agree to the waiver for / }).all())
    await waiver.check();
  for (const terms of await page.getByRole('checkbox', { name: /^I have read and agree to the / }).all()) {
    await terms.click();
    await page.getByRole('dialog').getByRole('button', { name: 'I Agree' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
  }
}

/**
 * Shows the week's days in turn from `from` until one lists what `wanted` finds. A day counts as
 * shown once its button is pressed and the live region has said how many sessions it has.
 */
export async function firstDayWith(page: Page, wanted: Locator, from: number) {
  const days = page.getByRole('list', { name: 'Days' }).getByRole('button');
  for (let day = from; day < 7; day++) {
    await days.nth(day).click();
    await expect.poll(() => days.nth(day).getAttribute('aria-pressed')).toBe('true');
    const label = (await days.nth(day).innerText()).split('\n').slice(0, 2).join(' ');
    await page.getByRole('heading', { level: 2, name: label }).waitFor();
    if ((await wanted.count()) > 0) return;
  }
  throw new Error('No day of the week lists the session this test needs');
}

/**
 * A class just added in the staff site, as the bookings timetable lists it: bookable, with its
 * instructor and time. The timetable's cached read catches up within seconds, so the centre's
 * timetable is opened again until a day from tomorrow on lists it; that day is left shown.
 */
export async function newClassOnTimetable(
  page: Page,
  bookingsSite: string,
  { instructor, time }: { instructor: string; time: string },
): Promise<Locator> {
  const listed = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: /^Book / }) })
    .filter({ hasText: instructor })
    .filter({ hasText: time });
  await expect
    .poll(
      async () => {
        await visit(page, `${bookingsSite}/location/${bookingCentre}`);
        return firstDayWith(page, listed, 1).then(
          () => true,
          () => false,
        );
      },
      { timeout: 30_000, interval: 2_000 },
    )
    .toBe(true);
  return listed;
}

/** Sessions on the shown day that an adult may book (no age limit, not a court). */
export function adultClasses(page: Page): Locator {
  return page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: /^Book / }) })
    .filter({ hasNotText: /Ages \d|courts? free/ });
}

/**
 * After logging in on a session page, waits until the page shows the customer's own prices (an
 * adult's: the Adult band chosen) rather than the visitor's, which are read again on login.
 */
export async function waitForCustomersPrices(page: Page) {
  await expect.poll(() => page.getByRole('radio', { name: /^Adult/ }).isChecked()).toBe(true);
}

/** Opens the first session `sessions` finds, trying the strip's days from `from`; answers its name. */
export async function openFirstSession(page: Page, sessions: Locator, from: number): Promise<string> {
  await firstDayWith(page, sessions, from);
  const name = await sessions.first().getByRole('heading').innerText();
  await sessions
    .first()
    .getByRole('link', { name: /^Book / })
    .click();
  await page.waitForURL(/\/sessions\/\d+$/);
  await waitForPage(page);
  return name;
}

/** On a session page as a visitor: logs in through "Log in to book", then adds one place. */
export async function logInAndAddToBasket(page: Page, username: string) {
  await page.getByRole('button', { name: 'Log in to book' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.waitFor();
  await expectNoAxeViolations(page);
  await logIn(page, username);
  await login.waitFor({ state: 'hidden' });
  await waitForCustomersPrices(page);
  // Focus comes back to the button, in view once the customer's own choices have been drawn.
  const add = page.getByRole('button', { name: 'Add to basket' });
  await expectFocusedInView(add);
  await add.click();
  await page.getByText('Successfully added item to the basket.').waitFor();
}

/**
 * On the staff site, with a customer selected: a place in Castlefield's next paid class
 * (Small-group HIIT) added to their basket, and the till's basket opened.
 */
export async function deskAddsPaidClass(page: Page, staffSite: string) {
  await page
    .getByRole('navigation', { name: 'Staff' })
    .getByRole('link', { name: 'Book an activity' })
    .click();
  await page.waitForURL(`${staffSite}/book`);
  await waitForPage(page);
  await page.getByRole('link', { name: 'Castlefield Leisure Centre' }).click();
  await page.waitForURL(`${staffSite}/location/${bookingCentre}`);
  await waitForPage(page);
  const paidClasses = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: /^Book / }) })
    .filter({ hasText: 'Small-group HIIT' });
  await openFirstSession(page, paidClasses, 1);
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await page.getByText('Successfully added item to the basket.').waitFor();
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Basket' }).click();
  await page.waitForURL((url) => url.pathname === '/basket');
}
