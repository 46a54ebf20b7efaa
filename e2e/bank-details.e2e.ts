import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';
import { joinNationalAllAccessMonthly, paymentsWithMandate } from './support/joining.ts';
import { logIn } from './support/log-in.ts';

describe('a member replaces their bank details', () => {
  const e2e = useE2E();

  it('Alex changes the account his Direct Debit uses and sees the new one confirmed', async () => {
    // The refused account is the server's 422, on purpose.
    const page = await e2e.page({ expectedHttpErrors: [422] });
    await visit(page, `${e2e.server.urls.myAccount}/login`);
    await logIn(page, 'C100001');
    await page.getByRole('heading', { name: 'Hello, Alex' }).waitFor();
    await joinNationalAllAccessMonthly(page, e2e.server.urls.onlineJoining);

    // Payments shows the Direct Debit once its mandate is made, with the way to change it.
    const directDebit = await paymentsWithMandate(page, e2e.server.urls.myAccount);
    await expectNoAxeViolations(page);
    await directDebit.getByRole('link', { name: 'Change bank details' }).click();

    await page.getByRole('heading', { name: 'Bank details', level: 1 }).waitFor();
    expect(await page.locator('.facts').first().innerText()).toMatch(/Account number\s+\*+11/);
    await expectNoAxeViolations(page);

    // Pressed with nothing filled in: each field says what it needs.
    await page.getByRole('button', { name: 'Change bank details' }).click();
    await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
    await expectNoAxeViolations(page);

    // An account the bank check refuses, then a good one.
    await page.getByLabel('Account holder’s name').fill('Alex Smith');
    await page.getByLabel('Sort code').fill('08-99-99');
    await page.getByLabel('Account number').fill('66374959');
    await page.getByLabel('I am the account holder').check();
    await page.getByRole('button', { name: 'Change bank details' }).click();
    await page
      .getByText('That account number doesn’t match the sort code', { exact: false })
      .first()
      .waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel('Account number').fill('66374958');
    await page.getByRole('button', { name: 'Change bank details' }).click();

    const confirmed = page.getByRole('heading', { name: 'Your bank details have been changed' });
    await confirmed.waitFor();
    await expect.poll(() => confirmed.evaluate((heading) => heading === document.activeElement)).toBe(true);
    const facts = await page.locator('.facts').innerText();
    expect(facts).toMatch(/Sort code\s+\*\*-\*\*-99/);
    expect(facts).toMatch(/Account number\s+\*+58/);
    await expectNoAxeViolations(page);

    // Payments now shows the new account.
    await page.getByRole('link', { name: 'See your Direct Debit payments' }).click();
    await directDebit.waitFor();
    await expect.poll(() => directDebit.locator('.facts').innerText()).toMatch(/Account number\s+\*+58/);
    await expectNoAxeViolations(page);
  });
});
