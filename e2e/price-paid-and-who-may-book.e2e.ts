import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { bookingCentre, firstDayWith } from './support/booking.ts';
import { useE2E } from './support/fixture.ts';
import { logIn } from './support/log-in.ts';

/**
 * Issue 33 items 4 and 5 (decision 0088): what a customer is told about a session's price is what
 * they pay, and why; who may book is said before any price or button. Item 6 is
 * basket-warnings.e2e.ts.
 */

/** Sessions on the shown day whose name starts so, listed with a way to them. */
function listed(page: Page, name: RegExp): Locator {
  return page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name }) });
}

async function logInAsPriya(page: Page, bookings: string) {
  await visit(page, `${bookings}/login`);
  await logIn(page, 'C100002'); // Priya: Gym Anytime, whose Swim sessions benefit makes swims free
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

async function openTimetable(page: Page, bookings: string) {
  await visit(page, `${bookings}/location/${bookingCentre}`);
  await waitForPage(page);
}

describe('the price shown is the price paid, and who may book (issue 33 items 4 and 5)', () => {
  const e2e = useE2E();

  it('item 4: a member sees what they will pay and why on the timetable and the session page; a visitor is not pre-set to a junior price', async () => {
    const page = await e2e.page();
    const bookings = e2e.server.urls.bookings;
    await logInAsPriya(page, bookings);
    await openTimetable(page, bookings);
    const swims = listed(page, /^Public swim$/).filter({
      has: page.getByRole('link', { name: /^Book Public swim/ }),
    });
    await firstDayWith(page, swims, 1);
    const swim = swims.first();
    // Not the band's £2.60: what her membership leaves her to pay, and why.
    await expect.poll(() => swim.innerText()).toContain('Included in your Gym Anytime');
    expect(await swim.innerText()).toContain('£0.00');
    expect(await swim.innerText()).not.toContain('£2.60');
    await expectNoAxeViolations(page);

    await swim.getByRole('link', { name: /^Book / }).click();
    await page.waitForURL(/\/sessions\/\d+$/);
    await waitForPage(page);
    const sessionUrl = page.url();
    const facts = page.locator('dl.session-page__facts');
    await expect.poll(() => facts.innerText()).toContain('You pay');
    expect(await facts.innerText()).toContain('£0.00: Included in your Gym Anytime');
    // Every price is still listed, and the band she books at says what it costs her.
    expect(await facts.innerText()).toContain('Adult £5.20');
    const member = page.getByRole('radio', { name: /^Member £0\.00/ });
    expect(await member.isChecked()).toBe(true);
    expect(await page.locator(`label[for="${await member.getAttribute('id')}"]`).innerText()).toContain(
      'Included in your Gym Anytime (usually £2.60)',
    );
    await expectNoAxeViolations(page);

    // A visitor, whose age nobody knows, starts on the adult price, never a junior one.
    const visitor = await e2e.page();
    await visit(visitor, sessionUrl);
    await waitForPage(visitor);
    await visitor.getByRole('button', { name: 'Log in to book' }).waitFor();
    expect(await visitor.getByRole('radio', { name: /^Adult/ }).isChecked()).toBe(true);
    expect(await visitor.getByRole('radio', { name: /^Junior/ }).isChecked()).toBe(false);
    expect(await visitor.getByText('You pay').count()).toBe(0);
    await expectNoAxeViolations(visitor);
  }, 180_000);

  it('item 5: an adult is told a Stage 1 lesson (ages 4 to 7) is not theirs before any price or button', async () => {
    const page = await e2e.page();
    const bookings = e2e.server.urls.bookings;
    await logInAsPriya(page, bookings);
    await openTimetable(page, bookings);
    const lessons = listed(page, /^Swimming lessons: Stage 1$/).filter({
      hasNotText: /Full|Cancelled|Started|Finished/,
    });
    await firstDayWith(page, lessons, 0);
    const lesson = lessons.first();
    // Her member price (£6.00) would be open to her, but the age rule is not: no price, no Book.
    await expect.poll(() => lesson.innerText()).toMatch(/This session is for ages 4 to 7/);
    expect(await lesson.innerText()).not.toContain('£6.00');
    expect(await lesson.getByRole('link', { name: /^Book / }).count()).toBe(0);
    await expectNoAxeViolations(page);

    await lesson.getByRole('link', { name: /^Details / }).click();
    await page.waitForURL(/\/sessions\/\d+$/);
    await waitForPage(page);
    await page
      .getByText(/This session is for ages 4 to 7/)
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: 'Add to basket' }).count()).toBe(0);
    // The session's prices are still shown as facts, not offered as a price for her.
    expect(await page.locator('dl.session-page__facts').innerText()).toContain('Member £6.00');
    expect(await page.getByText('You pay').count()).toBe(0);
    await expectNoAxeViolations(page);
  }, 180_000);
});
