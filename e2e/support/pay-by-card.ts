import type { Page } from 'playwright-core';

/** Fills the checkout's billing details (a new card needs them; a saved card does not). */
export async function fillBilling(page: Page) {
  const billing = page.getByRole('group', { name: 'Billing Details' });
  await billing.getByLabel('First name').fill('Jordan');
  await billing.getByLabel('Last name').fill('Reed');
  await billing.getByLabel('Address line 1').fill('88 Deansgate');
  await billing.getByLabel('Town or city').fill('Manchester');
  await billing.getByLabel('Postcode').fill('M3 2BW');
}

/** Types a test card into the provider's card frame (the page itself never holds the number). */
export async function fillCard(
  page: Page,
  card: { name: string; number: string; expiry?: string; cvv?: string },
) {
  const frame = page.frameLocator('iframe[title="Card details"]');
  await frame.getByLabel('Name on card').fill(card.name);
  await frame.getByLabel('Card number').fill(card.number);
  await frame.getByLabel('Expiry date (MM/YY)').fill(card.expiry ?? '12/30');
  await frame.getByLabel('Security code').fill(card.cvv ?? '123');
}

/** Ticks each of the basket's terms through its dialog. */
export async function acceptCheckoutTerms(page: Page, names: string[]) {
  for (const name of names) {
    await page.getByLabel(new RegExp(`I have read and agree to the ${name}`, 'i')).click();
    await page.getByRole('dialog').getByRole('button', { name: 'I Agree' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
  }
}
