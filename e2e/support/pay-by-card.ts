import type { Locator, Page } from 'playwright-core';

/**
 * Fills the checkout's billing details (a new card needs them; a saved card does not). An account
 * with a full address has it shown instead (issue 21 item 5): "Use a different address" opens the
 * fields.
 */
export async function fillBilling(page: Page) {
  const billing = page.getByRole('group', { name: 'Billing Details' });
  const different = page.getByRole('button', { name: 'Use a different address' });
  await billing.or(different).first().waitFor();
  if (await different.isVisible()) await different.click();
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

/** Checks checkout asks for none of these terms, saying they were agreed on the joining page. */
export async function expectTermsCarriedIn(page: Page, names: string[]) {
  for (const name of names)
    await page
      .getByText(new RegExp(`^You agreed to the ${name}.* when you chose your membership\\.$`, 'i'))
      .waitFor();
  if ((await page.getByLabel(/I have read and agree to the/i).count()) > 0)
    throw new Error('Checkout asked again for terms agreed on the joining page');
}

/** Ticks each of the basket's terms: the box only ticks (WCAG 3.2.2), the terms open from a button. */
export async function acceptCheckoutTerms(page: Page, names: string[]) {
  for (const name of names) {
    const box = page.getByLabel(new RegExp(`I have read and agree to the ${name}`, 'i'));
    await box.check();
    if ((await page.getByRole('dialog').count()) > 0) throw new Error('Ticking the terms opened a dialog');
  }
}

/** Waits until an element has stayed where it is for two animation frames (a scroll has finished). */
export async function settled(locator: Locator) {
  let last = '';
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const box = JSON.stringify(await locator.boundingBox());
    if (box === last) return;
    last = box;
    await locator
      .page()
      .evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
}
