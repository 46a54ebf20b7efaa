import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';
import { logIn } from './support/log-in.ts';
import { acceptCheckoutTerms, fillBilling, fillCard } from './support/pay-by-card.ts';

describe('paying by card at checkout', () => {
  const e2e = useE2E();

  it('shows a declined card as a failed payment that charges nothing, then pays with the saved card and its security code', async () => {
    const page = await e2e.page();
    await visit(page, `${e2e.server.urls.myAccount}/login?redirect=%2Fmemberships`);
    await logIn(page, 'C100003');
    await page.getByRole('button', { name: 'Renew Swim Unlimited' }).click();
    await page.getByText('Membership added to basket.').waitFor();
    await visit(page, `${e2e.server.urls.onlineJoining}/checkout`);
    await page.getByRole('button', { name: /^Pay £\d+\.\d\d now$/ }).waitFor();

    // The saved card is offered first; a different card needs billing details and the card frame.
    const saved = page.getByRole('radio', { name: /Saved card: Visa ending 0006/ });
    expect(await saved.isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'A different card' }).check();
    await fillBilling(page);
    await fillCard(page, { name: 'SAM CARTER', number: '4929602110085639' });
    await acceptCheckoutTerms(page, ['Health commitment', 'Membership terms']);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: /^Pay £\d+\.\d\d now$/ }).click();
    const failed = page.getByRole('alert').filter({ hasText: 'Your payment failed' });
    await failed.waitFor();
    expect(await failed.innerText()).toContain(
      'We were unable to take payment, you have not been charged. Please try again.',
    );
    await expectNoAxeViolations(page);
    expect(page.url()).toBe(`${e2e.server.urls.onlineJoining}/checkout`);

    // The saved card with its security code (in the provider's frame) pays; chosen by keyboard.
    await page.getByRole('radio', { name: 'A different card' }).focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => saved.isChecked()).toBe(true);
    await page
      .frameLocator('iframe[title="Card security code"]')
      .getByLabel('Security code (CVV)')
      .fill('123');
    await page.getByRole('button', { name: /^Pay £\d+\.\d\d now$/ }).click();
    await page.waitForURL(/\/order-confirmed\/\d+$/);
    await waitForPage(page);
    await page.getByRole('heading', { name: 'Your payment was successful', level: 1 }).waitFor();
    await expectNoAxeViolations(page);
    // Nothing on our page ever held a card number.
    expect(await page.content()).not.toContain('4929602110085639');
  });
});
