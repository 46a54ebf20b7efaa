import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';
import { logIn } from './support/log-in.ts';
import { acceptCheckoutTerms, fillBilling, fillCard, settled } from './support/pay-by-card.ts';

/**
 * Issue 33 item 8: when the card provider's answer is lost (the sandbox's HANG name: the payment is
 * taken, the answer never comes and the server gives up after 30 s), the payment is looked up at the
 * provider at once and the customer is told the truth: here, that it was paid, with the
 * confirmation. It used to say "Your payment failed … you have not been charged", then "A payment
 * for this basket is already in progress." on every retry until the reconciler ran.
 */
describe('a payment whose answer was lost is explained at once (issue 33 item 8)', () => {
  const e2e = useE2E();

  it('shows the confirmation of a payment that was taken though its answer never came', async () => {
    const page = await e2e.page();
    await visit(page, `${e2e.server.urls.myAccount}/login?redirect=%2Fmemberships`);
    await logIn(page, 'C100003');
    await page.getByRole('button', { name: 'Renew Swim Unlimited' }).click();
    await page.getByText('Membership added to basket.').waitFor();
    await visit(page, `${e2e.server.urls.onlineJoining}/checkout`);
    const pay = page.getByRole('button', { name: /^Pay £\d+\.\d\d now$/ });
    await pay.waitFor();
    await page.getByRole('radio', { name: 'A different card' }).check();
    await fillBilling(page);
    await fillCard(page, { name: 'HANG', number: '4929000000006' });
    await acceptCheckoutTerms(page, ['Health commitment', 'Membership terms']);
    await pay.scrollIntoViewIfNeeded();
    await settled(pay);
    await pay.click();
    await page.getByText('Taking payment').waitFor();

    // The provider never answers; the server gives up after 30 s and asks the provider at once.
    await page.waitForURL(/\/order-confirmed\/\d+$/, { timeout: 90_000 });
    await waitForPage(page);
    await page.getByRole('heading', { name: 'Your payment was successful', level: 1 }).waitFor();
    expect(await page.getByText('Your payment failed').count()).toBe(0);
    await expectNoAxeViolations(page);
    // One order, and the basket is done with.
    const basket = await page.evaluate(
      async () => (await (await fetch('/api/cart')).json()).data.items.length,
    );
    expect(basket).toBe(0);
  }, 150_000);
});
