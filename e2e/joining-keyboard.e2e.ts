import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';
import { demoPassword } from './support/log-in.ts';

/** Presses Tab until the target has focus: proves it is reachable by keyboard, in order. */
async function tabTo(page: Page, target: Locator, limit = 120) {
  const handle = await target.elementHandle();
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((element) => element === document.activeElement, handle)) return;
  }
  throw new Error(`Could not reach ${String(target)} with the Tab key`);
}

describe('joining with the keyboard alone, where the Direct Debit provider needs a billing address', () => {
  const e2e = useE2E({ LIDO_DIRECT_DEBIT_BILLING_ADDRESS: 'required' });

  it('reaches checkout using only Tab, Space, Enter, arrows and typing', async () => {
    const page = await e2e.page();
    await visit(
      page,
      `${e2e.server.urls.onlineJoining}/login?redirect=%2Fcentre%2Fcastlefield-leisure-centre`,
    );
    const keys = page.keyboard;
    await tabTo(page, page.getByLabel('Email address or customer ID'));
    await keys.type('C100001');
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await keys.type(demoPassword);
    await keys.press('Enter');
    await page.waitForURL(`${e2e.server.urls.onlineJoining}/centre/castlefield-leisure-centre`);
    await waitForPage(page);

    // Membership: the type filter by arrows, then choose.
    await tabTo(page, page.getByLabel('Membership type'));
    await tabTo(page, page.getByRole('button', { name: 'Choose this membership: Off-peak Gym' }));
    await keys.press('Enter');
    await page.waitForURL(/\/membership\/off-peak-gym\/recurring$/);
    // Focus moves to the section that opened.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toContain('Your details');
    await tabTo(page, page.getByRole('button', { name: 'Continue', exact: true }));
    await keys.press('Enter');

    // Review & select dates: billing day by arrows, terms through their dialogs.
    await tabTo(page, page.getByLabel('Billing day'));
    await keys.press('ArrowDown');
    for (const name of ['Health commitment', 'Membership terms']) {
      await tabTo(page, page.getByLabel(new RegExp(`I have read and agree to the ${name}`, 'i')));
      await keys.press('Space');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      // The terms scroll by keyboard: focus the text, then End.
      await tabTo(page, dialog.getByRole('region'));
      await keys.press('End');
      await tabTo(page, dialog.getByRole('button', { name: 'I Agree' }));
      await keys.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
    }
    await tabTo(page, page.getByRole('button', { name: 'Continue', exact: true }));
    await keys.press('Enter');

    // Monthly payment, with the billing address this provider needs.
    const bank = page.getByRole('form', { name: 'Direct Debit details' });
    await tabTo(page, bank.getByLabel('Account holder name'));
    await keys.type('Alex Newman');
    await keys.press('Tab');
    await keys.type('200000');
    await keys.press('Tab');
    await keys.type('55779911');
    // Continue with the address empty: each of its messages, in an error summary that takes focus.
    await tabTo(page, bank.getByRole('button', { name: 'Continue' }));
    await keys.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'There is a problem' }).waitFor();
    for (const message of [
      'Enter the first line of the billing address, at least 2 characters',
      'Enter the town or city of the billing address, at least 2 characters',
      'Please enter a valid postcode',
    ])
      expect(await bank.getByText(message).count(), message).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.activeElement?.className)).toContain('error-summary');
    await tabTo(page, bank.getByLabel('Address line 1'));
    await keys.type('9 River View');
    await tabTo(page, bank.getByLabel('Town or city'));
    await keys.type('York');
    await tabTo(page, bank.getByLabel('Postcode'));
    await keys.type('NOT A CODE');
    await tabTo(page, bank.getByRole('button', { name: 'Continue' }));
    await keys.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'There is a problem' }).waitFor();
    expect(await bank.getByText('Please enter a valid postcode').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    // The error summary has focus; its link takes the keyboard to the field.
    await tabTo(page, page.getByRole('link', { name: 'Please enter a valid postcode' }));
    await keys.press('Enter');
    await keys.press('Control+A');
    await keys.type('YO1 7HH');
    await tabTo(page, bank.getByLabel(/I confirm that I am the account holder/));
    await keys.press('Space');
    await tabTo(page, bank.getByLabel('I accept the Direct Debit terms'));
    await keys.press('Space');
    await tabTo(page, bank.getByRole('button', { name: 'Continue' }));
    await keys.press('Enter');

    await tabTo(page, page.getByRole('button', { name: 'Continue to checkout' }));
    await keys.press('Enter');
    await page.waitForURL(`${e2e.server.urls.onlineJoining}/checkout`);
    await waitForPage(page);
    expect(await page.locator('.checkout-summary').innerText()).toContain('Off-peak Gym');
    await expectNoAxeViolations(page);
  });
});
