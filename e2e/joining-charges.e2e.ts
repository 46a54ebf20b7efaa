import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';
import {
  agreeToTerms,
  answerAdditionalDetails,
  createAccount,
  enterBankDetails,
  step,
} from './support/joining.ts';
import { fillCard, settled } from './support/pay-by-card.ts';

/** The operator's today (Europe/London), as YYYY-MM-DD. */
function londonToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
}

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);
const plusDays = (date: string, days: number) => iso(new Date(day(date).getTime() + days * 86_400_000));
const monthNames = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
/** "01 Dec 2026" */
const shown = (date: string) => {
  const d = day(date);
  return `${String(d.getUTCDate()).padStart(2, '0')} ${monthNames[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
};
/** The 1st of the month after `date`'s (or `date` when it is a 1st), and months on from a 1st. */
const nextFirst = (date: string) => {
  const d = day(date);
  if (d.getUTCDate() === 1) return date;
  return iso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)));
};
const addMonth = (first: string) => {
  const d = day(first);
  return iso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)));
};

/**
 * What joining Gym Anytime (£30.00 a month, £20.00 setup fee) today on billing day 1 should say,
 * worked here from the calendar (pricing.md): the pro-rata days run from today to the day before
 * the next 1st; that 1st is inside the 10-day lead time of a new Direct Debit (or not), so its
 * month is paid now and the first collection is a month later (or it is the first collection).
 */
function expected() {
  const today = londonToday();
  const anchor = nextFirst(today);
  const days = Math.round((day(anchor).getTime() - day(today).getTime()) / 86_400_000);
  const monthInHand = anchor < plusDays(today, 10);
  const first = monthInHand ? addMonth(anchor) : anchor;
  const proRata =
    days === 0
      ? 'Nothing to pay: your membership starts on your billing day, the 1st of each month.'
      : `Pays for ${days === 1 ? shown(today) : `${shown(today)} to ${shown(plusDays(anchor, -1))}`} (${days} ${days === 1 ? 'day' : 'days'}): from your start date to the day before your billing day, the 1st of each month. It is £30.00 a month worked out by the day.`;
  const month = `Pays now for your first full month, ${shown(anchor)} to ${shown(plusDays(first, -1))}`;
  const takesOver = `Your Direct Debit takes over from ${shown(first)}.`;
  return {
    proRata,
    /** where the page knows the option: with the reason */
    monthInHandWhy: monthInHand
      ? `${month}: a new Direct Debit can’t be set up in time to collect on ${shown(anchor)}. ${takesOver}`
      : null,
    /** the order and its email: what it pays for */
    monthInHand: monthInHand ? `${month}. ${takesOver}` : null,
    firstCollection: `Your first Direct Debit collection is £30.00 on ${shown(first)}, then £30.00 on the 1st of each month.`,
    firstFact: `£30.00 on ${shown(first)}, then on the 1st of each month`,
  };
}

/** The explanation under a fee line of a summary, found by the line's label. */
const why = (scope: ReturnType<Page['locator']>, label: string) =>
  scope.locator('.summary-line').filter({ hasText: label }).locator('.summary-line__why');

// Issue 33 item 3: each joining charge explained where it is shown, the first collection on the
// confirmation and in the receipt email, the Direct Debit Guarantee where the bank details are
// taken and in the email, and Direct Debit terms an operator would write.
describe('joining charges and the Direct Debit Guarantee', () => {
  const e2e = useE2E();

  it.each([
    { size: 'desktop', width: 1280, height: 900, email: 'casey.charges@example.org' },
    { size: 'phone', width: 390, height: 844, email: 'casey.charges.phone@example.org' },
  ])(
    'explains each charge, shows the Guarantee with the bank details, and states the first collection after paying, on a $size',
    async ({ width, height, email }) => {
      const want = expected();
      const page = await e2e.page({ width, height });
      await visit(page, `${e2e.server.urls.onlineJoining}/centre/castlefield-leisure-centre`);
      await step(page, 'Membership')
        .getByRole('button', { name: 'Choose this membership: Gym Anytime' })
        .click();
      const details = step(page, 'Your details');
      await details.getByLabel('First name').waitFor();
      await createAccount(page, email);
      await details.getByLabel('I agree to the terms and conditions and the privacy policy').check();
      await details.getByRole('button', { name: 'Create Account' }).click();
      await answerAdditionalDetails(page);

      // Review & select dates: today, billing day 1 (the issue's "Month in hand fee £30.00").
      const dates = step(page, 'Review & select dates');
      await dates.getByRole('button', { name: 'Today' }).click();
      await dates.getByLabel('Billing day').selectOption('1');
      const summary = page.locator('aside.payment-summary');
      await expect.poll(() => why(summary, 'Pro-rata membership payment').innerText()).toBe(want.proRata);
      expect(await why(summary, 'Setup fee').innerText()).toBe(
        'A one-off fee for setting up your membership, paid once when you join.',
      );
      if (want.monthInHandWhy)
        expect(await why(summary, 'Month in hand fee').innerText()).toBe(want.monthInHandWhy);
      else expect(await summary.getByText('Month in hand fee').count()).toBe(0);
      await summary.getByText(want.firstCollection).waitFor();
      await expectNoAxeViolations(page);
      await agreeToTerms(page);
      await dates.getByRole('button', { name: 'Continue' }).click();

      // Monthly payment: the operator's Direct Debit terms and the Guarantee, in the scheme's words.
      const bank = step(page, 'Monthly payment');
      const terms = bank.locator('.dd-terms');
      await terms.waitFor();
      const termsText = await terms.innerText();
      expect(termsText).not.toContain('Demo text');
      expect(termsText).toContain(
        'By accepting these terms you ask your bank or building society to pay Brightwater Leisure Trust',
      );
      const guarantee = bank.getByRole('region', { name: 'The Direct Debit Guarantee' });
      await guarantee.waitFor();
      const guaranteeText = await guarantee.innerText();
      for (const point of [
        'This Guarantee is offered by all banks and building societies that accept instructions to pay Direct Debits',
        'If there are any changes to the amount, date or frequency of your Direct Debit Brightwater Leisure Trust will notify you 3 working days in advance of your account being debited or as otherwise agreed.',
        'If an error is made in the payment of your Direct Debit, by Brightwater Leisure Trust or your bank or building society, you are entitled to a full and immediate refund of the amount paid from your bank or building society',
        'If you receive a refund you are not entitled to, you must pay it back when Brightwater Leisure Trust asks you to',
        'You can cancel a Direct Debit at any time by simply contacting your bank or building society. Written confirmation may be required. Please also notify us.',
      ])
        expect(guaranteeText).toContain(point);
      await expectNoAxeViolations(page);
      await enterBankDetails(page);
      await step(page, 'Confirm your details').getByRole('button', { name: 'Continue to checkout' }).click();

      // Checkout: the same words beside the same figures.
      await page.waitForURL(`${e2e.server.urls.onlineJoining}/checkout`);
      await waitForPage(page);
      const checkout = page.locator('.checkout-summary');
      await expect.poll(() => why(checkout, 'Pro-rata membership payment').innerText()).toBe(want.proRata);
      await checkout.getByText(want.firstCollection).waitFor();
      if (want.monthInHand)
        expect(await why(checkout, 'Month in hand fee').innerText()).toBe(want.monthInHand);
      await expectNoAxeViolations(page);
      const total = await checkout.locator('.summary-line--total dd').innerText();
      await fillCard(page, { name: 'CASEY CHARGES', number: '4929000000006' });
      const pay = page.getByRole('button', { name: `Pay ${total} now` });
      await pay.scrollIntoViewIfNeeded();
      await settled(pay);
      await pay.click();

      // The confirmation: the first collection's amount and date, each charge explained.
      await page.waitForURL(/\/order-confirmed\/\d+$/);
      await waitForPage(page);
      await page.getByRole('heading', { name: 'Your payment was successful', level: 1 }).waitFor();
      const membership = page.getByRole('region', { name: 'Your new membership' });
      expect(await membership.locator('.facts').innerText()).toMatch(
        new RegExp(`First Direct Debit collection\\s+${want.firstFact.replace(/[.£]/g, '\\$&')}`),
      );
      const fees = page.getByRole('region', { name: 'Fees for Gym Anytime' });
      if (want.proRata.startsWith('Pays'))
        expect(await why(fees, 'Pro-rata membership payment').innerText()).toBe(want.proRata);
      if (want.monthInHand) expect(await why(fees, 'Month in hand fee').innerText()).toBe(want.monthInHand);
      await expectNoAxeViolations(page);

      // The receipt email: the charges explained, the first collection, and the Guarantee.
      const subject = /^Your order LD-/;
      await expect
        .poll(
          async () => {
            // The outbox is the server's own page, not the app: no #root to wait for.
            await page.goto(`${e2e.server.urls.onlineJoining}/dev/outbox`);
            return page
              .getByRole('row')
              .filter({ hasText: email })
              .getByRole('link', { name: subject })
              .count();
          },
          { timeout: 20_000 },
        )
        .toBe(1);
      await page.getByRole('row').filter({ hasText: email }).getByRole('link', { name: subject }).click();
      await page.locator('article').waitFor();
      const receipt = await page.locator('article').innerText();
      expect(receipt).toContain(want.firstCollection);
      if (want.proRata.startsWith('Pays')) expect(receipt).toContain(want.proRata);
      if (want.monthInHand) expect(receipt).toContain(want.monthInHand);
      expect(receipt).toContain('The Direct Debit Guarantee');
      expect(receipt).toContain(
        'If there are any changes to the amount, date or frequency of your Direct Debit Brightwater Leisure Trust will notify you 3 working days in advance',
      );
      await expectNoAxeViolations(page);
    },
    300_000,
  );
});
