import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.ts';
import { focusGraceMs } from './support/focus-watch.ts';

/** The focus watcher every journey's pages carry (issue 34 item 1): it must catch each way focus falls. */
describe('the focus watcher', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const page = `<main>
    <p id="plain">Some words</p>
    <button id="remove" onclick="this.remove()">Remove me</button>
    <button id="disable" onclick="this.disabled = true">Disable me</button>
    <button id="replace" onclick="this.replaceWith(Object.assign(document.createElement('button'), { textContent: 'New' }))">Replace me</button>
    <button id="move" onclick="document.getElementById('plain').tabIndex = -1; document.getElementById('plain').focus(); this.remove()">Move then remove</button>
    <button id="late" onclick="this.remove(); setTimeout(() => document.getElementById('plain').focus(), ${focusGraceMs * 3})">Late</button>
  </main>`;

  async function afterPressing(id: string, how: 'click' | 'key') {
    const tracked = await openPage(browser);
    await tracked.page.goto(`data:text/html,${encodeURIComponent(page)}`);
    if (how === 'click') await tracked.page.click(`#${id}`);
    else {
      await tracked.page.focus(`#${id}`);
      await tracked.page.keyboard.press('Enter');
    }
    await tracked.page.waitForTimeout(focusGraceMs + 500);
    await tracked.context.close();
    return tracked.problems;
  }

  it.each([
    ['remove', 'click'],
    ['disable', 'click'],
    ['replace', 'key'],
    ['late', 'key'],
  ] as const)('reports focus that falls to <body> when its button does "%s" (by %s)', async (id, how) => {
    const problems = await afterPressing(id, how);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(`^focus fell to <body> from button#${id} .* after (a click|the key Enter) on button#${id}`),
    );
  });

  it('lets focus move on, and lets a click on plain words put focus on the page', async () => {
    expect(await afterPressing('move', 'key')).toEqual([]);
    const tracked = await openPage(browser);
    await tracked.page.goto(`data:text/html,${encodeURIComponent(page)}`);
    await tracked.page.focus('#disable');
    await tracked.page.click('#plain');
    await tracked.page.waitForTimeout(focusGraceMs + 500);
    expect(await tracked.page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await tracked.context.close();
    expect(tracked.problems).toEqual([]);
  });
});
