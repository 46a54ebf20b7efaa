import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';
import { logIn } from './support/log-in.ts';
import { expectTermsCarriedIn } from './support/pay-by-card.ts';

describe('checking out a basket with nothing to pay', () => {
  const e2e = useE2E();

  it('confirms a change to a cheaper membership without a card, once the terms are accepted, without asking for them again', async () => {
    const page = await e2e.page({ expectedHttpErrors: [422] });
    await visit(page, `${e2e.server.urls.myAccount}/login?redirect=%2Fmemberships`);
    await logIn(page, 'C100002');
    await page.getByRole('link', { name: 'Change membership from Gym Anytime' }).click();
    await waitForPage(page);
    await page.getByRole('button', { name: 'Choose this membership: Off-peak Gym' }).click();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    const dates = page.locator('section.joining-step').filter({ hasText: 'Review & select dates' });
    for (const name of ['Health commitment', 'Membership terms']) {
      await dates.getByLabel(new RegExp(`I have read and agree to the ${name}`, 'i')).check();
    }
    await dates.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${e2e.server.urls.onlineJoining}/checkout`);
    await waitForPage(page);

    await page.getByRole('heading', { name: 'No payment is required for this purchase.' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(/Checkout\s+£0\.00/);
    // The terms agreed in Review & select dates came with the change (issue 21 item 5).
    await expectTermsCarriedIn(page, ['Health commitment', 'Membership terms']);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Confirm order' }).click();

    await page.waitForURL(/\/order-confirmed\/\d+$/);
    await waitForPage(page);
    await page.getByRole('heading', { name: 'Your payment was successful', level: 1 }).waitFor();
    const reference = (await page.getByText(/^Order LD-\d+$/).innerText()).replace('Order ', '');
    expect(await page.getByRole('region', { name: 'Your new membership' }).innerText()).toContain(
      'Off-peak Gym',
    );
    await expectNoAxeViolations(page);
    const transactions = () =>
      page.evaluate(
        () =>
          ((window as unknown as { dataLayer?: { event: string }[] }).dataLayer ?? []).filter(
            (event) => event.event === 'transaction',
          ).length,
      );
    await expect.poll(transactions).toBe(1);
    // Reported once per order: a reload does not report it again.
    await page.reload();
    await waitForPage(page);
    await page.getByRole('heading', { name: 'Your payment was successful' }).waitFor();
    expect(await transactions()).toBe(0);

    await page.getByRole('link', { name: 'Go to my account' }).click();
    await page.waitForURL(`${e2e.server.urls.myAccount}/`);
    await visit(page, `${e2e.server.urls.myAccount}/payments`);
    await page.getByText(reference).first().waitFor();
  });

  it('shows the basket on the bookings site, where a line can be removed', async () => {
    const page = await e2e.page();
    await visit(page, `${e2e.server.urls.myAccount}/login?redirect=%2Fmemberships`);
    await logIn(page, 'C100003');
    await page.getByRole('button', { name: 'Renew Swim Unlimited' }).click();
    await page.getByText('Membership added to basket.').waitFor();
    await page
      .getByRole('banner')
      .getByRole('link', { name: /^Basket/ })
      .click();
    await page.waitForURL(`${e2e.server.urls.bookings}/basket`);
    await waitForPage(page);
    await page.getByRole('heading', { name: 'Shopping basket', level: 1 }).waitFor();
    const line = page.locator('.basket__item').filter({ hasText: 'Swim Unlimited, 3 months (renewal)' });
    expect(await line.locator('.basket__price').innerText()).toBe('£60.00');
    expect(await page.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toMatch(/\/checkout$/);
    await expectNoAxeViolations(page);
    await line.getByRole('button', { name: 'Remove Swim Unlimited, 3 months (renewal)' }).click();
    await page.getByText('Successfully removed item from the basket.').waitFor();
    await page.getByRole('heading', { name: 'Your basket is empty' }).waitFor();
    await expectNoAxeViolations(page);
  });
});
