// `npm run lighthouse`: Lighthouse's mobile performance score of the joining home, measured against
// the real server (fresh data directory, free ports) in Debian's Chromium. Fails below the budget
// in ../shared/design/architecture.md (90). Run after `npm run build`.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../support/browser.ts';
import { startServer } from '../support/server.ts';

const budget = 90;

async function main(): Promise<number> {
  const server = await startServer({ NODE_ENV: 'production' });
  const chrome = await launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumArgs],
  });
  try {
    const scores: number[] = [];
    // The median of three runs: one run on a busy two-core machine is noisy.
    for (let run = 0; run < 3; run++) {
      const result = await lighthouse(`${server.urls.onlineJoining}/`, {
        port: chrome.port,
        onlyCategories: ['performance'],
        logLevel: 'error',
      });
      const score = Math.round((result?.lhr.categories.performance?.score ?? 0) * 100);
      const audits = result?.lhr.audits ?? {};
      process.stdout.write(
        `run ${run + 1}: performance ${score} (FCP ${audits['first-contentful-paint']?.displayValue}, LCP ${audits['largest-contentful-paint']?.displayValue}, TBT ${audits['total-blocking-time']?.displayValue}, CLS ${audits['cumulative-layout-shift']?.displayValue})\n`,
      );
      scores.push(score);
    }
    const median = [...scores].sort((a, b) => a - b)[1]!;
    process.stdout.write(`joining home, mobile: median performance ${median} (budget ${budget})\n`);
    return median >= budget ? 0 : 1;
  } finally {
    await chrome.kill();
    await server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  },
);
