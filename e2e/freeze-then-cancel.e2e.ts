import { addDays, addMonths, prettyDate } from '@lido/pricing/calendar-date';
import { nextDateOnDay } from '@lido/pricing/membership-exit';
import { earliestFreezeStart } from '@lido/pricing/membership-freeze';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';
import { expectFocusOn } from './support/focus.ts';
import { logIn } from './support/log-in.ts';

/** The fact a definition list shows under its term. */
const fact = (scope: Page | ReturnType<Page['locator']>, term: string) =>
  scope.locator(`dt:text-is("${term}") + dd`).first();

/** The rows of the Payments page's upcoming collections: date, what for, amount, status. */
async function upcomingRows(page: Page): Promise<string[][]> {
  const table = page.getByRole('table', { name: /Your Direct Debit collections/ });
  await table.waitFor();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent?.trim() ?? '')),
    );
}

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name }).click();

describe('freeze and cancel tell one story (issue 33 items 1 and 2)', () => {
  const e2e = useE2E();

  it('Priya sees her Direct Debit collections, freezes for 3 months, cancels, and every page says what the engine takes', async () => {
    // Her billing day is the 15th, £30.00 a month; the operator freezes with 7 days' notice at £5.00.
    const today = new Date().toISOString().slice(0, 10);
    const nextBilling = nextDateOnDay(today, 15);
    const freezeStart = earliestFreezeStart(today, 15, {
      minMonths: 1,
      maxMonths: 3,
      noticeDays: 7,
      monthlyFeePence: 500,
    });
    // One month's notice from her next billing date.
    const lastDay = addDays(addMonths(nextBilling, 1), -1);
    // The freeze covers the notice month, unless it can only start after it (then it never happens).
    const frozenNotice = freezeStart === nextBilling;

    const page = await e2e.page();
    const myAccount = e2e.server.urls.myAccount;
    await visit(page, `${myAccount}/login`);
    await logIn(page, 'C100002');
    await page.getByRole('heading', { name: 'Hello, Priya', level: 1 }).waitFor();

    // Item 2: she pays by Direct Debit, and My account says so, with her collections.
    await visit(page, `${myAccount}/user-details/bank-details`);
    await page.getByRole('heading', { name: 'Your Direct Debit now' }).waitFor();
    expect(await page.getByText('You don’t pay by Direct Debit').count()).toBe(0);
    await nav(page, 'Payments');
    await page.getByRole('heading', { name: 'Upcoming Direct Debit collections', level: 2 }).waitFor();
    const before = await upcomingRows(page);
    expect(before).toContainEqual([prettyDate(nextBilling), 'Gym Anytime, monthly', '£30.00', 'Due']);
    expect(before.some((row) => row[3] === 'Paid' && row[2] === '£30.00')).toBe(true);
    await expectNoAxeViolations(page);

    // She freezes for 3 months from the earliest date.
    await nav(page, 'Memberships');
    const card = page.getByRole('listitem').filter({ hasText: 'Gym Anytime' });
    await card.getByRole('link', { name: 'Freeze membership' }).click();
    await page.getByRole('heading', { name: 'Freeze membership' }).waitFor();
    await page.getByLabel('Start the freeze on').selectOption(freezeStart);
    await page.getByLabel('Freeze for').selectOption('3');
    await page.getByRole('button', { name: 'Freeze membership' }).click();
    await page.getByRole('heading', { name: 'Your membership freeze is confirmed' }).waitFor();
    await page.getByRole('link', { name: 'Back to your memberships' }).click();
    await card.getByRole('link', { name: 'Manage freeze' }).waitFor();

    // The card shows what will actually be collected next, not just "£30.00 per month".
    const next = frozenNotice
      ? { amount: '£5.00', date: freezeStart, description: 'Gym Anytime, monthly: freeze fee' }
      : { amount: '£30.00', date: nextBilling, description: 'Gym Anytime, monthly' };
    expect(await fact(card, 'Next collection').innerText()).toBe(
      `${next.amount} on ${prettyDate(next.date)}\n${next.description}`,
    );
    expect(await fact(card, 'While frozen').innerText()).toBe('£5.00 a month');
    await expectNoAxeViolations(page);

    // Cancelling states the collections the engine will take, and what happens to the freeze.
    await card.getByRole('link', { name: 'Cancel membership Gym Anytime' }).click();
    await page.getByRole('button', { name: 'Cancel my membership' }).waitFor();
    expect(await fact(page, 'Last day of membership').innerText()).toBe(prettyDate(lastDay));
    expect(await fact(page, 'Last collection').innerText()).toBe(
      `${next.amount} on ${prettyDate(nextBilling)}`,
    );
    const toCome = page.getByRole('heading', { name: 'Direct Debit collections still to come' });
    await toCome.waitFor();
    const stated = await page
      .locator('h2:text-is("Direct Debit collections still to come") + ul li')
      .allInnerTexts();
    expect(stated).toEqual([`${next.amount} on ${prettyDate(nextBilling)}: ${next.description}`]);
    await page
      .getByText(
        frozenNotice
          ? `Your freeze from ${prettyDate(freezeStart)} ends with your membership on ${prettyDate(lastDay)}: it does not start again.`
          : `Your freeze booked from ${prettyDate(freezeStart)} will be cancelled: it would start after your last day.`,
      )
      .waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Cancel my membership' }).click();
    await expectFocusOn(
      page.getByRole('heading', { name: 'Your Gym Anytime membership is cancelled', level: 2 }),
    );
    expect(
      await page.locator('h2:text-is("Direct Debit collections still to come") + ul li').allInnerTexts(),
    ).toEqual(stated);
    await expectNoAxeViolations(page);

    // The card: the freeze ends with the membership and never "starts again" after her last day.
    await nav(page, 'Memberships');
    await page.getByText(`Cancelled: your last day is ${prettyDate(lastDay)}.`).waitFor();
    const facts = await card.locator('.facts').innerText();
    expect(facts).not.toContain('Starts again');
    if (frozenNotice)
      expect(await fact(card, 'Freeze booked').innerText()).toBe(
        `${prettyDate(freezeStart)} to ${prettyDate(lastDay)}`,
      );
    else expect(facts).not.toContain('Freeze booked');
    await expectNoAxeViolations(page);

    // The engine's own records and rule: exactly the stated collections up to her last day, none after.
    await nav(page, 'Payments');
    await page.getByRole('heading', { name: 'Upcoming Direct Debit collections', level: 2 }).waitFor();
    await waitForPage(page);
    // (the list shown before is read again: the freeze and the cancellation changed it)
    await expect
      .poll(async () =>
        (await upcomingRows(page)).filter((row) => row[3] === 'Due' || row[3] === 'Requested from your bank'),
      )
      .toEqual([[prettyDate(nextBilling), next.description, next.amount, 'Due']]);
    await expectNoAxeViolations(page);

    // The email says the same.
    const subject = `Your Gym Anytime membership is cancelled: last day ${prettyDate(lastDay)}`;
    await expect
      .poll(async () => {
        await page.goto(`${myAccount}/dev/outbox`);
        return page.getByRole('link', { name: subject }).count();
      })
      .toBe(1);
    await page.getByRole('link', { name: subject }).click();
    await page
      .getByText(`${next.amount} on ${prettyDate(nextBilling)} (${next.description})`, { exact: false })
      .first()
      .waitFor();
    await expectNoAxeViolations(page);
  }, 240_000);
});
