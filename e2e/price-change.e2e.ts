import { formatDate, parseDate, prettyDate, todayIn } from '@lido/pricing/calendar-date';
import { earliestNewPriceDate, firstCollectionAtNewPrice } from '@lido/pricing/price-change-notice';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoAxeViolations,
  launchBrowser,
  openPage,
  type TrackedPage,
  visit,
} from './support/browser.ts';
import { logIn } from './support/log-in.ts';
import { dataDirWithCatalogue } from './support/catalogue.ts';
import { type RunningServer, startServer } from './support/server.ts';

const gymMonthly = '- { key: monthly, paymentType: recurring, pricePence: 3000, joiningFeePence: 2000 }';

// The operator raises Gym Anytime's monthly price to £33.00 from the earliest date a notice sent
// today allows, with `npm run catalogue:import`, before the server starts: its job tells members.
const today = todayIn('Europe/London', new Date());
const effectiveFrom = earliestNewPriceDate(today, 30);
// Priya pays on the 15th: her first collection at the new price is her first 15th from then on.
const { year, month } = parseDate(today);
const priyasFirstDate = firstCollectionAtNewPrice({
  effectiveFrom,
  noticeDate: today,
  noticeDays: 30,
  billingDate: formatDate({ year, month, day: 15 }),
});

describe('a member is told of a price change on their membership card', () => {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const pages: TrackedPage[] = [];

  beforeAll(async () => {
    const dataDir = dataDirWithCatalogue('price', (demo) => {
      return demo.replace(
        gymMonthly,
        gymMonthly.replace(' }', `, priceChange: { pricePence: 3300, effectiveFrom: '${effectiveFrom}' } }`),
      );
    });
    [server, browser] = await Promise.all([startServer({}, dataDir), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all(pages.map((tracked) => tracked.context.close()));
    await browser?.close();
    await server?.stop();
    expect(
      pages.flatMap((tracked) => tracked.problems),
      'console errors in the browser',
    ).toEqual([]);
  });

  it('Priya sees her new price and its first date on Memberships, and the notice in its history', async () => {
    const tracked = await openPage(browser!);
    pages.push(tracked);
    const page = tracked.page;
    await visit(page, `${server!.urls.myAccount}/login`);
    await logIn(page, 'C100002');
    await page.getByRole('heading', { name: 'Hello, Priya' }).waitFor();
    const memberships = page
      .getByRole('navigation', { name: 'My account' })
      .getByRole('link', { name: 'Memberships' });
    const card = page.getByRole('listitem').filter({ hasText: 'Gym Anytime' });
    const notice = card.getByText(`Your price changes to £33.00 from ${prettyDate(priyasFirstDate)}`);
    await memberships.click();
    // The Dashboard lists Gym Anytime too: the Memberships page must be the one showing before the
    // card is looked for, or a reload would only reload the Dashboard.
    await page.getByRole('heading', { name: 'Memberships', level: 1 }).waitFor();
    await card.first().waitFor();
    // The job tells members as the server starts; a reload picks the notice up once it is there.
    await expect
      .poll(
        async () => {
          if ((await notice.count()) === 0) {
            await page.reload();
            await page.getByRole('heading', { name: 'Memberships', level: 1 }).waitFor();
            await card.first().waitFor();
          }
          return notice.count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(1);
    await expectNoAxeViolations(page);

    await card.getByRole('link', { name: 'History of Gym Anytime' }).click();
    await page.getByRole('heading', { name: 'Membership history' }).waitFor();
    await page.getByText('Price change notice sent').waitFor();
    expect(await page.locator('.timeline').innerText()).toContain(
      `£30.00 to £33.00 a month from ${prettyDate(priyasFirstDate)}`,
    );
    await expectNoAxeViolations(page);
  }, 240_000);
});
