import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptWhatCheckoutAsks, bookingCentre } from './support/booking.ts';
import {
  expectNoAxeViolations,
  launchBrowser,
  openPage,
  type TrackedPage,
  visit,
  waitForPage,
} from './support/browser.ts';
import { dataDirWithCatalogue } from './support/catalogue.ts';
import { describeFocus, tabTo } from './support/focus.ts';
import { demoPassword, logIn } from './support/log-in.ts';
import { fillCard } from './support/pay-by-card.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Issue 39 (decisions 0094 and 0098): Castlefield's aqua fit on one day opens for booking a few
// minutes after the server starts, announced in the catalogue file with a waiting room, its class
// cut to 3 places and at most 6 people let in a minute, so each customer sees the queue move.
// Three customers wait and book; a fourth, arriving when the places are gone, is offered the
// waiting list. One of the three does it all by keyboard on a phone.

const timeZone = 'Europe/London';
const local = (date: Date, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', ...options }).format(date);

/** The next Monday, Wednesday or Friday (aqua fit's days) within the adult band's 5-day window. */
function nextAquaFitDay(now: Date): string {
  for (let ahead = 1; ahead <= 4; ahead++) {
    const day = new Date(now.getTime() + ahead * 86_400_000);
    if (['Mon', 'Wed', 'Fri'].includes(local(day, { weekday: 'short' })))
      return local(day, { dateStyle: 'short' });
  }
  throw new Error('No aqua fit day in the next four days');
}

const aquaFitCapacity = /(key: castlefield-aqua-fit,[^}]*capacity: )25,/;
const opensIn = 150_000;

describe('the minute bookings open: a fair waiting room (issue 39)', () => {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const pages: TrackedPage[] = [];
  const day = nextAquaFitDay(new Date());
  let opensAt: Date;

  beforeAll(async () => {
    opensAt = new Date(Math.ceil((Date.now() + opensIn) / 1000) * 1000);
    const opening = {
      key: 'aqua-fit-opening',
      name: 'Aqua fit, next week',
      activity: 'aqua-fit',
      venue: bookingCentre,
      sessionsFrom: day,
      sessionsTo: day,
      opensOn: local(opensAt, { dateStyle: 'short' }),
      opensAt: local(opensAt, { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
      waitingRoomMinutes: 15,
      queueMinutes: 30,
      letInPerMinute: 6,
    };
    const dataDir = dataDirWithCatalogue('opening', (demo) => {
      expect(demo).toMatch(aquaFitCapacity);
      return `${demo.replace(aquaFitCapacity, '$13,')}\nopenings:\n  - ${JSON.stringify(opening)}\n`;
    });
    [server, browser] = await Promise.all([startServer({}, dataDir), launchBrowser()]);
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

  async function page(size: { width: number; height: number }) {
    const tracked = await openPage(browser!, size);
    pages.push(tracked);
    return tracked.page;
  }

  /** The gated aqua fit session's id, from the public timetable. */
  async function aquaFitSession(): Promise<number> {
    const bookings = server!.urls.bookings;
    const answer = await fetch(`${bookings}/api/activities/venues/${bookingCentre}/timetable?days=7`, {
      headers: { origin: bookings },
    });
    const week = (await answer.json()) as {
      data: {
        days: {
          date: string;
          sessions: { id: number; activity: { name: string }; availability: { bookable: boolean } }[];
        }[];
      };
    };
    const session = week.data.days
      .find((candidate) => candidate.date === day)
      ?.sessions.find(
        (candidate) => candidate.activity.name === 'Aqua fit' && candidate.availability.bookable,
      );
    if (!session) throw new Error(`No aqua fit session on ${day}`);
    return session.id;
  }

  /** The timetable, then the session: "Booking opens…" on both, and the way into the waiting room. */
  async function toWaitingRoomByMouse(customer: Page, username: string, sessionId: number) {
    const bookings = server!.urls.bookings;
    await visit(customer, `${bookings}/location/${bookingCentre}`);
    await customer.getByRole('list', { name: 'Days' }).getByRole('button').nth(dayIndex()).click();
    // The main pool's class (the learner pool's is booked at reception, and says nothing of it).
    const item = customer
      .getByRole('listitem')
      .filter({ has: customer.getByRole('link', { name: /^Details Aqua fit at 11:15$/ }) });
    await item.getByText(/^Booking opens \w+day \d+ \w+ at \d\d:\d\d$/).waitFor();
    expect(await item.getByRole('link', { name: /^Book / }).count()).toBe(0);
    await item.getByRole('link', { name: /^Details Aqua fit/ }).click();
    await customer.waitForURL(`${bookings}/sessions/${sessionId}`);
    await waitForPage(customer);
    await customer.getByText('The waiting room is open.', { exact: false }).waitFor();
    expect(await customer.getByRole('button', { name: 'Add to basket' }).count()).toBe(0);
    await expectNoAxeViolations(customer);
    await customer.getByRole('link', { name: 'Go to the waiting room' }).click();
    await customer.getByLabel('Email address or customer ID').waitFor();
    await logIn(customer, username);
    await customer.getByRole('heading', { level: 1, name: 'Aqua fit, next week' }).waitFor();
  }

  /** The strip's button for the aqua fit day (today is the first). */
  const dayIndex = () =>
    Math.round(
      (Date.parse(`${day}T12:00:00Z`) -
        Date.parse(`${local(new Date(), { dateStyle: 'short' })}T12:00:00Z`)) /
        86_400_000,
    );

  /** Positions seen while waiting, until it is the customer's turn. */
  async function waitForTurn(customer: Page): Promise<number[]> {
    const seen: number[] = [];
    const position = customer.locator('.waiting-room__position');
    const turn = customer.getByRole('heading', { name: "It's your turn" });
    const deadline = Date.now() + opensIn + 120_000;
    while (Date.now() < deadline) {
      if (await turn.isVisible()) return seen;
      const text = await position.textContent({ timeout: 200 }).catch(() => null);
      const place = text ? Number.parseInt(text, 10) : Number.NaN;
      if (!Number.isNaN(place) && seen.at(-1) !== place) seen.push(place);
      await customer.waitForTimeout(250);
    }
    throw new Error(`Never let in; positions seen ${seen.join(', ')}`);
  }

  /** From "Book now" to a confirmed booking: the card for a price, "Confirm order" for none. */
  async function bookAndPay(customer: Page, sessionId: number) {
    const bookings = server!.urls.bookings;
    await customer.getByRole('link', { name: 'Book now' }).click();
    await customer.waitForURL(`${bookings}/sessions/${sessionId}`);
    await waitForPage(customer);
    await customer.getByRole('button', { name: 'Add to basket' }).click();
    const added = customer.getByRole('link', { name: 'Go to your basket' });
    await added.waitFor({ timeout: 30_000 }).catch(async () => {
      throw new Error(`Not added: ${customer.url()} ${await customer.locator('body').innerText()}`);
    });
    await added.click();
    await customer.waitForURL(`${bookings}/basket`);
    await waitForPage(customer);
    await customer.getByRole('link', { name: 'Continue to checkout' }).click();
    await customer.waitForURL(`${bookings}/checkout`);
    await waitForPage(customer);
    await acceptWhatCheckoutAsks(customer);
    const confirm = customer.getByRole('button', { name: 'Confirm order' });
    const pay = customer.getByRole('button', { name: /^Pay £\d+\.\d\d now$/ });
    await confirm.or(pay).first().waitFor();
    if (await confirm.isVisible()) await confirm.click();
    else {
      await fillCard(customer, { name: 'A Customer', number: '4929000000006' });
      await pay.click();
    }
    await customer.waitForURL(/\/booking-confirmed\/\d+$/, { timeout: 60_000 });
    await customer.getByRole('heading', { name: 'Your booking is confirmed', level: 1 }).waitFor();
  }

  it('lets three customers in from the waiting room in turn; the fourth is offered the waiting list', async () => {
    const bookings = server!.urls.bookings;
    const sessionId = await aquaFitSession();
    expect(Date.now(), 'the opening came before the customers could wait for it').toBeLessThan(
      opensAt.getTime() - 20_000,
    );
    const [priya, sam, alex] = await Promise.all([
      page({ width: 1280, height: 900 }),
      page({ width: 1280, height: 900 }),
      page({ width: 390, height: 844 }),
    ]);

    // Priya and Sam come by the timetable, with the mouse.
    await Promise.all([
      toWaitingRoomByMouse(priya, 'C100002', sessionId),
      toWaitingRoomByMouse(sam, 'C100003', sessionId),
    ]);
    // Alex, on a phone, by keyboard alone: the session page's way in, then the login form.
    await visit(alex, `${bookings}/sessions/${sessionId}`);
    await tabTo(alex, alex.getByRole('link', { name: 'Go to the waiting room' }));
    await alex.keyboard.press('Enter');
    await tabTo(alex, alex.getByLabel('Email address or customer ID'));
    await alex.keyboard.type('C100001');
    await tabTo(alex, alex.getByLabel('Password', { exact: true }));
    await alex.keyboard.type(demoPassword);
    await alex.keyboard.press('Enter');
    await alex.getByRole('heading', { level: 1, name: 'Aqua fit, next week' }).waitFor();

    // Before the opening: in the waiting room, told the draw is fair and when it happens.
    for (const customer of [priya, sam, alex]) {
      await customer.getByRole('heading', { name: "You're in the waiting room" }).waitFor();
      await customer.getByText(/everyone here is given a place in the queue at random/).waitFor();
    }
    await expectNoAxeViolations(alex);

    // At the opening each is given a place and sees it fall until it is their turn.
    const [priyaSaw, samSaw, alexSaw] = await Promise.all([
      waitForTurn(priya),
      waitForTurn(sam),
      waitForTurn(alex),
    ]);
    // A page asks just after the opening and may first see its place after it has moved: every
    // place seen only falls, to 1st before the turn, and the queue was seen to move.
    for (const seen of [priyaSaw, samSaw, alexSaw]) {
      expect(
        seen.every((place, index) => index === 0 || place < seen[index - 1]!),
        String(seen),
      ).toBe(true);
      if (seen.length > 0) expect(seen.at(-1)).toBe(1);
    }
    expect(Math.max(priyaSaw.length, samSaw.length, alexSaw.length), 'a place seen to fall').toBeGreaterThan(
      1,
    );
    await expectNoAxeViolations(alex);

    // All three book at once, as they would: Alex by keyboard from "Book now", the others with the mouse.
    const alexBooks = async () => {
      await tabTo(alex, alex.getByRole('link', { name: 'Book now' }));
      await alex.keyboard.press('Enter');
      await alex.waitForURL(`${bookings}/sessions/${sessionId}`);
      await waitForPage(alex);
      await tabTo(alex, alex.getByRole('button', { name: 'Add to basket' }));
      await alex.keyboard.press('Enter');
      await alex.getByText('Successfully added item to the basket.').first().waitFor();
      await expect.poll(() => describeFocus(alex)).not.toMatch(/^BODY/);
      await visit(alex, `${bookings}/basket`);
      await alex.getByRole('link', { name: 'Continue to checkout' }).click();
      await alex.waitForURL(`${bookings}/checkout`);
      await waitForPage(alex);
      await acceptWhatCheckoutAsks(alex);
      await fillCard(alex, { name: 'Alex Newman', number: '4929000000006' });
      await alex.getByRole('button', { name: 'Pay £6.50 now' }).click();
      await alex.waitForURL(/\/booking-confirmed\/\d+$/, { timeout: 60_000 });
    };
    await Promise.all([alexBooks(), bookAndPay(priya, sessionId), bookAndPay(sam, sessionId)]);

    // The class is full: a fourth customer, arriving now, is told at once and offered the waiting list.
    const lee = await page({ width: 1280, height: 900 });
    // The link a reminder email gives, to the waiting room.
    await visit(
      lee,
      `${bookings}/openings/${await openingId(bookings)}?back=${encodeURIComponent(`/sessions/${sessionId}`)}`,
    );
    await lee.getByLabel('Email address or customer ID').waitFor();
    await logIn(lee, 'C100004');
    await lee.getByRole('heading', { name: 'Every place has been taken' }).waitFor();
    await expectNoAxeViolations(lee);
    await lee.getByRole('link', { name: 'Join a waiting list' }).click();
    await lee.waitForURL(`${bookings}/sessions/${sessionId}`);
    await waitForPage(lee);
    await lee.getByRole('button', { name: 'Join the waiting list' }).waitFor();
    await expectNoAxeViolations(lee);
  }, 420_000);

  async function openingId(bookings: string): Promise<number> {
    const answer = (await (await fetch(`${bookings}/api/booking-openings`)).json()) as {
      data: { id: number; name: string }[];
    };
    return answer.data.find((opening) => opening.name === 'Aqua fit, next week')!.id;
  }
});
