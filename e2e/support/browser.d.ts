import { type Browser, type BrowserContext, type Page } from 'playwright-core';
/** Debian's Chromium, started the way this machine needs (no sandbox as root, no background traffic). */
export declare const chromiumPath: string;
export declare function launchBrowser(): Promise<Browser>;
export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  /** console errors and uncaught page errors seen so far */
  problems: string[];
}
export interface PageOptions {
  width?: number;
  height?: number;
  /** HTTP statuses this test provokes on purpose; the browser logs their failed loads. */
  expectedHttpErrors?: number[];
}
/** A fresh context and page that records console errors and uncaught exceptions. */
export declare function openPage(browser: Browser, options?: PageOptions): Promise<TrackedPage>;
/**
 * Zero axe-core violations for WCAG 2.2 A and AA rules on the page as it is now. Called on every
 * page and dialog state the end-to-end tests visit.
 */
export declare function expectNoAxeViolations(page: Page): Promise<void>;
/** Goes to a URL, waits for the themed page to finish loading, then runs the axe check. */
export declare function visit(page: Page, url: string): Promise<void>;
/** The spinner shows while theme and fonts load; a page is ready once no spinner remains. */
export declare function waitForPage(page: Page): Promise<void>;
