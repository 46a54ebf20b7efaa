import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, layoutSettled, visit, waitForPage } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';
import { expectFocusOn } from './support/focus.ts';
import { agreeToTerms, step } from './support/joining.ts';
import { logIn } from './support/log-in.ts';

const centrePage = '/centre/castlefield-leisure-centre';

describe('a joining basket outlives its tab, and checkout asks before it is left (issue 21 items 9, 10)', () => {
  const e2e = useE2E();

  async function logInTo(page: Page, then: string) {
    await visit(page, `${e2e.server.urls.onlineJoining}/login?redirect=${encodeURIComponent(then)}`);
    await logIn(page, 'C100002'); // Priya: pays by Direct Debit already, so no bank sections
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await waitForPage(page);
  }

  it('asks before Back leaves checkout, and a second browser finds the basket’s membership chosen', async () => {
    const first = await e2e.page();
    await logInTo(first, centrePage);
    await step(first, 'Membership')
      .getByRole('button', { name: 'Choose this membership: Off-peak Gym' })
      .click();
    await step(first, 'Your details').getByRole('button', { name: 'Continue' }).click();
    await agreeToTerms(first);
    await step(first, 'Review & select dates').getByRole('button', { name: 'Continue' }).click();
    await first.waitForURL(`${e2e.server.urls.onlineJoining}/checkout`);
    await waitForPage(first);

    // Back: the leave-screen warning, and staying keeps the checkout as it was.
    await first.evaluate(() => history.back());
    const leave = first.getByRole('dialog', { name: 'Are you sure you want to leave this screen?' });
    await leave.waitFor();
    await expectNoAxeViolations(first);
    await leave.getByRole('button', { name: 'Continue with my purchase' }).click();
    await leave.waitFor({ state: 'hidden' });
    expect(new URL(first.url()).pathname).toBe('/checkout');
    expect(await first.locator('.checkout-summary').innerText()).toContain('Off-peak Gym');
    // A header link to another site asks as well (issue 34 item 7): it is a new document, which
    // the router never saw; staying keeps the checkout.
    await first
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Book an activity' })
      .click();
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Continue with my purchase' }).click();
    await leave.waitFor({ state: 'hidden' });
    expect(new URL(first.url()).origin).toBe(e2e.server.urls.onlineJoining);
    expect(new URL(first.url()).pathname).toBe('/checkout');
    // A link in the header asks too; leaving goes where it pointed and keeps the basket.
    await first.getByRole('link', { name: 'Buy a membership' }).first().click();
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Leave this screen' }).click();
    await first.waitForURL((url) => url.pathname !== '/checkout');
    await waitForPage(first);
    expect(await first.getByRole('link', { name: /Basket/ }).innerText()).toContain('1');

    // Another browser (another device): the joining page asks for the basket's membership and
    // opens at "Your details" with every section done and the selection restored.
    const second = await e2e.page({ width: 390, height: 844 });
    const asked = second.waitForRequest(
      (request) =>
        request.method() === 'GET' && new URL(request.url()).pathname === '/api/memberships/online-joining',
    );
    await logInTo(second, centrePage);
    await asked;
    await second.waitForURL(
      `${e2e.server.urls.onlineJoining}${centrePage}/membership/off-peak-gym/recurring`,
    );
    const details = step(second, 'Your details');
    await expectFocusOn(details.getByRole('heading', { name: /Your details/ }));
    await details.getByRole('button', { name: 'Continue' }).waitFor();
    await expect.poll(() => step(second, 'Membership').innerText()).toContain('Off-peak Gym');
    for (const done of ['Choose your home centre', 'Membership', 'Review & select dates'])
      await step(second, done)
        .getByRole('button', { name: `Edit ${done}` })
        .waitFor();
    await expect.poll(() => second.locator('.payment-summary').innerText()).toContain('Off-peak Gym');
    await expectNoAxeViolations(second);

    // "Cancel selection and start over", confirmed, empties the basket without asking again, so
    // the joining page starts afresh.
    await details.getByRole('button', { name: 'Continue' }).click();
    await agreeToTerms(second);
    await step(second, 'Review & select dates').getByRole('button', { name: 'Continue' }).click();
    await second.waitForURL(`${e2e.server.urls.onlineJoining}/checkout`);
    await waitForPage(second);
    // The card frame reports its height a moment after it loads, moving what is below it on a
    // phone: a press in that moment lands where the button was (no event reaches the page).
    await layoutSettled(second);
    await second.getByRole('button', { name: 'Cancel selection and start over' }).click();
    const startOver = second.getByRole('dialog', { name: 'Are you sure you want to leave this screen?' });
    await startOver.getByText('Your membership choice will be removed from your basket.').waitFor();
    await startOver.getByRole('button', { name: 'Leave this screen' }).click();
    await second.waitForURL(`${e2e.server.urls.onlineJoining}/`);
    await waitForPage(second);
    expect(await startOver.count()).toBe(0);
    await visit(second, `${e2e.server.urls.onlineJoining}${centrePage}`);
    await step(second, 'Membership')
      .getByRole('button', { name: /Choose this membership/ })
      .first()
      .waitFor();
    expect(new URL(second.url()).pathname).toBe(centrePage);
  }, 180_000);
});
