import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import {
  acceptWhatCheckoutAsks,
  newClassOnTimetable,
  logInAndAddToBasket,
  openFirstSession,
} from './support/booking.ts';
import { useE2E } from './support/fixture.ts';
import { staffLogIn } from './support/log-in.ts';
import { fillBilling, fillCard, settled } from './support/pay-by-card.ts';

/**
 * Issue 35 item 2 (decisions 0092 and 0100): a manager adds a weekly class with its own booking
 * rules and first day; a customer books and pays for tomorrow's; the manager moves the class to a
 * later time, and the customer is emailed what changed.
 */
describe('front of house: a change to a booked class is emailed to its booker', () => {
  const e2e = useE2E();

  it('adds a class with its own rules, moves it, and the booker reads the change in their email; axe clean', async () => {
    const { bookings, myAccount, frontOfHouse: staffSite } = e2e.server.urls;
    const page = await e2e.page();
    await staffLogIn(page, staffSite, 'manager', 'Pool-Manager-2026!');
    await visit(page, `${staffSite}/timetable`);
    await waitForPage(page);
    await page.getByRole('button', { name: 'Add a weekly series' }).click();
    await page.getByRole('heading', { name: 'Add a weekly series' }).waitFor();
    await page.getByLabel('Key').fill('castlefield-moved-yoga');
    await page.getByLabel('Activity').selectOption({ label: 'Yoga' });
    await page.getByLabel('Place').selectOption({ label: 'Coaching studio' });
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])
      await page.getByLabel(day, { exact: true }).check();
    await page.getByLabel('Start times').fill('21:00');
    await page.getByLabel('Duration (minutes)').fill('30');
    await page.getByLabel('Capacity').fill('8');
    await page.getByLabel('Instructor (optional)').fill('Mo Moved');

    // The series' own rules and a first day that is not a date: both told, in the form's words.
    await page.getByLabel('Oldest age (optional)').fill('99');
    // An adult place costs £9.50 in this series (yoga's own is £8.00).
    await page.getByLabel('Adult price (optional)').fill('9.50');
    await page.getByLabel('Cancellation cut-off in minutes (optional)').fill('30');
    await page.getByLabel('Waiver', { exact: true }).selectOption({ label: 'Required' });
    await page.getByLabel('Waiver text').waitFor();
    await page.locator('#series-valid-from').fill('31');
    await page.locator('#series-valid-from-month').fill('2');
    await page.locator('#series-valid-from-year').fill('2026');
    await page.getByRole('button', { name: 'Add series' }).click();
    await page.getByText('First day must be a real date, such as 31 1 2027.').first().waitFor();
    await expectNoAxeViolations(page);
    await page.locator('#series-valid-from').fill('');
    await page.locator('#series-valid-from-month').fill('');
    await page.locator('#series-valid-from-year').fill('');
    await page.getByRole('button', { name: 'Add series' }).click();
    await page
      .getByText('Waiver text must be given when a waiver is required (waiverRequired: true).')
      .first()
      .waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel('Waiver', { exact: true }).selectOption({ label: 'Not required' });
    await page.getByRole('button', { name: 'Add series' }).click();
    await page
      .getByText(/^Added Yoga \(castlefield-moved-yoga\): \d+ sessions on the timetable\.$/)
      .waitFor();
    // The list says which rules are the class's own (the adult window left empty is yoga's 5 days).
    const listed = page.getByRole('row').filter({ hasText: 'castlefield-moved-yoga' });
    await expect
      .poll(() => listed.innerText())
      .toContain(
        'Own rules: ages up to 99; no waiver; cancel up to 30 minutes before; Adult £9.50, 5 days ahead.',
      );

    // A customer books tomorrow's class and pays by card.
    const customer = await e2e.page();
    const movedYoga = await newClassOnTimetable(customer, bookings, {
      instructor: 'Mo Moved',
      time: '21:00',
    });
    const chosen = await openFirstSession(customer, movedYoga, 1);
    // The series' own cut-off, not yoga's 2 hours.
    await customer
      .getByText(/30 minutes/)
      .first()
      .waitFor();
    await logInAndAddToBasket(customer, 'C100001');
    await visit(customer, `${bookings}/checkout`);
    // The series' own adult price is the one charged.
    const pay = customer.getByRole('button', { name: 'Pay £9.50 now' });
    await pay.waitFor();
    await fillBilling(customer);
    await fillCard(customer, { name: 'Jordan Reed', number: '4929000000006' });
    await acceptWhatCheckoutAsks(customer);
    await pay.scrollIntoViewIfNeeded();
    await settled(pay);
    await pay.click();
    await customer.waitForURL(/\/booking-confirmed\/\d+$/);

    // The manager moves the class to 21:15 and changes the sessions already on the timetable.
    await visit(page, `${staffSite}/timetable`);
    await waitForPage(page);
    await page.getByRole('button', { name: 'Change castlefield-moved-yoga' }).click();
    await page.getByRole('heading', { name: 'Change castlefield-moved-yoga' }).waitFor();
    expect(await page.getByLabel('Oldest age (optional)').inputValue()).toBe('99');
    expect(await page.getByLabel('Waiver', { exact: true }).inputValue()).toBe('none');
    expect(await page.getByLabel('Adult price (optional)').inputValue()).toBe('9.50');
    await expectNoAxeViolations(page);
    await page.getByLabel('Start times').fill('21:15');
    expect(await page.getByLabel(/^Also change the sessions already on the timetable/).isChecked()).toBe(
      true,
    );
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page
      .getByText(
        /^Saved Yoga \(castlefield-moved-yoga\): \d+ sessions changed, \d+ made, 1 bookers emailed\.$/,
      )
      .waitFor();
    await expectNoAxeViolations(page);

    // The booker's email says what changed: the time, from 21:00 to 21:15.
    const subject = customer.getByRole('link', { name: /^Your Yoga has changed/ });
    await expect
      .poll(async () => {
        await customer.goto(`${myAccount}/dev/outbox`);
        return subject.count();
      })
      .toBe(1);
    await subject.click();
    await customer.getByText(/Time: was .*21:00, now .*21:15\./).waitFor();
    expect(await customer.locator('body').innerText()).toContain(`Your ${chosen} on `);
  }, 180_000);
});
