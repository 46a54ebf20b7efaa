import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';

const step = (page: Page, title: string) =>
  page
    .locator('section.joining-step')
    .filter({ has: page.getByRole('heading', { name: new RegExp(title) }) });

async function createAccount(page: Page, email: string) {
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

async function agreeToTerms(page: Page) {
  const dates = step(page, 'Review & select dates');
  for (const name of ['Health commitment', 'Membership terms']) {
    // Ticking opens the terms; agreeing there ticks the box.
    const box = dates.getByLabel(new RegExp(`I have read and agree to the ${name}`, 'i'));
    await box.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'I Agree' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await box.isChecked()).toBe(true);
  }
}

describe('joining online', () => {
  const e2e = useE2E();

  it('takes a guest from a centre through a monthly membership to checkout, with every message on the way', async () => {
    const page = await e2e.page({ expectedHttpErrors: [404] });
    await visit(page, `${e2e.server.urls.onlineJoining}/centre/castlefield-leisure-centre`);
    await expectNoAxeViolations(page);

    // Membership: filter by type, then choose.
    const membership = step(page, 'Membership');
    await membership.getByLabel('Membership type').selectOption('Swim');
    await expect
      .poll(() => membership.locator('.membership-card .card__title').allInnerTexts())
      .toEqual(['Swim Unlimited', 'Junior Active', 'Active 60+', 'National All Access']);
    await membership.getByLabel('Membership type').selectOption('All types');
    await membership.getByRole('button', { name: 'View details of Gym Anytime' }).click();
    await page.getByRole('dialog', { name: 'Gym Anytime' }).waitFor();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await membership.getByRole('button', { name: 'Choose this membership: Gym Anytime' }).click();
    await page.waitForURL(/\/centre\/castlefield-leisure-centre\/membership\/gym-anytime\/recurring$/);

    // Your details: the terms must be agreed before the account is created.
    const details = step(page, 'Your details');
    await details.getByLabel('First name').waitFor();
    await createAccount(page, 'jordan.reed@example.org');
    await details.getByRole('button', { name: 'Create Account' }).click();
    await page
      .getByText('Please agree to the terms and conditions to create your account.')
      .first()
      .waitFor();
    await expectNoAxeViolations(page);
    await details.getByLabel('I agree to the terms and conditions and the privacy policy').check();
    await details.getByRole('button', { name: 'Create Account' }).click();

    // Additional details: required and date messages in the spec's words.
    const additional = step(page, 'Additional details');
    await additional.getByRole('button', { name: 'Save and continue' }).waitFor();
    await additional.getByLabel(/When did you last exercise regularly/).fill('31/02/2025');
    await additional.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('alert').filter({ hasText: 'There is a problem' }).waitFor();
    expect(await additional.getByText('Emergency contact name is required.').count()).toBeGreaterThan(0);
    expect(await additional.getByText('How did you hear about us? is required.').count()).toBeGreaterThan(0);
    expect(await additional.getByText('Date must be valid.').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await additional.getByLabel('Emergency contact name').fill('Sam Reed');
    await additional.getByLabel('How did you hear about us?').selectOption('friend');
    await additional.getByLabel(/When did you last exercise regularly/).fill('01/09/2025');
    await additional.getByRole('button', { name: 'Save and continue' }).click();

    // Review & select dates: billing day, a promo code applied and removed, the terms.
    const dates = step(page, 'Review & select dates');
    await dates.getByRole('button', { name: 'Tomorrow' }).click();
    await dates.getByLabel('Billing day').selectOption('15');
    await dates.getByRole('button', { name: 'I have a promo code' }).click();
    await dates.getByLabel('Promo code').fill('NOTACODE');
    await dates.getByRole('button', { name: 'Apply promo code' }).click();
    await dates.getByText('Code not recognised').first().waitFor();
    const toPay = page.locator('.payment-summary .summary-line--total dd');
    const fullPrice = await toPay.innerText();
    await dates.getByLabel('Promo code').fill('WELCOME20');
    await dates.getByRole('button', { name: 'Apply promo code' }).click();
    await dates.getByText('Code WELCOME20 applied').waitFor();
    await expect.poll(() => toPay.innerText()).not.toBe(fullPrice);
    await dates.getByRole('button', { name: 'Remove promo code' }).click();
    await expect.poll(() => toPay.innerText()).toBe(fullPrice);
    await agreeToTerms(page);
    await dates.getByRole('button', { name: 'Continue' }).click();

    // Monthly payment: every bank message, then valid details.
    const bank = step(page, 'Monthly payment');
    await bank.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').filter({ hasText: 'There is a problem' }).waitFor();
    for (const message of [
      'Enter the account holder’s name, at least 2 characters',
      'Enter a sort code of 6 digits, numbers only',
      'Enter an account number of at least 8 digits, numbers only',
      'Confirm that you are the account holder and are authorised to set up Direct Debit payments on this account',
      'Please confirm that you accept the Direct Debit terms',
    ])
      expect(await bank.getByText(message).count(), message).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await bank.getByLabel('Account holder name').fill('Jordan Reed');
    await bank.getByLabel('Sort code').fill('20-00-00');
    await bank.getByLabel('Account number').fill('55779911');
    await bank.getByLabel(/I confirm that I am the account holder/).check();
    await bank.getByLabel('I accept the Direct Debit terms').check();
    await bank.getByRole('button', { name: 'Continue' }).click();

    // Confirm: bank details masked, then checkout holds the membership at the sidebar's price.
    const confirm = step(page, 'Confirm your details');
    await confirm.getByText('******11').waitFor();
    expect(await confirm.getByText('**-**-00').count()).toBe(1);
    expect(await page.content()).not.toContain('55779911');
    await expectNoAxeViolations(page);
    const sidebarPrice = await toPay.innerText();
    await confirm.getByRole('button', { name: 'Continue to checkout' }).click();
    await page.waitForURL(`${e2e.server.urls.onlineJoining}/checkout`);
    await waitForPage(page);
    await page.getByRole('heading', { name: /^Checkout/, level: 1 }).waitFor();
    expect(await page.locator('.checkout-summary .summary-line--total dd').innerText()).toBe(sidebarPrice);
    expect(await page.locator('.checkout-summary').innerText()).toContain('Gym Anytime');
    await expect
      .poll(() =>
        page
          .getByRole('banner')
          .getByRole('link', { name: /^Basket/ })
          .textContent(),
      )
      .toMatch(/1 item/);
    await expectNoAxeViolations(page);
  });
});
