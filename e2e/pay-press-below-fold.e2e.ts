import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';
import { logIn } from './support/log-in.ts';
import { acceptCheckoutTerms, fillBilling, fillCard } from './support/pay-by-card.ts';

/**
 * Issue 33 item 9 (decision 0089): at 1280×900, after filling the provider's card frame (a
 * cross-origin iframe), a pointer press on "Pay £… now" while it is below the fold pays. The test
 * does not scroll first: Playwright's click scrolls the button into view and presses it there.
 */
describe('a press on Pay is never lost (issue 33 item 9)', () => {
  const e2e = useE2E();

  it('pays when Pay, below the fold, is pressed by pointer straight after filling the card frame', async () => {
    const page = await e2e.page({ width: 1280, height: 900 });
    await visit(page, `${e2e.server.urls.myAccount}/login?redirect=%2Fmemberships`);
    await logIn(page, 'C100003');
    await page.getByRole('button', { name: 'Renew Swim Unlimited' }).click();
    await page.getByText('Membership added to basket.').waitFor();
    await visit(page, `${e2e.server.urls.onlineJoining}/checkout`);
    const pay = page.getByRole('button', { name: /^Pay £\d+\.\d\d now$/ });
    await pay.waitFor();
    await page.getByRole('radio', { name: 'A different card' }).check();
    await fillBilling(page);
    await acceptCheckoutTerms(page, ['Health commitment', 'Membership terms']);
    await fillCard(page, { name: 'JORDAN REED', number: '4929000000006' });
    await expectNoAxeViolations(page);
    // The last thing typed was in the card frame, and Pay is below the fold.
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await pay.boundingBox();
    expect(box!.y).toBeGreaterThan(900);
    await page.evaluate(() => {
      const trail: string[] = [];
      (window as unknown as { focusTrail: string[] }).focusTrail = trail;
      addEventListener('focusin', (event) => trail.push((event.target as Element).className), true);
    });
    const authorised = page.waitForRequest((request) => request.url().endsWith('/api/checkout/authorise'));
    await pay.click();
    await authorised;
    await page.waitForURL(/\/order-confirmed\/\d+$/);
    await waitForPage(page);
    await page.getByRole('heading', { name: 'Your payment was successful', level: 1 }).waitFor();
    // While paying, focus was on the status that took Pay's place (issue 33 item 9).
    expect(await page.evaluate(() => (window as unknown as { focusTrail: string[] }).focusTrail)).toContain(
      'checkout-pay-status',
    );
  }, 150_000);
});
