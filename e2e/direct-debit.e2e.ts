import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';
import { joinNationalAllAccessMonthly } from './support/joining.ts';
import { logIn } from './support/log-in.ts';

describe('Direct Debit problems in My account', () => {
  const e2e = useE2E();

  it('tells a member on the Dashboard and on Payments when the bank refuses their mandate', async () => {
    const page = await e2e.page();
    await visit(page, `${e2e.server.urls.myAccount}/login`);
    await logIn(page, 'C100001');
    await page.getByRole('heading', { name: 'Hello, Alex' }).waitFor();
    await joinNationalAllAccessMonthly(page, e2e.server.urls.onlineJoining, 'MANDATE FAILED');

    // The sandbox's Bacs clock moves on four working days: submitted, then refused by the bank,
    // and its webhooks come back to the server.
    const clock = await fetch(`http://127.0.0.1:${e2e.server.port + 4}/sandbox/gocardless/_control/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_working_days: 4 }),
    });
    expect(clock.status).toBe(200);

    const notice = page.getByRole('alert').filter({ hasText: 'Your Direct Debit could not be set up' });
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('heading', { name: 'Hello, Alex' }).waitFor();
          return notice.count();
        },
        { timeout: 20_000 },
      ) // the sandbox's webhooks arrive after the clock call answers: slow on a busy machine
      .toBe(1);
    await expectNoAxeViolations(page);

    await notice.getByRole('link', { name: 'See your Direct Debit' }).click();
    const directDebit = page.getByRole('region', { name: 'Direct Debit', exact: true });
    await directDebit.waitFor();
    expect(await directDebit.locator('.facts').innerText()).toMatch(/Status\s+Failed/);
    expect(await directDebit.getByText('Your Direct Debit could not be set up').count()).toBe(1);
    await expectNoAxeViolations(page);

    // The membership itself is marked.
    await page
      .getByRole('navigation', { name: 'My account' })
      .getByRole('link', { name: 'Memberships' })
      .click();
    const card = page.getByRole('listitem').filter({ hasText: 'National All Access' });
    await card.getByText('Your Direct Debit could not be set up.').waitFor();
    await expectNoAxeViolations(page);
  });
});
