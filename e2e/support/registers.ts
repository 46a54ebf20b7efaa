import type { Page } from 'playwright-core';
import { waitForPage } from './browser.ts';

/** Opens Registers from the staff header, at a centre on the day given. */
export async function openRegisters(page: Page, staffSite: string, date: string, centre: string) {
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Registers' }).click();
  await page.waitForURL(`${staffSite}/registers`);
  await page.getByRole('heading', { name: 'Registers', level: 1 }).waitFor();
  await page.getByLabel('Centre').selectOption({ label: centre });
  const [year, month, day] = date.split('-');
  await page.getByLabel('Day', { exact: true }).fill(String(Number(day)));
  await page.getByLabel('Month', { exact: true }).fill(String(Number(month)));
  await page.getByLabel('Year', { exact: true }).fill(year!);
  await page.getByRole('table', { name: new RegExp(`^Sessions at ${centre}`) }).waitFor();
  await waitForPage(page);
}

/** Opens a session's register from the day's list, by the activity and its start time. */
export async function openRegister(page: Page, activity: string, time: string) {
  await page.getByRole('link', { name: `Register for ${activity} at ${time}` }).click();
  await page.waitForURL((url) => /^\/registers\/\d+$/.test(url.pathname));
  await page.getByRole('heading', { name: `Register: ${activity}`, level: 1 }).waitFor();
  await waitForPage(page);
}
