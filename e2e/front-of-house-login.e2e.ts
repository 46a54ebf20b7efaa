import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';
import { demoPassword } from './support/log-in.ts';

describe('the front-of-house staff site', () => {
  const e2e = useE2E();

  it('sends a visitor to the staff login; desk staff log in and the header names them', async () => {
    const page = await e2e.page();
    const staffSite = e2e.server.urls.frontOfHouse;
    await visit(page, `${staffSite}/`);
    await page.waitForURL(`${staffSite}/login?redirect=%2F`);
    await waitForPage(page);
    await expectNoAxeViolations(page);

    await page.getByLabel('Staff username').fill('desk');
    await page.getByLabel('Password', { exact: true }).fill('Desk-Staff-2026!');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(`${staffSite}/`);
    const header = page.locator('header.staff-header');
    await expect.poll(() => header.innerText()).toContain('Dana Desk');
    expect(await header.innerText()).toContain('Desk staff');
    await expect
      .poll(() => page.getByRole('region', { name: 'Selected customer' }).innerText())
      .toContain('No customer selected.');
    await waitForPage(page);
    await expectNoAxeViolations(page);
    // On a phone-sized screen the staff links stay in the header (there is no menu button).
    await page.setViewportSize({ width: 390, height: 844 });
    expect(
      await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Basket' }).isVisible(),
    ).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The desk's ways into joining and booking: the centres, then a centre's timetable.
    await page
      .getByRole('navigation', { name: 'Staff' })
      .getByRole('link', { name: 'Book an activity' })
      .click();
    await page.waitForURL(`${staffSite}/book`);
    await page.getByRole('link', { name: 'Castlefield Leisure Centre' }).click();
    await page.waitForURL(`${staffSite}/location/castlefield-leisure-centre`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe('Castlefield Leisure Centre timetable');
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Memberships' }).click();
    await page.waitForURL(`${staffSite}/join`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe('Join or change a membership');
    await waitForPage(page);
    await expectNoAxeViolations(page);
  });

  it('finds Alex by name, selects him, and shows him in the selected-customer bar', async () => {
    const page = await e2e.page();
    const staffSite = e2e.server.urls.frontOfHouse;
    await visit(page, `${staffSite}/login`);
    await page.getByLabel('Staff username').fill('desk');
    await page.getByLabel('Password', { exact: true }).fill('Desk-Staff-2026!');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(`${staffSite}/`);
    await waitForPage(page);

    await page.getByLabel('Name, email, customer ID or postcode').fill('Alex');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: 'Select Alex Newman' }).click();
    await page.waitForURL(/\/customers\/\d+$/);
    const bar = page.getByRole('region', { name: 'Selected customer' });
    await expect.poll(() => bar.innerText()).toContain('Alex Newman');
    expect(await bar.getByRole('link', { name: 'Change customer' }).count()).toBe(1);
    await waitForPage(page);
    await expectNoAxeViolations(page);

    // A reload keeps him selected.
    await page.reload();
    await waitForPage(page);
    await expect.poll(() => bar.innerText()).toContain('Alex Newman');
  });

  it("refuses a customer's session on a staff call with 403", async () => {
    const page = await e2e.page();
    const bookings = e2e.server.urls.bookings;
    const login = await page.request.post(`${bookings}/api/auth/customer/login`, {
      headers: { origin: bookings },
      data: { username: 'alex.newman@example.org', password: demoPassword },
    });
    expect(login.status(), await login.text()).toBe(200);
    // Cookies are per host, not per port: the customer's cookie goes to the staff site too.
    const staffSite = e2e.server.urls.frontOfHouse;
    const me = await page.request.get(`${staffSite}/api/staff/me`, { headers: { origin: staffSite } });
    expect(me.status()).toBe(403);
    expect(((await me.json()) as { message: string }).message).toBe('This is for staff only.');
  });
});
