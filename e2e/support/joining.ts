import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectNoAxeViolations, visit } from './browser.ts';

/** A section of the joining page, found by its heading. */
export const step = (page: Page, title: string) =>
  page
    .locator('section.joining-step')
    .filter({ has: page.getByRole('heading', { name: new RegExp(title) }) });

/** Fills "Your details" for a new customer (the terms box and the button are left to the test). */
export async function createAccount(page: Page, email: string) {
  const details = step(page, 'Your details');
  await details.getByLabel('First name').fill('Jordan');
  await details.getByLabel('Last name').fill('Reed');
  await details.getByRole('group', { name: 'Date of birth' }).getByLabel('Day').fill('4');
  await details.getByRole('group', { name: 'Date of birth' }).getByLabel('Month').fill('7');
  await details.getByRole('group', { name: 'Date of birth' }).getByLabel('Year').fill('1991');
  await details.getByLabel('Email address').fill(email);
  await details.getByLabel('Address line 1').fill('12 Deansgate');
  await details.getByLabel('Town or city').fill('Manchester');
  await details.getByLabel('Postcode').fill('M3 2BW');
  await details.getByLabel('Password', { exact: true }).fill('Jordan-Joins-2026');
  await details.getByLabel('Repeat password').fill('Jordan-Joins-2026');
}

/** Agrees to both terms of "Review & select dates": one by ticking its box, one through its dialog. */
export async function agreeToTerms(page: Page) {
  const dates = step(page, 'Review & select dates');
  // Ticking a box only ticks it (WCAG 3.2.2; issue 34 item 5): nothing opens.
  const health = dates.getByLabel(/I have read and agree to the Health commitment/i);
  await health.click();
  expect(await health.isChecked()).toBe(true);
  expect(await page.getByRole('dialog').count()).toBe(0);
  // The terms open from the button beside their box; agreeing there ticks it.
  const membership = dates.getByLabel(/I have read and agree to the Membership terms/i);
  await dates.getByRole('button', { name: /^Read the Membership terms/i }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'I Agree' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect(await membership.isChecked()).toBe(true);
}

/** Types "27 3 2007" into GOV.UK's date input (decision 0083): its Day, Month and Year fields. */
export async function fillDate(group: Locator, date: string) {
  const [day = '', month = '', year = ''] = date.split(' ');
  await group.getByLabel('Day').fill(day);
  await group.getByLabel('Month').fill(month);
  await group.getByLabel('Year').fill(year);
}

/** Answers Gym Anytime's additional questions, then saves them. */
export async function answerAdditionalDetails(page: Page) {
  const additional = step(page, 'Additional details');
  await additional.getByLabel('Emergency contact name').fill('Sam Reed');
  await additional.getByLabel('How did you hear about us?').selectOption('friend');
  await fillDate(additional.getByRole('group', { name: /When did you last exercise regularly/ }), '1 9 2025');
  await additional.getByRole('button', { name: 'Save and continue' }).click();
}

/** Fills "Monthly payment" with the sandbox bank's sort code and this account number, then continues. */
export async function enterBankDetails(page: Page, accountNumber = '55779911') {
  const bank = step(page, 'Monthly payment');
  await bank.getByLabel('Account holder name').fill('Jordan Reed');
  await bank.getByLabel('Sort code').fill('20-00-00');
  await bank.getByLabel('Account number').fill(accountNumber);
  await bank.getByLabel(/I confirm that I am the account holder/).check();
  await bank.getByLabel('I accept the Direct Debit terms').check();
  await bank.getByRole('button', { name: 'Continue' }).click();
}

/** The next 1st or 15th at least 10 days away: a start with nothing to pay today (pricing.md). */
function freeStart(): { startDate: string; billingDay: number } {
  for (let days = 10; ; days += 1) {
    const date = new Date(Date.now() + days * 86_400_000);
    const day = date.getUTCDate();
    if (day === 1 || day === 15) return { startDate: date.toISOString().slice(0, 10), billingDay: day };
  }
}

/**
 * What the joining page sends, through the browser's own session: the logged-in customer joins
 * National All Access monthly from a start with nothing to pay today, by Direct Debit in
 * `accountHolder`'s name (the sandbox refuses the mandate of "MANDATE FAILED").
 */
export async function joinNationalAllAccessMonthly(
  page: Page,
  onlineJoining: string,
  accountHolder = 'Alex Smith',
): Promise<void> {
  const api = async (method: 'GET' | 'POST', path: string, data?: object) => {
    const response = await page.request.fetch(`${onlineJoining}/api/${path}`, {
      method,
      headers: { origin: onlineJoining },
      ...(data ? { data } : {}),
    });
    expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
    return (await response.json()).data;
  };
  const venue = await api('GET', 'activities/venues/castlefield-leisure-centre');
  const types = (await api('GET', `memberships/types?venue_id=${venue.id}`)) as {
    id: number;
    slug: string;
    paymentOptions: { id: number; paymentType: string }[];
  }[];
  const type = types.find((candidate) => candidate.slug === 'national-all-access')!;
  const { startDate, billingDay } = freeStart();
  const cart = await api('POST', 'memberships/online-joining/store', {
    home_venue_id: venue.id,
    membership_type_id: type.id,
    payment_option_id: type.paymentOptions.find((option) => option.paymentType === 'recurring')!.id,
    start_date: startDate,
    billing_day: billingDay,
    account_holder: accountHolder,
    account_details: { sort_code: '200000', account_number: '55779911' },
    dd_terms_accepted: true,
  });
  expect(cart.totals.total).toBe(0);
  const terms = (await api('GET', `terms?cart_id=${cart.cartId}`)).data as { id: number }[];
  await api('POST', 'checkout/complete', { terms: terms.map((term) => term.id), source: 'online-joining' });
  // The mandate is set up just after the answer (decision 0065): the helper returns once it is.
  await expect
    .poll(async () => (await api('GET', 'my-account/direct-debit')).instruction?.reference ?? null, {
      timeout: 20_000,
    })
    .not.toBeNull();
}

/**
 * My account's Payments, opened again until its Direct Debit shows the mandate's reference: the
 * provider makes the mandate just after the order is answered (decision 0065). Answers the region.
 */
export async function paymentsWithMandate(page: Page, myAccount: string) {
  const directDebit = page.getByRole('region', { name: 'Direct Debit', exact: true });
  await expect
    .poll(
      async () => {
        await visit(page, `${myAccount}/payments`);
        await directDebit.waitFor();
        return directDebit.locator('.facts').innerText();
      },
      { timeout: 20_000 },
    )
    .toMatch(/Mandate reference\s+\S+-/);
  return directDebit;
}
