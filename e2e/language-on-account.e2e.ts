import { describe, expect, it } from 'vitest';
import { visit, waitForPage } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';
import { logIn, staffLogIn } from './support/log-in.ts';

/**
 * Issue 38 items 3 and 5 (decision 0108): a logged-in customer's choice of language is saved on
 * their account, and the desk, whose site stays in English, sees it.
 */
describe('the language on the customer’s account', () => {
  const e2e = useE2E({ LIDO_LANGUAGES: 'en,cy' });

  it('is saved when a logged-in customer switches to Cymraeg, and the desk sees "Welsh (Cymraeg)"', async () => {
    const customer = await e2e.page();
    const myAccount = e2e.server.urls.myAccount;
    await visit(customer, `${myAccount}/login`);
    await logIn(customer, 'alex.newman@example.org');
    await customer.waitForURL((url) => url.pathname !== '/login');
    await waitForPage(customer);
    const saved = customer.waitForResponse(
      (response) =>
        response.url().endsWith('/api/my-account/language') && response.request().method() === 'PUT',
    );
    await customer.getByRole('link', { name: 'Cymraeg' }).click();
    expect((await saved).status()).toBe(200);
    await customer.waitForURL((url) => url.pathname.startsWith('/cy'));
    await waitForPage(customer);

    const desk = await e2e.page();
    const staffSite = e2e.server.urls.frontOfHouse;
    await staffLogIn(desk, staffSite, 'desk', 'Desk-Staff-2026!');
    await desk.getByLabel('Name, email, customer ID or postcode').fill('alex.newman@example.org');
    await desk.getByRole('button', { name: 'Search' }).click();
    await desk.getByRole('button', { name: /^Select Alex/ }).click();
    await desk.waitForURL(/\/customers\/\d+$/);
    await waitForPage(desk);
    const language = desk.locator('dt', { hasText: /^Language$/ }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => language.innerText()).toBe('Welsh (Cymraeg)');
    expect(await desk.evaluate(() => document.documentElement.lang)).toBe('en-GB');
  });
});
