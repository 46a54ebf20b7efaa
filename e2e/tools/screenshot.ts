// `npm run screenshot -- URL [FILE] [WIDTH]`: what a person sees, once the themed page has loaded.
// With SCREENSHOT_LOGIN=C100003 (a demo customer) it logs in first.
// For looking at your work; the tests themselves save screenshots of failures in .e2e-artifacts/.
import { launchBrowser, openPage, waitForPage } from '../support/browser.ts';

async function main(): Promise<void> {
  const [url, file = 'screenshot.png', width = '1280'] = process.argv.slice(2);
  if (!url) throw new Error('usage: npm run screenshot -- URL [FILE] [WIDTH]');
  const browser = await launchBrowser();
  try {
    const { page, problems } = await openPage(browser, { width: Number(width) });
    const username = process.env.SCREENSHOT_LOGIN;
    if (username) {
      const { origin } = new URL(url);
      const login = await page.request.post(`${origin}/api/auth/customer/login`, {
        headers: { origin },
        data: { username, password: process.env.SCREENSHOT_PASSWORD ?? 'Swim-Gym-2026!' },
      });
      if (!login.ok()) throw new Error(`Logging in as ${username} failed: ${login.status()}`);
    }
    await page.goto(url);
    await waitForPage(page);
    await page.screenshot({ path: file, fullPage: true });
    process.stdout.write(`${file}${problems.length ? `\n${problems.join('\n')}` : ''}\n`);
  } finally {
    await browser.close();
  }
}

void main();
