import { addDays, todayIn } from '@lido/pricing/calendar-date';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, waitForPage } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';
import { staffLogIn } from './support/log-in.ts';

/** Issue 35 items 1 and 2: a manager adds a weekly class in the staff site; it is on sale online. */
describe('front of house: the manager’s timetable', () => {
  const e2e = useE2E();

  it('adds a weekly class that appears on the bookings timetable, axe clean in every state', async () => {
    const staffSite = e2e.server.urls.frontOfHouse;
    const page = await e2e.page();
    await staffLogIn(page, staffSite, 'manager', 'Pool-Manager-2026!');
    await page
      .getByRole('navigation', { name: 'Staff' })
      .getByRole('link', { name: 'Timetable', exact: true })
      .click();
    await page.waitForURL(`${staffSite}/timetable`);
    await waitForPage(page);
    await page.getByRole('heading', { name: 'Weekly series' }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Add a weekly series' }).click();
    await page.getByRole('heading', { name: 'Add a weekly series' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel('Key').fill('castlefield-night-yoga');
    await page.getByLabel('Activity').selectOption({ label: 'Yoga' });
    await page.getByLabel('Place').selectOption({ label: 'Coaching studio' });
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])
      await page.getByLabel(day, { exact: true }).check();
    await page.getByLabel('Start times').fill('21:00');
    await page.getByLabel('Duration (minutes)').fill('45');
    await page.getByLabel('Capacity').fill('0');
    await page.getByLabel('Instructor (optional)').fill('Nia Night');
    await page.getByRole('button', { name: 'Add series' }).click();
    // The catalogue file's rule, in the form's words.
    await page.getByText('Capacity must be at least 1 place.').first().waitFor();
    await expectNoAxeViolations(page);

    await page.getByLabel('Capacity').fill('10');
    await page.getByRole('button', { name: 'Add series' }).click();
    await page
      .getByText(/^Added Yoga \(castlefield-night-yoga\): \d+ sessions on the timetable\.$/)
      .waitFor();
    const row = page.getByRole('row').filter({ hasText: 'castlefield-night-yoga' });
    await expect.poll(() => row.innerText()).toContain('Nia Night');
    await expectNoAxeViolations(page);

    // On the bookings site's timetable for the centre, tomorrow night: tonight's class may have
    // started already when the suite runs late in the evening.
    const customer = await e2e.page();
    await customer.goto(`${e2e.server.urls.bookings}/location/castlefield-leisure-centre`);
    await waitForPage(customer);
    const tomorrow = customer.getByRole('list', { name: 'Days' }).getByRole('button').nth(1);
    await tomorrow.click();
    await expect.poll(() => tomorrow.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => customer.getByText('21:00').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  });

  it('adds a one-off session, refused first for what is missing, on sale online that day', async () => {
    const staffSite = e2e.server.urls.frontOfHouse;
    const page = await e2e.page();
    await staffLogIn(page, staffSite, 'manager', 'Pool-Manager-2026!');
    await page.goto(`${staffSite}/timetable`);
    await page.getByRole('heading', { name: 'Weekly series' }).waitFor();
    await page.getByRole('button', { name: 'Add a one-off session' }).click();
    await page.getByRole('heading', { name: 'Add a one-off session' }).waitFor();
    await page.getByRole('button', { name: 'Add session' }).click();
    await page.getByRole('link', { name: 'Choose an activity.' }).waitFor();
    await expectNoAxeViolations(page);

    // Two days from today in the centre's time, the third day on the customer's week strip.
    const [year, month, day] = addDays(todayIn('Europe/London', new Date()), 2).split('-');
    await page.getByLabel('Activity').selectOption({ label: 'Yoga' });
    await page.getByLabel('Place').selectOption({ label: 'Coaching studio' });
    const date = page.getByRole('group', { name: /^Date/ });
    await date.getByLabel('Day', { exact: true }).fill(String(Number(day)));
    await date.getByLabel('Month', { exact: true }).fill(String(Number(month)));
    await date.getByLabel('Year', { exact: true }).fill(year!);
    await page.getByLabel(/^Start time/).fill('20:50');
    await page.getByLabel('Capacity').fill('6');
    await page.getByLabel('Instructor (optional)').fill('Ola One-off');
    await page.getByLabel('Capacity').press('Enter');
    await page.getByText(/^Added Yoga on .* at 20:50, Coaching studio\.$/).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Weekly series');
    await expectNoAxeViolations(page);

    const customer = await e2e.page();
    await customer.goto(`${e2e.server.urls.bookings}/location/castlefield-leisure-centre`);
    await waitForPage(customer);
    await customer.getByRole('list', { name: 'Days' }).getByRole('button').nth(2).click();
    const item = customer.getByRole('listitem').filter({ hasText: '20:50' }).filter({ hasText: 'Yoga' });
    await expect.poll(() => item.count(), { timeout: 15_000 }).toBe(1);
  });
});
