import type { Page } from 'playwright-core';
import { visit, waitForPage } from './browser.ts';

/** The demo customers' shared password (README, "Demo data"). */
export const demoPassword = 'Swim-Gym-2026!';

/** Fills the login form on the page and submits it. */
export async function logIn(page: Page, username: string, password = demoPassword): Promise<void> {
  await page.getByLabel('Email address or customer ID').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
}

/** Logs a member of staff in on the staff site and waits for its home page. */
export async function staffLogIn(page: Page, staffSite: string, username: string, password: string) {
  await visit(page, `${staffSite}/login`);
  await page.getByLabel('Staff username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL(`${staffSite}/`);
  await waitForPage(page);
}
