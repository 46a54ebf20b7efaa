import type { Page } from 'playwright-core';

/** The demo customers' shared password (README, "Demo data"). */
export const demoPassword = 'Swim-Gym-2026!';

/** Fills the login form on the page and submits it. */
export async function logIn(page: Page, username: string, password = demoPassword): Promise<void> {
  await page.getByLabel('Email address or customer ID').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
}
