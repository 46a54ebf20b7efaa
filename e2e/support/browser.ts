import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { watchFocus } from './focus-watch.ts';

/** Debian's Chromium, started the way this machine needs (no sandbox as root, no background traffic). */
export const chromiumPath = process.env.LIDO_CHROMIUM_PATH ?? '/usr/bin/chromium';

/** As root and with no network but the registries: no sandbox, no background traffic. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** `extraArgs` are one test's own (a fake camera, say); every other launch is as above. */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [...chromiumArgs, ...extraArgs],
  });
}

export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  /** console errors, uncaught page errors and focus fallen to <body> seen so far */
  problems: string[];
}

export interface PageOptions {
  width?: number;
  height?: number;
  /** HTTP statuses this test provokes on purpose; the browser logs their failed loads. */
  expectedHttpErrors?: number[];
}

/** A fresh context and page that records console errors, uncaught exceptions and focus lost to <body>. */
export async function openPage(browser: Browser, options: PageOptions = {}): Promise<TrackedPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  const expected = (options.expectedHttpErrors ?? []).map((status) => `status of ${status} `);
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (text.startsWith('Failed to load resource') && expected.some((marker) => text.includes(marker)))
      return;
    problems.push(`console.error: ${text}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await watchFocus(context, problems);
  return { page, context, problems };
}

/**
 * The pinned axe-core (4.14 or later, where label-content-name-mismatch is a WCAG 2.5.3 rule, not an
 * experimental one), injected in place of the older copy @axe-core/playwright bundles: its own 4.14
 * release needs Node 22, and Lido supports Node 20.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
export const minimumAxeVersion = [4, 14] as const;

/**
 * Zero axe-core violations for WCAG 2.2 A and AA rules on the page as it is now, once it has loaded.
 * Called on every page and dialog state the end-to-end tests visit.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await waitForContent(page);
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
  const everythingElse = await new AxeBuilder({ page, axeSource })
    .withTags(tags)
    .disableRules(['target-size'])
    .analyze();
  const [major = 0, minor = 0] = everythingElse.testEngine.version.split('.').map(Number);
  if (major < minimumAxeVersion[0] || (major === minimumAxeVersion[0] && minor < minimumAxeVersion[1]))
    throw new Error(`axe-core ${everythingElse.testEngine.version} ran; 4.14 or later is needed`);
  // Map pins meet WCAG 2.5.8 by its "equivalent" exception: every centre also has a full-size
  // "Select and continue" button in the list beside the map (decision 0008). Clustering at the
  // spec's 22 px radius lets neighbouring pins sit closer than 24 px, so only they are excused,
  // and only from this one rule.
  const targetSize = await new AxeBuilder({ page, axeSource })
    .withRules(['target-size'])
    .exclude('.maplibregl-marker')
    .analyze();
  const violations = [...everythingElse.violations, ...targetSize.violations];
  if (violations.length > 0) {
    const summary = violations
      .map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes.map((node) => node.target.join(' ')).join('\n    ')}`,
      )
      .join('\n');
    throw new Error(`axe found ${violations.length} violation(s) on ${page.url()}:\n${summary}`);
  }
  await expectNoHorizontalScroll(page);
}

/** The narrowest screen WCAG 1.4.10 Reflow asks for (1280 px at 400% zoom). */
export const reflowWidth = 320;

/**
 * No sideways scrolling at 320 CSS pixels: the page, as it is now (dialogs and messages included),
 * is narrowed to 320 px, its document's scrollWidth measured, and its own size given back. Run
 * with every axe check, so every page and state the end-to-end tests visit is measured.
 */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const viewport = page.viewportSize();
  if (!viewport) return;
  if (viewport.width !== reflowWidth)
    await page.setViewportSize({ width: reflowWidth, height: viewport.height });
  try {
    await page.waitForFunction((width) => window.innerWidth === width, reflowWidth);
    const overflow = await page.evaluate(
      () =>
        new Promise<{ scrollWidth: number; widest: string[] }>((resolve) =>
          // After the layout at the new width has been drawn.
          requestAnimationFrame(() =>
            resolve({
              scrollWidth: document.documentElement.scrollWidth,
              widest: Array.from(document.querySelectorAll('body *'))
                .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
                .slice(-5)
                .map(
                  (element) => `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')}`,
                ),
            }),
          ),
        ),
    );
    if (overflow.scrollWidth > reflowWidth)
      throw new Error(
        `${page.url()} scrolls sideways at ${reflowWidth} px (scrollWidth ${overflow.scrollWidth}): ${overflow.widest.join(', ')}`,
      );
  } finally {
    if (viewport.width !== reflowWidth) {
      await page.setViewportSize(viewport);
      await page.waitForFunction((width) => window.innerWidth === width, viewport.width);
      await layoutSettled(page);
    }
  }
}

/**
 * Waits until the page's height has held for ten frames after the reflow check gives back the
 * window's size: a card frame tells the page its new height by message, a moment later, and the
 * test's next press must not meet a page still moving.
 */
export async function layoutSettled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = '';
        let steady = 0;
        let frames = 0;
        const check = () => {
          const heights = [document.documentElement.scrollHeight]
            .concat(Array.from(document.querySelectorAll('iframe'), (frame) => frame.offsetHeight))
            .join(',');
          steady = heights === last ? steady + 1 : 0;
          last = heights;
          frames += 1;
          if (steady >= 10 || frames > 180) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

/** Goes to a URL, waits for the themed page to finish loading, then runs the axe check. */
export async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForPage(page);
  await expectNoAxeViolations(page);
}

/** The spinner shows while theme and fonts load; a page is ready once no spinner remains. */
export async function waitForPage(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.locator('#root > *').first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('.spinner').length === 0, undefined, {
    timeout: 15_000,
  });
}

/**
 * Waits until the page has finished loading what it shows, so axe sees the finished page rather
 * than a loading state: no spinner (in the open modal, if any), the lazily loaded kiosk header in place, and a map on screen
 * settled with its pins drawn.
 */
export async function waitForContent(page: Page): Promise<void> {
  const loading = '.spinner, .kiosk-header[aria-hidden="true"]';
  // With a modal open only the modal counts: the page behind it may wait on the modal (3-D Secure).
  await page.waitForFunction(
    (selector) =>
      (document.querySelector('dialog[open]') ?? document).querySelectorAll(selector).length === 0,
    loading,
    { timeout: 15_000 },
  );
  const map = page.locator('.finder-map:not(.finder-map--loading)');
  if ((await map.count()) > 0 && (await map.first().isVisible()))
    await page.waitForFunction(
      () =>
        document.querySelector('.finder-map:not(.finder-map--loading)')?.getAttribute('data-idle') === 'true',
      undefined,
      { timeout: 20_000 },
    );
}
