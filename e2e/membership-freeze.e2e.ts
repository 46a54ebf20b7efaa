import { addDays, addMonths, prettyDate } from '@lido/pricing/calendar-date';
import { earliestFreezeStart } from '@lido/pricing/membership-freeze';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';
import { logIn } from './support/log-in.ts';

describe('a member freezes their membership', () => {
  const e2e = useE2E();

  it('Priya freezes her monthly membership for two months and sees when it starts again', async () => {
    // Her billing day is the 15th; the demo operator wants 7 days' notice.
    const today = new Date().toISOString().slice(0, 10);
    const startsOn = earliestFreezeStart(today, 15, {
      minMonths: 1,
      maxMonths: 3,
      noticeDays: 7,
      monthlyFeePence: 500,
    });
    const resumesOn = addMonths(startsOn, 2);

    const page = await e2e.page();
    await visit(page, `${e2e.server.urls.myAccount}/login`);
    await logIn(page, 'C100002');
    await page.getByRole('heading', { name: 'Hello, Priya' }).waitFor();
    await page
      .getByRole('navigation', { name: 'My account' })
      .getByRole('link', { name: 'Memberships' })
      .click();
    const card = page.getByRole('listitem').filter({ hasText: 'Gym Anytime' });
    await card.getByRole('link', { name: 'Freeze membership' }).click();

    await page.getByRole('heading', { name: 'Freeze membership' }).waitFor();
    await page.getByLabel('Start the freeze on').selectOption(startsOn);
    await page.getByLabel('Freeze for').selectOption('2');
    // Before confirming: the frozen months, what is paid and when it starts again.
    const summary = page.locator('form .facts');
    await expect.poll(() => summary.innerText()).toContain(prettyDate(resumesOn));
    expect(await summary.innerText()).toContain(`£5.00 on ${prettyDate(startsOn)}`);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Freeze membership' }).click();
    const confirmed = page.getByRole('heading', { name: 'Your membership freeze is confirmed' });
    await confirmed.waitFor();
    await expect.poll(() => confirmed.evaluate((heading) => heading === document.activeElement)).toBe(true);
    const facts = await page.locator('.facts').innerText();
    expect(facts).toMatch(new RegExp(`Starts again\\s+${prettyDate(resumesOn)}`));
    expect(facts).toContain(`${prettyDate(startsOn)} to ${prettyDate(addDays(resumesOn, -1))}`);
    await expectNoAxeViolations(page);

    // The card and the Dashboard show it.
    await page.getByRole('link', { name: 'Back to your memberships' }).click();
    await card.getByRole('link', { name: 'Manage freeze' }).waitFor();
    expect(await card.locator('.facts').innerText()).toMatch(
      new RegExp(`Starts again\\s+${prettyDate(resumesOn)}`),
    );
    await expectNoAxeViolations(page);
    await page
      .getByRole('navigation', { name: 'My account' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await page
      .getByText(`freeze from ${prettyDate(startsOn)} to ${prettyDate(addDays(resumesOn, -1))}`)
      .waitFor();
    await expectNoAxeViolations(page);

    // Changed her mind: the booked freeze is cancelled from the same page.
    await page
      .getByRole('navigation', { name: 'My account' })
      .getByRole('link', { name: 'Memberships' })
      .click();
    await card.getByRole('link', { name: 'Manage freeze' }).click();
    await page.getByRole('heading', { name: 'Your freeze is booked' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Cancel the freeze' }).click();
    await page.getByRole('heading', { name: 'Your freeze has ended' }).waitFor();
    await page.getByText('Your freeze is cancelled. Your usual payments carry on.').waitFor();
    await expectNoAxeViolations(page);
  });
});

describe('the renewal reminder’s one-click link', () => {
  const e2e = useE2E();

  it('puts Sam’s single payment membership’s next term in the basket', async () => {
    const page = await e2e.page();
    await visit(page, `${e2e.server.urls.myAccount}/login`);
    await logIn(page, 'C100003');
    await page.getByRole('heading', { name: 'Hello, Sam' }).waitFor();
    const held = await page.request.get(`${e2e.server.urls.myAccount}/api/my-account/memberships`);
    const [swim] = (await held.json()).data as { id: number }[];
    // The link the reminder email carries.
    await visit(page, `${e2e.server.urls.myAccount}/memberships?renew=${swim!.id}`);
    await page.getByText('Membership added to basket.').waitFor();
    expect(new URL(page.url()).search).toBe('');
    await expectNoAxeViolations(page);
    const basket = await page.request.get(`${e2e.server.urls.myAccount}/api/cart`);
    const items = (await basket.json()).data.items as { description: string }[];
    expect(items.map((item) => item.description)).toEqual([expect.stringContaining('(renewal)')]);
  });
});
