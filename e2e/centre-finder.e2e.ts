import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';

describe('the centre finder', () => {
  const e2e = useE2E();
  const heading = (page: Page) => page.locator('.finder__heading');
  const listed = (page: Page) => page.locator('.finder__panel .card__title').allInnerTexts();

  async function openFinder(page: Page) {
    await visit(page, `${e2e.server.urls.onlineJoining}/`);
    // The map's code loads once its place is in view; then it draws its pins.
    await page.locator('.finder__map').scrollIntoViewIfNeeded();
    await page.locator('.map-pin').first().waitFor();
    await expectNoAxeViolations(page);
  }

  it('lists the centres near a town, nearest first with distances; a wider radius adds centres', async () => {
    const page = await e2e.page();
    await openFinder(page);
    expect(await heading(page).innerText()).toBe('Search or click on a map pin to view centre details');

    await page.getByLabel('Search for a town, postcode or centre').fill('Manchester');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => heading(page).innerText()).toBe('2 centres within 5 miles of Manchester');
    expect(await listed(page)).toEqual(['Castlefield Leisure Centre', 'Salford Quays Aquatics']);
    const distances = await page.locator('.finder__panel .card__meta').allInnerTexts();
    expect(distances[0]).toMatch(/· 0\.\d miles away$/);
    expect(distances[1]).toMatch(/· [12]\.\d miles away$/);
    await expectNoAxeViolations(page);

    // A postcode is placed at its area's post town by the offline gazetteer.
    await page.getByLabel('Search for a town, postcode or centre').fill('m1 1ae');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => heading(page).innerText()).toBe('2 centres within 5 miles of m1 1ae');

    await page.getByLabel('Search for a town, postcode or centre').fill('Stockport');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => heading(page).innerText()).toBe('No venues found');
    const radius = page.getByLabel('Search radius');
    await radius.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight'); // 5 → 10 miles, by keyboard
    await expect.poll(() => heading(page).innerText()).toMatch(/^2 centres within 10 miles of Stockport$/);
  });

  it('says "Cannot find location, please try again." for a place that does not exist', async () => {
    const page = await e2e.page();
    await openFinder(page);
    await page.getByLabel('Search for a town, postcode or centre').fill('Qwertyville Nowhere');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => heading(page).innerText()).toBe('Cannot find location, please try again.');
    await expectNoAxeViolations(page);
  });

  it('finds a centre by its name before geocoding', async () => {
    const page = await e2e.page();
    await openFinder(page);
    await page.getByLabel('Search for a town, postcode or centre').fill('kelvin way');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => heading(page).innerText()).toBe('1 centre within 5 miles of kelvin way');
    expect(await listed(page)).toEqual(['Kelvin Way Swim Centre']);
  });

  it('uses the browser location when allowed, and says so when it is refused', async () => {
    const page = await e2e.page();
    await page.context().grantPermissions(['geolocation']);
    await page.context().setGeolocation({ latitude: 51.4613, longitude: -0.1156 }); // Brixton
    await openFinder(page);
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect.poll(() => heading(page).innerText()).toBe('1 centre within 5 miles of your location');
    expect(await listed(page)).toEqual(['Brixton Riverside Gym']);

    const refused = await e2e.page();
    await openFinder(refused);
    await refused.getByRole('button', { name: 'Use my location' }).click();
    await expect
      .poll(() => heading(refused).innerText())
      .toBe('Failed to use your location, please allow location access and try again');
  });

  it('groups nearby centres into clusters that split as you zoom in', async () => {
    const page = await e2e.page({ width: 390, height: 844 });
    await openFinder(page);
    const map = page.getByRole('region', { name: 'Map of centres' });
    await map.scrollIntoViewIfNeeded();
    const settled = page.locator('.finder-map[data-idle="true"]');
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.waitForTimeout(50); // let the zoom animation start before waiting for it to settle
    await settled.waitFor();
    const cluster = page.locator('.map-cluster').first();
    await cluster.waitFor();
    const label = await cluster.getAttribute('aria-label');
    expect(label).toMatch(/^\d+ centres here: zoom in$/);
    const element = await cluster.elementHandle();
    await cluster.click();
    // Zoomed in, the cluster is gone and its centres show as separate pins.
    await expect.poll(() => element!.evaluate((el) => el.isConnected), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => page.locator('.map-pin').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await expectNoAxeViolations(page);
  });

  it('lands on the chosen centre in its own theme', async () => {
    const page = await e2e.page();
    await openFinder(page);
    await page.getByRole('button', { name: 'Select and continue with Clifton Lido & Spa' }).first().click();
    await page.waitForURL(`${e2e.server.urls.onlineJoining}/centre/clifton-lido-and-spa`);
    await waitForPage(page);
    await expect
      .poll(() => page.locator('header.site-header').evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe('rgb(237, 246, 249)');
    await expectNoAxeViolations(page);
  });
});
