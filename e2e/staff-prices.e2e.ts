import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';
import { describeFocus, tabTo } from './support/focus.ts';
import { answerAdditionalDetails, createAccount, fillDate, step } from './support/joining.ts';
import { staffLogIn } from './support/log-in.ts';

/** The operator's day (Europe/London) `days` from today as "27 3 2007", for GOV.UK's date fields. */
const dayParts = (days = 0) => {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' })
    .format(new Date(Date.now() + days * 86_400_000))
    .split('-');
  return `${Number(day)} ${Number(month)} ${year}`;
};

/**
 * Issue 37 item 3 (decision 0103): a manager changes a package's price and starts a promotion on
 * the staff site, without the catalogue file; a customer sees the new price on the bookings site
 * and uses the code on the joining site at once.
 */
describe('front of house: prices and offers', () => {
  const e2e = useE2E();

  it('changes a package’s price and starts a promotion customers see at once, axe clean throughout', async () => {
    const staffSite = e2e.server.urls.frontOfHouse;
    // The package's uses are refused with 422 on purpose: the browser logs that load.
    const page = await e2e.page({ expectedHttpErrors: [422] });
    await staffLogIn(page, staffSite, 'manager', 'Pool-Manager-2026!');
    await page
      .getByRole('navigation', { name: 'Staff' })
      .getByRole('link', { name: 'Prices and offers', exact: true })
      .click();
    await page.waitForURL(`${staffSite}/prices`);
    await waitForPage(page);
    await page.getByRole('heading', { name: 'Prices and offers', level: 1 }).waitFor();
    const packageRow = page.getByRole('row').filter({ hasText: '5-class pass' });
    expect(await packageRow.innerText()).toContain('£27.50');
    await expectNoAxeViolations(page);

    // By keyboard: the form opens with focus on its heading; Cancel brings it back to the lists'.
    await tabTo(page, page.getByRole('button', { name: 'Change 5-class pass' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => describeFocus(page)).toMatch(/^H2 .*Change 5-class pass/);
    await expectNoAxeViolations(page);
    await tabTo(page, page.getByRole('button', { name: 'Cancel', exact: true }));
    await page.keyboard.press('Enter');
    await expect.poll(() => describeFocus(page)).toMatch(/^H2 .*Packages/);

    // Too many uses: the catalogue file's words, after the field's label, in a summary taking focus.
    await page.getByRole('button', { name: 'Change 5-class pass' }).click();
    await page.getByLabel('Uses', { exact: true }).fill('500');
    await page.getByLabel('Price (£)').fill('29.50');
    await page.getByRole('button', { name: 'Save package' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await summary.getByRole('link', { name: 'Uses must be a whole number from 1 to 200' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toBe('error-summary');
    await expectNoAxeViolations(page);
    await summary.getByRole('link', { name: 'Uses must be a whole number from 1 to 200' }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('price-uses');
    await page.getByLabel('Uses', { exact: true }).fill('5');
    await page.getByRole('button', { name: 'Save package' }).click();
    await page.getByText('Saved 5-class pass. Customers see it now.').waitFor();
    await expect.poll(() => describeFocus(page)).toMatch(/^H2 .*Packages/);
    expect(await packageRow.innerText()).toContain('£29.50');

    // A promotion from today: 15% off the joining fee.
    await page.getByRole('button', { name: 'Start a promotion' }).click();
    await page.getByRole('heading', { name: 'Start a promotion' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel('Code', { exact: true }).fill('SPRING15');
    await page.getByLabel('Discount (%)').fill('15');
    await fillDate(page.getByRole('group', { name: 'Starts' }), dayParts());
    await page.getByRole('group', { name: 'Memberships' }).getByLabel('Gym Anytime', { exact: true }).check();
    await page.getByRole('button', { name: 'Start promotion' }).click();
    await page.getByText('Saved SPRING15. Customers see it now.').waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'SPRING15' }).innerText()).toContain(
      '15% off the joining fee (Gym Anytime)',
    );
    await expectNoAxeViolations(page);

    // A new package, sold at one of the manager's centres.
    await page.getByRole('button', { name: 'Add a package' }).click();
    await page.getByRole('heading', { name: 'Add a package' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Class trio');
    await page.getByLabel('Uses', { exact: true }).fill('3');
    await page.getByLabel('Valid for (months)').fill('1');
    await page.getByLabel('Price (£)').fill('18');
    await page
      .getByRole('group', { name: 'Centres you manage that sell it' })
      .getByLabel('Castlefield Leisure Centre')
      .check();
    await page.getByRole('group', { name: 'Pays for' }).getByLabel('Fitness classes').check();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Add package' }).click();
    await page.getByText('Saved Class trio. Customers see it now.').waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'Class trio' }).innerText()).toContain('£18.00');

    // A customer sees the new price on the bookings site...
    const customer = await e2e.page({ expectedHttpErrors: [404] });
    await visit(customer, `${e2e.server.urls.bookings}/location/castlefield-leisure-centre/packages`);
    await customer
      .getByRole('heading', { name: 'Packages at Castlefield Leisure Centre', level: 1 })
      .waitFor();
    const card = customer
      .getByRole('listitem')
      .filter({ has: customer.getByRole('heading', { name: '5-class pass' }) });
    expect(await card.innerText()).toContain('£29.50');
    const trio = customer
      .getByRole('listitem')
      .filter({ has: customer.getByRole('heading', { name: 'Class trio' }) });
    expect(await trio.innerText()).toContain('£18.00');
    await expectNoAxeViolations(customer);

    // ...and the code takes 15% off the joining fee on the joining site.
    await visit(customer, `${e2e.server.urls.onlineJoining}/centre/castlefield-leisure-centre`);
    await step(customer, 'Membership')
      .getByRole('button', { name: 'Choose this membership: Gym Anytime' })
      .click();
    await customer.waitForURL(/\/membership\/gym-anytime\/recurring$/);
    await step(customer, 'Your details').getByLabel('First name').waitFor();
    await createAccount(customer, 'spring.joiner@example.org');
    const details = step(customer, 'Your details');
    await details.getByLabel('I agree to the terms and conditions and the privacy policy').check();
    await details.getByRole('button', { name: 'Create Account' }).click();
    await step(customer, 'Additional details').getByRole('button', { name: 'Save and continue' }).waitFor();
    await answerAdditionalDetails(customer);
    const dates = step(customer, 'Review & select dates');
    // The price read is tomorrow's: once the page has chosen tomorrow, the summary is read when
    // it is no longer busy fetching that day's costs.
    const tomorrow = dates.getByRole('button', { name: 'Tomorrow' });
    await tomorrow.click();
    await expect.poll(() => tomorrow.getAttribute('aria-pressed')).toBe('true');
    const paymentSummary = customer.locator('.payment-summary');
    await expect.poll(() => paymentSummary.getAttribute('aria-busy')).toBe('false');
    const toPay = paymentSummary.locator('.summary-line--total dd');
    await expect.poll(() => toPay.innerText()).toMatch(/£/);
    const fullPrice = await toPay.innerText();
    await dates.getByRole('button', { name: 'I have a promo code' }).click();
    await dates.getByLabel('Promo code').fill('SPRING15');
    await dates.getByRole('button', { name: 'Apply promo code' }).click();
    await dates.getByText('Code SPRING15 applied').waitFor();
    // 15% of Gym Anytime's £20.00 joining fee is £3.00 off.
    const pounds = (text: string) => Number(text.replace(/[^0-9.]/g, ''));
    await expect.poll(async () => pounds(fullPrice) - pounds(await toPay.innerText())).toBeCloseTo(3, 2);
    await expectNoAxeViolations(customer);

    // Current members' price changes keep the import's notice: too soon is refused in its words.
    await page.getByRole('button', { name: 'Change Gym Anytime' }).click();
    await page.getByRole('heading', { name: 'Change the prices of Gym Anytime' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel('monthly: new price for current members (£)').fill('32.00');
    const from = page.getByRole('group', { name: 'monthly: current members pay it from' });
    await fillDate(from, dayParts(1));
    await page.getByRole('button', { name: 'Save prices' }).click();
    await summary
      .getByRole('link', {
        name: /^Current members pay it from must be \d{4}-\d{2}-\d{2} or later: members are told 30 days ahead/,
      })
      .waitFor();
    await expectNoAxeViolations(page);
    await fillDate(from, dayParts(60));
    await page.getByLabel('Guest passes', { exact: true }).fill('3');
    await page.getByRole('button', { name: 'Save prices' }).click();
    await page.getByText('Saved Gym Anytime. Customers see it now.').waitFor();
    const gym = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Gym Anytime', exact: true }) });
    expect(await gym.innerText()).toContain('current members £32.00 from');
    expect(await gym.innerText()).toContain('3 a month');
  });
});
