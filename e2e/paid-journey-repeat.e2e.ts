import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, waitForPage } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';
import * as joining from './support/joining.ts';
import { expectTermsCarriedIn, fillBilling, fillCard } from './support/pay-by-card.ts';

/** Where the tab went and what the site asked for: the failure message shows how a run ended up elsewhere. */
function recordTrail(page: Page): string[] {
  const trail: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) trail.push(new URL(frame.url()).pathname);
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/'))
      trail.push(`${response.request().method()} ${url.pathname} ${response.status()}`);
  });
  // The browser's own history changes (pushState) are not frame navigations: sample them too.
  page.on('request', () => trail.push(`@${new URL(page.url()).pathname}`));
  return trail;
}

/** The trail from the checkout page on, repeated entries (the path sampled at each request) once. */
const describeTrail = (trail: string[]) =>
  trail
    .slice(trail.lastIndexOf('/checkout'))
    .filter((entry, index, shown) => entry !== shown[index - 1])
    .join(' → ');

/**
 * Issue 15, item 1: after paying, the customer lands on the confirmation, also on a slow machine.
 * The joining journey of a new guest, paid by card with a 3-D Secure challenge, run several times,
 * some with Chromium's CPU slowed down through the DevTools protocol: on a slow page the basket,
 * fetched again while the page was still leaving /checkout, came back empty and sent the
 * customer to the centre finder.
 */
describe('a paid joining journey, again and again', () => {
  const e2e = useE2E();
  // 4x as the issue asks; 8x is what made a production build lose the race before the fix.
  const runs = [
    { run: 1, cpuSlowdown: 4 },
    { run: 2, cpuSlowdown: 1 },
    { run: 3, cpuSlowdown: 8 },
    { run: 4, cpuSlowdown: 4 },
    { run: 5, cpuSlowdown: 1 },
  ];

  it.each(runs)(
    'run $run (CPU slowed $cpuSlowdown x): a guest joins Gym Anytime monthly at Brixton and lands on the confirmation',
    async ({ run, cpuSlowdown }) => {
      const page = await e2e.page();
      const trail = recordTrail(page);
      if (cpuSlowdown > 1) {
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
      }
      await page.goto(
        `${e2e.server.urls.onlineJoining}/centre/brixton-riverside-gym/membership/gym-anytime/recurring`,
      );
      await waitForPage(page);

      const details = joining.step(page, 'Your details');
      await details.getByLabel('First name').waitFor();
      await joining.createAccount(page, `repeat.${run}.${Date.now()}@example.org`);
      await details.getByLabel('I agree to the terms and conditions and the privacy policy').check();
      await details.getByRole('button', { name: 'Create Account' }).click();

      await joining.answerAdditionalDetails(page);

      const dates = joining.step(page, 'Review & select dates');
      await dates.getByRole('button', { name: 'Tomorrow' }).click();
      await dates.getByLabel('Billing day').selectOption('15');
      await joining.agreeToTerms(page);
      await dates.getByRole('button', { name: 'Continue' }).click();

      await joining.enterBankDetails(page);
      await joining
        .step(page, 'Confirm your details')
        .getByRole('button', { name: 'Continue to checkout' })
        .click();
      await page.waitForURL(`${e2e.server.urls.onlineJoining}/checkout`);
      await waitForPage(page);

      await fillBilling(page);
      await fillCard(page, { name: 'CHALLENGE', number: '4929000000006' });
      await expectTermsCarriedIn(page, ['Health commitment', 'Membership terms']);
      await page.getByRole('button', { name: /^Pay £\d+\.\d\d now$/ }).click();
      await page.getByRole('dialog', { name: 'Confirm your payment with your bank' }).waitFor();
      const issuer = page.frameLocator('iframe[title="Your bank\'s security check"]');
      await issuer.getByLabel('Password').fill('challenge');
      await issuer.getByRole('button', { name: 'Submit' }).click();

      // Wait until the tab settles on a page (the confirmation, or the centre finder it was sent to).
      const confirmed = page.getByRole('heading', { name: 'Your payment was successful', level: 1 });
      const finder = page.getByRole('heading', { name: 'Choose your home centre', level: 1 });
      await confirmed.or(finder).first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await waitForPage(page);
      expect(new URL(page.url()).pathname, describeTrail(trail)).toMatch(/^\/order-confirmed\/\d+$/);
      expect(await confirmed.isVisible(), describeTrail(trail)).toBe(true);
      // It opens at its heading, not where checkout was scrolled to.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      // The Direct Debit set up on the way is announced with the order.
      await page.getByRole('status').filter({ hasText: 'Direct Debit set up successfully' }).waitFor();
      await expectNoAxeViolations(page);
    },
    240_000,
  );
});
