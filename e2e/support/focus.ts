import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Where the keyboard is: the focused element's tag, text and label, never just "BODY". */
export const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return 'nothing';
    const labels = (element as HTMLInputElement).labels;
    const label =
      element.getAttribute('aria-label') ??
      element.getAttribute('title') ??
      (labels?.[0]?.textContent ?? '').trim();
    return `${element.tagName} ${label} ${(element.textContent ?? '').trim().slice(0, 60)}`.trim();
  });

/** The target gets focus (within the poll's time). */
export async function expectFocusOn(target: Locator) {
  await expect
    .poll(() => target.evaluate((element) => element === document.activeElement), { timeout: 10_000 })
    .toBe(true);
}

/** The target has focus and lies wholly inside the window, where the customer can see it. */
export async function expectFocusedInView(target: Locator) {
  await expectFocusOn(target);
  await expect
    .poll(
      () =>
        target.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        }),
      { timeout: 5_000 },
    )
    .toBe(true);
}

/** After a route change: the window at the top and the new page's h1 focused. */
export async function expectFocusOnNewPage(page: Page) {
  const heading = page.locator('main h1');
  await heading.waitFor();
  await expect.poll(() => describeFocus(page), { timeout: 10_000 }).toMatch(/^H1 /);
  await expectFocusOn(heading);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}

type Box = { x: number; y: number; width: number; height: number };
/** Whether two boxes share any area. */
export const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Presses Tab until the target has focus: proves it is reachable by keyboard, in order. */
export async function tabTo(page: Page, target: Locator, limit = 120) {
  const handle = await target.elementHandle();
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((element) => element === document.activeElement, handle)) return;
  }
  throw new Error(`Could not reach ${String(target)} with the Tab key`);
}
