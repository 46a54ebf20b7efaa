// `npm run lighthouse`: Lighthouse's mobile performance score of every key route (issue 20 item 5),
// measured against the real server (fresh data directory, free ports) in Debian's Chromium, the
// median of three runs each (five for a route whose three are under the floor). Fails any route
// below the floor (90); prints a table. Run after
// `npm run build` (the npm script builds first). Decision 0040 explains the settings.
import fs from 'node:fs';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath, waitForPage } from '../support/browser.ts';
import { logIn } from '../support/log-in.ts';
import { startServer } from '../support/server.ts';
import { cpuSlowdownFor, medianRun, moreRunsNeeded, type Run, runSummary } from './lighthouse-runs.ts';

const floor = Number(process.env.LIDO_LIGHTHOUSE_FLOOR ?? 90);
const runsPerRoute = 3;
/** The whole measurement stops here: a hung page or a starved machine fails instead of stalling CI. */
const deadlineMs = Number(process.env.LIDO_LIGHTHOUSE_DEADLINE_MS ?? 20 * 60_000);
/** LIDO_LIGHTHOUSE_SAVE=dir keeps each run's full report (long tasks, layout shifts, request chains). */
const saveDir = process.env.LIDO_LIGHTHOUSE_SAVE;

interface Route {
  name: string;
  url: string;
  /** What the page needs first, done in the same browser (its cookies are the session). */
  prepare?: (page: Page) => Promise<void>;
}

async function main(): Promise<number> {
  const started = Date.now();
  // A production start: hostnames pick the site on one port (Chromium resolves *.localhost to
  // loopback), plain http on purpose, the demo operator to measure, and email kept unsent.
  const server = await startServer((port) => ({
    NODE_ENV: 'production',
    LIDO_BOOKINGS_URL: `http://bookings.localhost:${port}`,
    LIDO_MY_ACCOUNT_URL: `http://my-account.localhost:${port}`,
    LIDO_ONLINE_JOINING_URL: `http://online-joining.localhost:${port}`,
    LIDO_ALLOW_HTTP: 'true',
    LIDO_SEED_DEMO: 'true',
    LIDO_EMAIL_OUTBOX: 'true',
  }));
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags: ['--headless=new', ...chromiumArgs] });
  // The same browser, driven by Playwright, logs in and fills the basket between measurements:
  // Lighthouse's tabs share its cookies (Lighthouse clears caches, not cookies or local storage).
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const { bookings, myAccount, onlineJoining } = server.urls;
  const centre = 'castlefield-leisure-centre';
  const routes: Route[] = [
    { name: 'joining home (map)', url: `${onlineJoining}/` },
    { name: 'membership route', url: `${onlineJoining}/centre/${centre}/membership/gym-anytime/recurring` },
    { name: 'bookings timetable', url: `${bookings}/location/${centre}` },
    {
      name: 'my-account dashboard',
      url: `${myAccount}/`,
      prepare: async (page) => {
        await page.goto(`${myAccount}/login`);
        await logIn(page, 'C100002');
        await page.getByRole('heading', { name: /^Hello, /, level: 1 }).waitFor();
      },
    },
    {
      name: 'checkout',
      url: `${onlineJoining}/checkout`,
      prepare: (page) => changeToOffPeak(page, onlineJoining),
    },
    {
      name: 'order confirmed',
      url: '', // known once the order is placed
      prepare: async (page) => {
        await page.goto(`${onlineJoining}/checkout`);
        // The terms were agreed on the joining page (issue 21 item 5): checkout only confirms.
        await page.getByRole('button', { name: 'Confirm order' }).click();
        await page.waitForURL(/\/order-confirmed\/\d+$/);
        routes.at(-1)!.url = page.url();
      },
    },
  ];
  // LIDO_LIGHTHOUSE_ONLY=checkout,order measures only the routes whose names contain those words
  // (every set-up still runs, since later routes need earlier ones').
  const only = process.env.LIDO_LIGHTHOUSE_ONLY?.split(',');
  try {
    // A first run, not counted, warms the server and measures the machine for the next run's CPU
    // throttling (each run then uses the speed the previous one measured).
    let benchmarkIndex = (await measure(routes[0]!.url, chrome.port, 4)).benchmarkIndex;
    const rows: ReturnType<typeof runSummary>[] = [];
    for (const route of routes) {
      if (route.prepare) {
        const context = browser.contexts()[0]!;
        const page = await context.newPage();
        // Set-up is not measured; a busy machine may take its time. The window of a desktop, as in
        // the end-to-end tests (terms that fit need no scrolling before "I Agree").
        page.setDefaultTimeout(120_000);
        await page.setViewportSize({ width: 1280, height: 900 });
        await route.prepare(page);
        await page.close();
      }
      if (only && !only.some((word) => route.name.includes(word))) continue;
      const runs: Run[] = [];
      // Three runs, and two more for a route whose median of three is under the floor.
      for (let left = runsPerRoute; left > 0; left = left - 1 || moreRunsNeeded(runs, floor)) {
        if (Date.now() - started > deadlineMs)
          throw new Error(`Lighthouse took longer than ${deadlineMs / 60_000} minutes`);
        const run = runs.length + 1;
        const saveAs = saveDir && path.join(saveDir, `${route.name.replace(/\W+/g, '-')}-${run}.json`);
        const result = await measure(route.url, chrome.port, cpuSlowdownFor(benchmarkIndex), saveAs);
        benchmarkIndex = result.benchmarkIndex;
        runs.push(result);
        process.stdout.write(`${route.name}, run ${run}: ${JSON.stringify(result)}\n`);
      }
      rows.push(runSummary(route.name, medianRun(runs), floor));
    }
    console.table(rows);
    const minutes = ((Date.now() - started) / 60_000).toFixed(1);
    process.stdout.write(
      `${rows.length} routes, ${runsPerRoute} runs each (5 where 3 were under the floor), in ${minutes} minutes\n`,
    );
    const below = rows.filter((row) => row.result !== 'ok');
    if (below.length > 0)
      process.stderr.write(`Below the floor of ${floor}: ${below.map((row) => row.route).join(', ')}\n`);
    return below.length === 0 ? 0 : 1;
  } finally {
    await browser.close().catch(() => undefined);
    chrome.kill();
    await server.stop();
  }
}

/**
 * One Lighthouse run: mobile, performance only, Lighthouse's simulated slow 4G (150 ms, 1.6 Mbps)
 * and a CPU slowdown that makes this machine, however busy, stand for the same phone.
 */
async function measure(
  url: string,
  port: number,
  cpuSlowdownMultiplier: number,
  saveAs?: string,
): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    onlyCategories: ['performance'],
    logLevel: 'error',
    maxWaitForLoad: 45_000,
    throttling: { cpuSlowdownMultiplier },
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
  if (saveAs) {
    fs.mkdirSync(path.dirname(saveAs), { recursive: true });
    fs.writeFileSync(saveAs, JSON.stringify(lhr));
  }
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    cpuSlowdown: cpuSlowdownMultiplier,
    busiestScripts: busiestScripts(lhr.audits['bootup-time']?.details),
  };
}

/** The scripts that kept the main thread busiest (Lighthouse's "JavaScript execution time"). */
function busiestScripts(details: unknown): string {
  const items = (details as { items?: { url: string; scripting: number }[] } | undefined)?.items ?? [];
  return items
    .filter((item) => item.url.startsWith('http'))
    .slice(0, 2)
    .map(
      (item) => `${new URL(item.url).pathname.replace(/^\/assets\//, '')} ${Math.round(item.scripting)} ms`,
    )
    .join(', ');
}

/** Agrees to both terms in `scope`: a terms box only ticks (issue 34 item 5). */
async function acceptTerms(scope: ReturnType<Page['locator']>) {
  for (const name of ['Health commitment', 'Membership terms'])
    await scope.getByLabel(new RegExp(`I have read and agree to the ${name}`, 'i')).check();
}

/**
 * The demo customer C100002 changes to Off-peak Gym: a basket with nothing to pay. The sites are on
 * different hostnames here, so the session cookie is not shared: the customer logs in on the
 * joining site, where my-account's "Change membership" link leads.
 */
async function changeToOffPeak(page: Page, onlineJoining: string) {
  await page.goto(
    `${onlineJoining}/login?redirect=${encodeURIComponent('/centre/castlefield-leisure-centre?change=1')}`,
  );
  await logIn(page, 'C100002');
  await page.waitForURL(/\/centre\/castlefield-leisure-centre/);
  await waitForPage(page);
  await page.getByRole('button', { name: 'Choose this membership: Off-peak Gym' }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  const dates = page.locator('section.joining-step').filter({ hasText: 'Review & select dates' });
  await acceptTerms(dates);
  await dates.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`${onlineJoining}/checkout`);
  await page.getByRole('heading', { name: 'No payment is required for this purchase.' }).waitFor();
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
