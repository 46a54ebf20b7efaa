import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { firstDayWith } from './support/booking.ts';
import { useE2E } from './support/fixture.ts';
import { describeFocus, tabTo } from './support/focus.ts';
import { logIn, staffLogIn } from './support/log-in.ts';

const timeZone = 'Europe/London';
const localDate = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(date);
const daysFromNow = (days: number) => localDate(new Date(Date.now() + days * 86_400_000));

/**
 * Issue 39 item 1 (decision 0098): a manager announces when a programme opens for booking on the
 * staff site; customers then see "Booking opens…" instead of the booking form and can ask to be
 * emailed when the waiting room opens.
 */
describe('front of house: booking openings', () => {
  const e2e = useE2E();

  it('announces an opening customers are told of, changes it and withdraws it, axe clean throughout', async () => {
    const staffSite = e2e.server.urls.frontOfHouse;
    // The empty announcement is refused with 422 on purpose: the browser logs that load.
    const page = await e2e.page({ expectedHttpErrors: [422] });
    await staffLogIn(page, staffSite, 'manager', 'Pool-Manager-2026!');
    await page
      .getByRole('navigation', { name: 'Staff' })
      .getByRole('link', { name: 'Timetable', exact: true })
      .click();
    await page.waitForURL(`${staffSite}/timetable`);
    await waitForPage(page);
    await page.getByRole('link', { name: 'Booking openings' }).click();
    await page.waitForURL(`${staffSite}/timetable/openings`);
    await waitForPage(page);
    await page.getByText('No booking openings are announced.').waitFor();
    await expectNoAxeViolations(page);

    // By keyboard: the form opens with focus on its heading, and Cancel brings it back to the list's.
    await tabTo(page, page.getByRole('button', { name: 'Announce an opening' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => describeFocus(page)).toMatch(/^H2 .*Announce an opening/);
    await tabTo(page, page.getByRole('button', { name: 'Cancel', exact: true }));
    await page.keyboard.press('Enter');
    await expect.poll(() => describeFocus(page)).toMatch(/^H2 .*Openings/);

    await page.getByRole('button', { name: 'Announce an opening' }).click();
    await page.getByRole('heading', { name: 'Announce an opening' }).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Announce an opening');
    await expectNoAxeViolations(page);
    // Nothing filled in: the file's words, after each field's label, in a summary that takes focus.
    await page.getByRole('button', { name: 'Announce', exact: true }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await summary.waitFor();
    await summary.getByRole('link', { name: /^Name must not be empty/ }).waitFor();
    await summary.getByRole('link', { name: /^Sessions from must be a date such as 2027-01-31/ }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByLabel('Name').fill('Yoga, next week');
    await page.getByLabel('Activity').selectOption({ label: 'Yoga' });
    await page.getByLabel('Sessions from').fill(daysFromNow(1));
    await page.getByLabel('Sessions to').fill(daysFromNow(6));
    await page.getByLabel('Booking opens on').fill(daysFromNow(3));
    await page.getByLabel('Booking opens at').fill('07:00');
    await page.getByLabel('Most people let in a minute').fill('600');
    await page.getByRole('button', { name: 'Announce', exact: true }).click();
    await page.getByText(/^Announced Yoga, next week: Booking opens \w+day \d+ \w+ at 07:00\.$/).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Yoga, next week' });
    await expect.poll(() => row.innerText()).toContain('Announced');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Openings');
    await expectNoAxeViolations(page);

    // A customer finds a yoga class at Castlefield saying when booking opens, and asks to be told.
    const customer = await e2e.page();
    const bookings = e2e.server.urls.bookings;
    await visit(customer, `${bookings}/location/castlefield-leisure-centre`);
    const yoga = customer
      .getByRole('listitem')
      .filter({ has: customer.getByRole('heading', { name: 'Yoga', exact: true }) });
    // The opening is for tomorrow on: today's yoga (there is one on Sundays) is not in it.
    await firstDayWith(customer, yoga, 1);
    await yoga
      .first()
      .getByText(/^Booking opens \w+day \d+ \w+ at 07:00$/)
      .waitFor();
    await yoga
      .first()
      .getByRole('link', { name: /^Details Yoga/ })
      .click();
    await customer.waitForURL(/\/sessions\/\d+$/);
    await waitForPage(customer);
    await customer.getByText(/The waiting room opens at 06:45\./).waitFor();
    await customer.getByRole('button', { name: 'Log in to be emailed when it opens' }).click();
    await logIn(customer, 'alex.newman@example.org');
    const remind = customer.getByRole('button', { name: 'Email me when the waiting room opens' });
    await remind.click();
    await customer.getByText('We’ll email you when the waiting room opens.').waitFor();
    expect(await remind.getAttribute('aria-pressed')).toBe('true');
    await expectNoAxeViolations(customer);

    // The manager sees the reminder counted, moves the opening an hour on, then withdraws it.
    await page.reload();
    await waitForPage(page);
    await expect.poll(() => row.innerText()).toContain('1 asked for a reminder');
    await row.getByRole('button', { name: 'Change Yoga, next week' }).click();
    await page.getByRole('heading', { name: 'Change Yoga, next week' }).waitFor();
    await page.getByLabel('Booking opens at').fill('08:00');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(/^Saved Yoga, next week: Booking opens \w+day \d+ \w+ at 08:00\.$/).waitFor();
    await row.getByRole('button', { name: 'Withdraw Yoga, next week' }).click();
    await page.getByText('Withdrew Yoga, next week.').waitFor();
    await page.getByText('No booking openings are announced.').waitFor();
    await expectNoAxeViolations(page);
  });
});
