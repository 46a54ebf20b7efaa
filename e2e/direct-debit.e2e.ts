import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';
import { logIn } from './support/log-in.ts';

/** The next 1st or 15th at least 10 days away: a start with nothing to pay today (pricing.md). */
function freeStart(): { startDate: string; billingDay: number } {
  for (let days = 10; ; days += 1) {
    const date = new Date(Date.now() + days * 86_400_000);
    const day = date.getUTCDate();
    if (day === 1 || day === 15) return { startDate: date.toISOString().slice(0, 10), billingDay: day };
  }
}

describe('Direct Debit problems in My account', () => {
  const e2e = useE2E();

  /** What the joining page sends, through the browser's own session: join National All Access monthly. */
  async function joinMonthly(page: Page, accountHolder: string) {
    const api = async (method: 'GET' | 'POST', path: string, data?: object) => {
      const response = await page.request.fetch(`${e2e.server.urls.onlineJoining}/api/${path}`, {
        method,
        headers: { origin: e2e.server.urls.onlineJoining },
        ...(data ? { data } : {}),
      });
      expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
      return (await response.json()).data;
    };
    const venue = await api('GET', 'activities/venues/castlefield-leisure-centre');
    const types = (await api('GET', `memberships/types?venue_id=${venue.id}`)) as {
      id: number;
      slug: string;
      paymentOptions: { id: number; paymentType: string }[];
    }[];
    const type = types.find((candidate) => candidate.slug === 'national-all-access')!;
    const { startDate, billingDay } = freeStart();
    const cart = await api('POST', 'memberships/online-joining/store', {
      home_venue_id: venue.id,
      membership_type_id: type.id,
      payment_option_id: type.paymentOptions.find((option) => option.paymentType === 'recurring')!.id,
      start_date: startDate,
      billing_day: billingDay,
      account_holder: accountHolder,
      account_details: { sort_code: '200000', account_number: '55779911' },
      dd_terms_accepted: true,
    });
    expect(cart.totals.total).toBe(0);
    const terms = (await api('GET', `terms?cart_id=${cart.cartId}`)).data as { id: number }[];
    await api('POST', 'checkout/complete', { terms: terms.map((term) => term.id), source: 'online-joining' });
  }

  it('tells a member on the Dashboard and on Payments when the bank refuses their mandate', async () => {
    const page = await e2e.page();
    await visit(page, `${e2e.server.urls.myAccount}/login`);
    await logIn(page, 'C100001');
    await page.getByRole('heading', { name: 'Hello, Alex' }).waitFor();
    await joinMonthly(page, 'MANDATE FAILED');

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
    const directDebit = page.getByRole('region', { name: 'Direct Debit' });
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
