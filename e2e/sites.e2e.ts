import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';

const operatorHeader = 'rgb(27, 27, 47)'; // #1b1b2f, the demo operator's header colour

describe('the three sites', () => {
  const e2e = useE2E();

  it.each(['bookings', 'myAccount', 'onlineJoining'] as const)(
    "%s renders the operator's themed header and footer",
    async (site) => {
      const page = await e2e.page();
      await visit(page, `${e2e.server.urls[site]}/`);
      const header = page.locator('header.site-header');
      await expect
        .poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor))
        .toBe(operatorHeader);
      expect(await header.getByRole('img', { name: 'Brightwater Leisure home' }).getAttribute('src')).toBe(
        '/logos/brightwater.svg',
      );
      await expect
        .poll(() => page.locator('footer').innerText())
        .toContain('Brightwater Leisure is a charitable leisure trust');
    },
  );

  it('shows a centre with its own theme in its own colours, logo, fonts and footer', async () => {
    const page = await e2e.page();
    await visit(page, `${e2e.server.urls.onlineJoining}/centre/clifton-lido-and-spa`);
    const header = page.locator('header.site-header');
    await expect
      .poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe('rgb(237, 246, 249)');
    expect(await header.getByRole('img').first().getAttribute('src')).toBe('/logos/clifton-lido.svg');
    expect(await page.locator('h1').evaluate((el) => getComputedStyle(el).fontFamily)).toContain('Lato');
    await expect.poll(() => page.locator('footer').innerText()).toContain('Open daily 7am to 9pm');

    await visit(page, `${e2e.server.urls.bookings}/location/meadowbank-sports-hub`);
    // The timetable's primary action wears the centre's primary colour.
    const button = page.getByRole('button', { name: 'Show sessions' });
    await expect
      .poll(() => button.evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe('rgb(179, 38, 30)');
  });

  it('shows the not-found copy for an unknown path on every site', async () => {
    const page = await e2e.page();
    for (const [site, origin] of Object.entries(e2e.server.urls)) {
      await visit(page, `${origin}/no/such/page`);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).innerText())
        .toBe("Whoops! Looks like you've gone offside.");
      expect(
        await page
          .getByText("The page you're looking for doesn't exist. Return home to keep the ball rolling.")
          .count(),
      ).toBe(1);
      await page.getByRole('link', { name: 'Go home' }).click();
      const needsLogin = site === 'myAccount' || site === 'frontOfHouse';
      if (needsLogin) await page.waitForURL(/\/login\?redirect=%2F$/);
      await waitForPage(page);
      // The account site's and the staff site's homes need a login, so a visitor lands on the login.
      expect(new URL(page.url()).pathname).toBe(needsLogin ? '/login' : '/');
    }
  });

  it('sends an unknown centre on the joining site back to /', async () => {
    const page = await e2e.page({ expectedHttpErrors: [404] });
    await page.goto(`${e2e.server.urls.onlineJoining}/centre/atlantis-leisure`);
    await page.waitForURL(`${e2e.server.urls.onlineJoining}/`);
    await waitForPage(page);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe('Choose your home centre');
    await expectNoAxeViolations(page);
  });

  it('links across sites to the right origin, and keeps embedded=true when embedded', async () => {
    const page = await e2e.page();
    await visit(page, `${e2e.server.urls.onlineJoining}/`);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Book an activity' })
      .click();
    await page.waitForURL(`${e2e.server.urls.bookings}/`);
    await waitForPage(page);
    await expectNoAxeViolations(page);

    await visit(page, `${e2e.server.urls.bookings}/location/clifton-lido-and-spa?embedded=true`);
    expect(await page.locator('header.site-header').count()).toBe(0); // chrome hidden when embedded
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Buy a membership at Clifton Lido & Spa' }).click();
    await page.waitForURL(`${e2e.server.urls.onlineJoining}/centre/clifton-lido-and-spa?embedded=true`);
    await waitForPage(page);
    expect(await page.locator('header.site-header').count()).toBe(0);
    await expectNoAxeViolations(page);

    // Embedded is remembered as the customer moves on within the site.
    await page.getByRole('button', { name: 'Edit Choose your home centre' }).click();
    await page.getByRole('button', { name: 'Change location' }).click();
    await page.waitForURL(`${e2e.server.urls.onlineJoining}/`);
    await waitForPage(page);
    expect(await page.locator('header.site-header').count()).toBe(0);
  });

  it('titles each page and marks the breadcrumb', async () => {
    const page = await e2e.page();
    await visit(page, `${e2e.server.urls.onlineJoining}/`);
    expect(await page.title()).toBe('Online Joining | Brightwater Leisure');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.getByRole('link', { name: 'Home' }).count()).toBe(1);
    expect(await crumbs.locator('[aria-current="page"]').innerText()).toBe('Buy membership');
  });

  it('works on a phone: the drawer opens, holds focus, and closes with Escape', async () => {
    const page = await e2e.page({ width: 390, height: 844 });
    await visit(page, `${e2e.server.urls.bookings}/`);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    expect(await drawer.getByText('Login to make bookings faster and manage your account').isVisible()).toBe(
      true,
    );
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await menuButton.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('reaches every header control by keyboard', async () => {
    const page = await e2e.page();
    await visit(page, `${e2e.server.urls.onlineJoining}/`);
    const reached: string[] = [];
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      reached.push(
        await page.evaluate(
          () =>
            (document.activeElement as HTMLElement | null)?.innerText?.trim() ||
            document.activeElement?.getAttribute('aria-label') ||
            '',
        ),
      );
    }
    expect(reached).toEqual(
      expect.arrayContaining(['Skip to main content', 'Book an activity', 'Buy a membership', 'Log in']),
    );
  });
});
