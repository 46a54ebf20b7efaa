import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';
import { expectFocusOn } from './support/focus.ts';
import { logIn } from './support/log-in.ts';

interface Exit {
  membershipId: number;
  prettyLastDay: string;
  lastCollection: { prettyDate: string; amount: { formatted: string } } | null;
}

/** What the server says cancelling does, read as the page's own origin would. */
async function exitOf(page: Page, origin: string, membershipId: string): Promise<Exit> {
  const response = await page.request.get(
    `${origin}/api/my-account/memberships/${membershipId}/cancellation`,
  );
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: Exit }).data;
}

/** The fact a definition list shows under its term. */
const fact = (page: Page, term: string) => page.locator(`dt:text-is("${term}") + dd`).first();

describe('leaving a membership online (issue 22 items 1, 2 and 6)', () => {
  const e2e = useE2E();

  it('Priya cancels her monthly membership in three actions from the Dashboard, seeing her last day and last collection first', async () => {
    const page = await e2e.page();
    const myAccount = e2e.server.urls.myAccount;
    await visit(page, `${myAccount}/login`);
    await logIn(page, 'C100002');
    await page.getByRole('heading', { name: 'Hello, Priya', level: 1 }).waitFor();
    await waitForPage(page);

    // 1: the Dashboard's link to her memberships.
    await page.getByRole('link', { name: 'See your memberships' }).click();
    await page.getByRole('heading', { name: 'Memberships', level: 1 }).waitFor();
    await waitForPage(page);
    await expectNoAxeViolations(page);

    // 2: "Cancel membership" on her Gym Anytime.
    await page.getByRole('link', { name: 'Cancel membership Gym Anytime' }).click();
    await page.getByRole('heading', { name: 'Cancel membership', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Cancel my membership' }).waitFor();
    const membershipId = new URL(page.url()).pathname.split('/')[2]!;
    const expected = await exitOf(page, myAccount, membershipId);
    expect(expected.lastCollection).not.toBeNull();
    // Before anything is confirmed: the last day, the last collection and its amount, and after.
    expect(await fact(page, 'Last day of membership').innerText()).toBe(expected.prettyLastDay);
    expect(await fact(page, 'Last collection').innerText()).toBe(
      `${expected.lastCollection!.amount.formatted} on ${expected.lastCollection!.prettyDate}`,
    );
    await page.getByRole('heading', { name: 'After your last day', level: 2 }).waitFor();
    await page.getByText(/Bookings you have already made stay booked/).waitFor();
    await page.getByLabel('Why are you leaving? (optional)').waitFor();
    await expectNoAxeViolations(page);

    // 3: the one confirming action (the reason is left empty: it is never required).
    await page.getByRole('button', { name: 'Cancel my membership' }).click();
    const done = page.getByRole('heading', { name: 'Your Gym Anytime membership is cancelled', level: 2 });
    await expectFocusOn(done);
    expect(await fact(page, 'Last day of membership').innerText()).toBe(expected.prettyLastDay);
    await expectNoAxeViolations(page);

    // The history says what happened, so she never has to phone.
    await page.getByRole('link', { name: 'See this membership’s history' }).click();
    await page.getByRole('heading', { name: 'Membership history', level: 1 }).waitFor();
    await page.getByText('Cancelled with notice').waitFor();
    await page.getByText(`Last day ${expected.prettyLastDay}.`, { exact: false }).waitFor();
    await expectNoAxeViolations(page);

    // Memberships now says when it ends, and offers no second cancellation.
    await visit(page, `${myAccount}/memberships`);
    await page.getByText(`Cancelled: your last day is ${expected.prettyLastDay}.`).waitFor();
    expect(await page.getByRole('link', { name: 'Cancel membership Gym Anytime' }).count()).toBe(0);
    await expectNoAxeViolations(page);
  });

  it('a member who joined today cools off and sees the refund to the card before confirming', async () => {
    const page = await e2e.page();
    const joining = e2e.server.urls.onlineJoining;
    await visit(page, `${e2e.server.urls.myAccount}/login`);
    await logIn(page, 'C100003'); // Sam: a saved Visa ending 0006
    await page.getByRole('heading', { name: 'Hello, Sam', level: 1 }).waitFor();

    // He joins a year of Gym Anytime at Castlefield today, paying with his saved card.
    // The joining page's calls, made with his session.
    const read = async <T>(path: string) =>
      ((await (await page.request.get(`${joining}${path}`)).json()) as { data: T }).data;
    const castlefield = await read<{ id: number }>('/api/activities/venues/castlefield-leisure-centre');
    const offered = await read<
      { id: number; slug: string; paymentOptions: { id: number; paymentType: string }[] }[]
    >(`/api/memberships/types?venue_id=${castlefield.id}`);
    const gymAnytime = offered.find((type) => type.slug === 'gym-anytime')!;
    const yearly = gymAnytime.paymentOptions.find((option) => option.paymentType === 'fixed')!;
    const added = (
      await page.request.post(`${joining}/api/cart/add`, {
        headers: { origin: joining },
        data: {
          items: [
            {
              id: gymAnytime.id,
              type: 'membership',
              pricing_option_id: yearly.id,
              options: { venue_id: castlefield.id, start_date: new Date().toISOString().slice(0, 10) },
            },
          ],
        },
      })
    ).status();
    expect(added).toBe(200);
    await visit(page, `${joining}/checkout`);
    const pay = page.getByRole('button', { name: /^Pay £\d+\.\d\d now$/ });
    await pay.waitFor();
    const terms = page.getByRole('checkbox', { name: /I have read and agree to the/i });
    // Each box only ticks (WCAG 3.2.2).
    for (let index = 0, count = await terms.count(); index < count; index += 1)
      await terms.nth(index).check();
    await page
      .frameLocator('iframe[title="Card security code"]')
      .getByLabel('Security code (CVV)')
      .fill('123');
    await pay.click();
    await page.waitForURL(/\/order-confirmed\/\d+$/);

    await visit(page, `${e2e.server.urls.myAccount}/memberships`);
    await page.getByRole('heading', { name: 'Memberships', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Cancel membership Gym Anytime' }).click();
    await page.getByRole('button', { name: 'Cancel my membership' }).waitFor();
    await page.getByText(/you are in the cooling-off period until/).waitFor();
    const refund = await fact(page, 'Refund').innerText();
    expect(refund).toMatch(/^£\d+\.\d\d$/);
    await page.getByText(`${refund} will be refunded to your card ending 0006.`, { exact: false }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByLabel('Why are you leaving? (optional)').fill('Changed my mind');
    await page.getByRole('button', { name: 'Cancel my membership' }).click();
    await expectFocusOn(
      page.getByRole('heading', { name: 'Your Gym Anytime membership is cancelled', level: 2 }),
    );
    await page.getByText(`${refund} was refunded to your card ending 0006.`, { exact: false }).waitFor();
    await expectNoAxeViolations(page);
  });
});
