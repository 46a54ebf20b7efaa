import type { Dashboard } from '@lido/contracts/dashboard';
import { orderExportColumns } from '@lido/contracts/staff-exports';
import { addDays, todayIn } from '@lido/pricing/calendar-date';
import { formatPence } from '@lido/pricing/money';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, expectNoHorizontalScroll, visit, waitForPage } from './support/browser.ts';
import { bookingCentre, openFirstSession } from './support/booking.ts';
import { useE2E } from './support/fixture.ts';
import { tabTo } from './support/focus.ts';
import { staffLogIn } from './support/log-in.ts';

const castlefield = 'Castlefield Leisure Centre';
const timeZone = 'Europe/London';

/** Types a date into one of the form's GOV.UK date inputs (its fieldset is named by its legend). */
async function typeDate(page: Page, legend: 'From' | 'To', date: string) {
  const [year, month, day] = date.split('-');
  const group = page.getByRole('group', { name: legend, exact: true });
  await group.getByLabel('Day', { exact: true }).fill(String(Number(day)));
  await group.getByLabel('Month', { exact: true }).fill(String(Number(month)));
  await group.getByLabel('Year', { exact: true }).fill(year!);
}

/** A figure table's cell, by its row header and column header. */
async function cell(page: Page, table: RegExp, row: string, column: string) {
  const grid = page.getByRole('table', { name: table });
  const headers = await grid.locator('thead th').allInnerTexts();
  const line = grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: row, exact: true }) });
  return (await line.locator('th, td').nth(headers.indexOf(column)).innerText()).trim();
}

/** The dashboard's answer as the server gives it to this page's staff session. */
const answer = (page: Page, query: string) =>
  page.evaluate(
    async (q) => ((await (await fetch(`/api/staff/dashboard?${q}`)).json()) as { data: Dashboard }).data,
    query,
  );

/**
 * At the desk, the manager books Sam Carter into Castlefield's next Small-group HIIT and takes the
 * whole price in cash: answers what was paid, in pence.
 */
async function sellAClassForCash(page: Page, staffSite: string): Promise<number> {
  await visit(page, `${staffSite}/`);
  await page.getByLabel('Name, email, customer ID or postcode').fill('Sam');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: 'Select Sam Carter' }).click();
  await page.waitForURL(/\/customers\/\d+$/);
  await visit(page, `${staffSite}/location/${bookingCentre}`);
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
  const panel = page.getByRole('region', { name: 'Take payment' });
  await panel.waitFor();
  const due = pence(await panel.locator('p', { hasText: 'To pay:' }).locator('strong').innerText());
  expect(due).toBeGreaterThan(0);
  await panel.getByRole('radio', { name: 'Cash' }).check();
  await panel.getByLabel(/^Amount/).fill((due / 100).toFixed(2));
  await panel.getByRole('button', { name: 'Add payment' }).click();
  await expect.poll(() => panel.getByRole('status').innerText()).toContain('Balance left: £0.00');
  for (const box of await page.locator('.till__terms input[type="checkbox"]').all()) await box.check();
  await page.getByRole('button', { name: 'Take payment' }).click();
  await page.waitForURL((url) => /^\/orders\/\d+\/receipt$/.test(url.pathname));
  await page.getByRole('heading', { name: 'Receipt', level: 1 }).waitFor();
  await waitForPage(page);
  return due;
}

/** A CSV file's rows (every cell quoted, lines ended CRLF: decision 0102). */
const csvRows = (text: string) =>
  text
    .trimEnd()
    .split('\r\n')
    .map((line) =>
      [...line.matchAll(/"((?:[^"]|"")*)"(?:,|$)/g)].map((match) => match[1]!.replaceAll('""', '"')),
    );

/** Pence from a money text such as "£15.40". */
const pence = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);

/**
 * Issue 37 item 1 (decision 0099): a manager sells a class for cash at the desk, opens the
 * dashboard and sees that sale, changes the dates and the centre, and sees the demo data's figures: Morgan's two no-shows at Castlefield's 10:00 public swim (3
 * days and 1 day ago, decision 0096), none on the day between.
 */
describe('front of house: the manager’s dashboard', () => {
  const e2e = useE2E();

  it(
    'shows a cash sale just made and the demo figures for a range and a centre, by keyboard, axe clean',
    { timeout: 180_000 },
    async () => {
      const staffSite = e2e.server.urls.frontOfHouse;
      const today = todayIn(timeZone, new Date());
      const page = await e2e.page();
      await staffLogIn(page, staffSite, 'manager', 'Pool-Manager-2026!');
      const lastWeek = `from=${addDays(today, -6)}&to=${today}&centre=castlefield-leisure-centre`;
      const before = await answer(page, lastWeek);
      const paid = await sellAClassForCash(page, staffSite);
      await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Dashboard' }).click();
      await page.waitForURL(`${staffSite}/dashboard`);
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      const utilisation = new RegExp(`^Utilisation by activity, ${castlefield}`);
      await page.getByRole('table', { name: utilisation }).waitFor();
      await waitForPage(page);
      await expectNoAxeViolations(page);

      // The last 7 days: Morgan's two no-shows; every figure as the server counts it.
      expect(await cell(page, utilisation, 'Public swim', 'No-shows')).toBe('2');
      const week = await answer(page, lastWeek);
      // The class just sold for cash, in cash and in bookings' revenue.
      const taken = (d: Dashboard, tender: string) =>
        d.revenueByTender.find((row) => row.tender === tender)!.pence;
      expect(taken(week, 'cash') - taken(before, 'cash')).toBe(paid);
      expect(await cell(page, /^Revenue by tender, /, 'Cash', 'Amount')).toBe(
        formatPence(taken(before, 'cash') + paid),
      );
      const sold = (d: Dashboard) => d.revenueByProduct.find((row) => row.kind === 'booking')!.pence;
      expect(await cell(page, /^Revenue by product, /, 'Bookings', 'Amount')).toBe(
        formatPence(sold(before) + paid),
      );
      for (const tender of week.revenueByTender)
        expect(await cell(page, /^Revenue by tender, /, tender.label, 'Amount')).toBe(
          formatPence(tender.pence),
        );
      const swim = week.utilisation.find((row) => row.activity === 'Public swim')!;
      expect(await cell(page, utilisation, 'Public swim', 'Booked')).toBe(String(swim.booked));
      const chart = page.getByRole('img', { name: /^Places booked per day: / });
      expect(await chart.getAttribute('aria-label')).toContain(`${week.bookingsPerDay.at(-1)!.places}`);
      // Yesterday's 10:00 swim is in the hour-of-the-week table, as the server counts its hour.
      const yesterday = new Date(`${addDays(today, -1)}T12:00:00Z`).getUTCDay() || 7;
      const tenOClock = week.utilisationByHour.find((row) => row.weekday === yesterday && row.hour === 10)!;
      const day = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'][yesterday - 1]!;
      expect(await cell(page, /^Utilisation by hour of the week/, `${day} 10:00`, 'Booked')).toBe(
        String(tenOClock.booked),
      );
      // Each table downloads as CSV, made from the same rows.
      const csv = await page
        .getByRole('link', { name: /^Download CSV of Revenue by tender/ })
        .getAttribute('href');
      expect(decodeURIComponent(csv!.replace(/^data:text\/csv;charset=utf-8,/, ''))).toContain(
        '"Tender","Amount"',
      );

      // By keyboard: the day between the no-shows, submitted with Enter from the To field.
      const between = addDays(today, -2);
      await typeDate(page, 'From', between);
      await typeDate(page, 'To', between);
      await page.keyboard.press('Enter');
      await page
        .getByRole('heading', { level: 2, name: new RegExp(`^${castlefield}, .+ to .+`) })
        .filter({ hasNotText: addDays(today, -6) })
        .waitFor();
      await expect.poll(() => cell(page, utilisation, 'Public swim', 'No-shows')).toBe('0');
      await expect
        .poll(() =>
          page
            .getByRole('table', { name: /^Places booked per day/ })
            .getByRole('row')
            .count(),
        )
        .toBe(2);
      await expectNoAxeViolations(page);

      // Back to front: the server's words, said before any call, and focus on the date to mend.
      await typeDate(page, 'From', today);
      await page.getByRole('button', { name: 'Show figures' }).click();
      await page.getByText('The start of the range must be on or before its end.').waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('dashboard-to');
      await expectNoAxeViolations(page);

      // The manager's other centre.
      await typeDate(page, 'From', addDays(today, -6));
      await typeDate(page, 'To', today);
      await page.getByLabel('Centre', { exact: true }).selectOption({ label: 'Salford Quays Aquatics' });
      await page.getByRole('button', { name: 'Show figures' }).click();
      await page.getByRole('table', { name: /^Revenue by tender, Salford Quays Aquatics/ }).waitFor();
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await expectNoHorizontalScroll(page);
    },
  );

  it(
    'shows all my centres with a row each, and exports the orders CSV by keyboard with the sale just made',
    { timeout: 180_000 },
    async () => {
      const staffSite = e2e.server.urls.frontOfHouse;
      const today = todayIn(timeZone, new Date());
      const page = await e2e.page();
      await staffLogIn(page, staffSite, 'manager', 'Pool-Manager-2026!');
      const paid = await sellAClassForCash(page, staffSite);
      const reference = (await page.getByText(/^LD-\d{6,}$/).innerText()).trim();

      await visit(page, `${staffSite}/dashboard`);
      await page.getByRole('table', { name: /^Utilisation by activity, / }).waitFor();
      await page.getByLabel('Centre', { exact: true }).selectOption({ label: 'All my centres' });
      await page.getByRole('button', { name: 'Show figures' }).click();
      const each = page.getByRole('table', { name: /^Each centre, All my centres, / });
      await each.waitFor();
      const all = await answer(page, `from=${addDays(today, -6)}&to=${today}&centre=all`);
      expect(all.perCentre.map((row) => row.name)).toEqual([castlefield, 'Salford Quays Aquatics']);
      for (const row of all.perCentre)
        expect(await cell(page, /^Each centre, /, row.name, 'Money taken')).toBe(
          formatPence(row.revenuePence),
        );
      await waitForPage(page);
      await expectNoAxeViolations(page);

      // A table's CSV is made in the browser, and the server is told, for the staff audit log.
      const [told] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith('/api/staff/dashboard/downloads')),
        page.waitForEvent('download'),
        page.getByRole('link', { name: /^Download CSV ?of Each centre, / }).click(),
      ]);
      expect(told.status()).toBe(200);
      expect(JSON.parse(told.request().postData()!)).toEqual({
        table: 'per-centre',
        rows: 2,
        from: addDays(today, -6),
        to: today,
        centre: 'all',
      });

      // The orders export, reached and followed by keyboard: the sale is in it as the till took it.
      const exportOrders = page.getByRole('link', { name: /^Export orders \(CSV\) ?of All my centres, / });
      await tabTo(page, exportOrders, 400);
      const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
      expect(download.suggestedFilename()).toBe(`orders-all-${addDays(today, -6)}-to-${today}.csv`);
      const rows = csvRows(await readFile((await download.path())!, 'utf8'));
      expect(rows[0]).toEqual([...orderExportColumns]);
      const sale = rows.find((row) => row[0] === reference);
      expect(sale).toEqual([
        reference,
        today,
        expect.stringMatching(/^\d\d:\d\d$/),
        castlefield,
        'front-of-house',
        expect.stringMatching(/\S/),
        expect.stringContaining('Small-group HIIT'),
        '1',
        String(paid),
        (paid / 100).toFixed(2),
        '0',
        '0.00',
        `Cash ${(paid / 100).toFixed(2)}`,
      ]);
      // No order is written twice, though the file is read a page at a time.
      expect(new Set(rows.slice(1).map((row) => row[0])).size).toBe(rows.length - 1);
    },
  );
});
