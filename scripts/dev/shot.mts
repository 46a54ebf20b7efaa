import { launchBrowser, openPage, waitForPage } from '../../e2e/support/browser.ts';
const browser = await launchBrowser();
for (const [name, url, width] of [['bookings','http://localhost:3000/',1280],['clifton','http://localhost:3002/centre/clifton-lido-and-spa',1280],['meadow','http://localhost:3000/location/meadowbank-sports-hub',1280],['mobile','http://localhost:3002/',400],['notfound','http://localhost:3001/nope',1280]] as const) {
  const { page, problems } = await openPage(browser, { width });
  await page.goto(url); await waitForPage(page);
  await page.screenshot({ path: `/tmp/shot-${name}.png`, fullPage: false });
  console.log(name, problems);
}
await browser.close();
