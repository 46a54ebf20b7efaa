import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';
import { demoPassword, logIn } from './support/log-in.ts';

const password = demoPassword;

describe('customer accounts in the browser', () => {
  const e2e = useE2E();

  it('sends a logged-out visitor to /login and back, by email or by customer ID, and logs out', async () => {
    const page = await e2e.page();
    await page.goto(`${e2e.server.urls.myAccount}/`);
    await page.waitForURL(/\/login\?redirect=%2F$/);
    await waitForPage(page);
    await expectNoAxeViolations(page);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe('Already have an online account?');

    await logIn(page, 'priya.shah@example.org');
    await page.getByRole('heading', { name: 'Hello, Priya' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByText('£12.50 available').count()).toBe(1);
    await page.getByText('Gym Anytime').first().waitFor();
    await expectNoAxeViolations(page);

    await page
      .getByRole('navigation', { name: 'My account' })
      .getByRole('link', { name: 'Memberships' })
      .click();
    await page.getByRole('heading', { name: 'Memberships', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Gym Anytime' }).waitFor();
    expect(await page.getByText('£30.00 per month').count()).toBe(1);
    expect(await page.getByText('15th of each month').count()).toBe(1);
    await expectNoAxeViolations(page);

    const accountNav = page.getByRole('navigation', { name: 'My account' });
    await accountNav.getByRole('link', { name: 'Packages' }).click();
    await page.getByRole('heading', { name: '10 swim sessions' }).waitFor();
    expect(await page.getByText('6 of 10').count()).toBe(1);
    await expectNoAxeViolations(page);
    await accountNav.getByRole('link', { name: 'Bookings' }).click();
    await page.getByRole('heading', { name: 'Spin class' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('navigation', { name: 'Bookings' }).getByRole('link', { name: 'Past' }).click();
    await page.getByRole('heading', { name: 'Badminton court' }).waitFor();
    expect(await page.getByText('£8.50').count()).toBe(1);
    await expectNoAxeViolations(page);

    await accountNav.getByRole('link', { name: 'Payments' }).click();
    await page.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
    // The receipts table: a header row and two payments (her Direct Debit collections are a table of their own).
    const receipts = page.getByRole('table', { name: 'Your payments, newest first' });
    await expect.poll(() => receipts.getByRole('row').count()).toBe(3);
    await expectNoAxeViolations(page);
    await page
      .getByRole('row')
      .filter({ hasText: '£33.81' })
      .getByRole('link', { name: /^LD-\d{6} receipt$/ })
      .click();
    await page.getByRole('heading', { name: /^Receipt LD-\d{6}$/ }).waitFor();
    expect(await page.getByText('Gym Anytime joining fee').count()).toBe(1);
    expect(await page.getByText('Card ending 1111').count()).toBe(1);
    await expectNoAxeViolations(page);

    await page
      .getByRole('navigation', { name: 'My account' })
      .getByRole('button', { name: 'Log out' })
      .click();
    await page.waitForURL(/\/login/);
    await waitForPage(page);
    await logIn(page, 'C100002');
    await page.getByRole('heading', { name: 'Hello, Priya' }).waitFor();
  });

  it('shows every problem of an empty login in an error summary that takes focus', async () => {
    const page = await e2e.page({ expectedHttpErrors: [422] });
    await visit(page, `${e2e.server.urls.onlineJoining}/login`);
    await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await summary.waitFor();
    expect(await summary.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.title()).toMatch(/^Error: /);
    await expectNoAxeViolations(page);
    await logIn(page, 'alex.newman@example.org', 'wrong-password');
    await page.getByText('Your email address, customer ID or password is incorrect.').first().waitFor();
  });

  it('logs in on the joining site and is logged in on the account site too', async () => {
    const page = await e2e.page();
    await visit(page, `${e2e.server.urls.onlineJoining}/login`);
    await logIn(page, 'sam.carter@example.org');
    await page.waitForURL(`${e2e.server.urls.onlineJoining}/`);
    await page.getByRole('link', { name: 'My account' }).waitFor();
    await page.getByRole('link', { name: 'My account' }).click();
    await page.waitForURL(new RegExp(`^${e2e.server.urls.myAccount}/`));
    await page.getByRole('heading', { name: 'Hello, Sam' }).waitFor();
    await expectNoAxeViolations(page);
  });

  it('logs in from the bookings site in a dialog', async () => {
    const page = await e2e.page();
    await visit(page, `${e2e.server.urls.bookings}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByLabel('Email address or customer ID').fill('C100004');
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'My account' }).waitFor();
  });

  it('notices a logout in another tab within 5 seconds', async () => {
    const first = await e2e.page();
    await visit(first, `${e2e.server.urls.myAccount}/login`);
    await logIn(first, 'alex.newman@example.org');
    await first.getByRole('heading', { name: 'Hello, Alex' }).waitFor();
    const second = await first.context().newPage();
    await second.goto(`${e2e.server.urls.onlineJoining}/`);
    await waitForPage(second);
    await second.getByRole('link', { name: 'My account' }).waitFor();

    await first
      .getByRole('navigation', { name: 'My account' })
      .getByRole('button', { name: 'Log out' })
      .click();
    const started = Date.now();
    await second.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor({ timeout: 7000 });
    expect(Date.now() - started).toBeLessThan(6500);
  });

  it('resets a forgotten password through the emailed link', async () => {
    const page = await e2e.page();
    await visit(page, `${e2e.server.urls.myAccount}/login`);
    await page.getByRole('button', { name: 'I have forgotten my password' }).click();
    const request = page.getByRole('dialog', { name: 'Forgotten your password?' });
    await request.waitFor();
    await expectNoAxeViolations(page);
    await request.getByLabel('Email address or customer ID').fill('C100003');
    await request.getByRole('button', { name: 'Send reset link' }).click();
    const sent = page.getByRole('dialog', { name: 'Check your email' });
    await sent.waitFor();
    await expectNoAxeViolations(page);
    await sent.getByRole('button', { name: 'Back to login' }).click();

    // The demo's email goes to the outbox page.
    await expect
      .poll(async () => {
        await page.goto(`${e2e.server.urls.myAccount}/dev/outbox`);
        return page.getByRole('link', { name: /Reset your .* password/ }).count();
      })
      .toBe(1);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: /Reset your .* password/ }).click();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Reset your password' }).click();
    await page.waitForURL(/\/reset-password\?token=/);
    await waitForPage(page);
    await expectNoAxeViolations(page);

    await page.getByLabel('New password', { exact: true }).fill('Brand-New-2027');
    await page.getByLabel('Repeat new password').fill('Brand-New-2028');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The password confirmation does not match.').first().waitFor();
    await page.getByLabel('Repeat new password').fill('Brand-New-2027');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('heading', { name: 'Your password has been changed' }).waitFor();
    await page.getByRole('link', { name: 'Log in' }).last().click();
    await waitForPage(page);
    await logIn(page, 'C100003', 'Brand-New-2027');
    await page.getByRole('heading', { name: 'Hello, Sam' }).waitFor();
  });
});

describe('creating an account', () => {
  const e2e = useE2E();

  it('registers from the data fields, with messages in the spec’s words, then logs in by email and reference', async () => {
    const page = await e2e.page({ expectedHttpErrors: [422] });
    await visit(page, `${e2e.server.urls.bookings}/`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(`${e2e.server.urls.myAccount}/register`);
    await waitForPage(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByRole('alert').filter({ hasText: 'There is a problem' }).waitFor();
    expect(await page.getByText('First name is required.').count()).toBeGreaterThan(0);
    expect(await page.getByText('Date of birth is required.').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);

    await page.getByLabel('First name').fill('Morgan');
    await page.getByLabel('Last name').fill('Price');
    await page.getByRole('group', { name: 'Date of birth' }).getByLabel('Day').fill('27');
    await page.getByRole('group', { name: 'Date of birth' }).getByLabel('Month').fill('mar');
    await page.getByRole('group', { name: 'Date of birth' }).getByLabel('Year').fill('1990');
    await page.getByLabel('Email address').fill('morgan.price@example.org');
    await page.getByLabel('Address line 1').fill('2 Park Row');
    await page.getByLabel('Town or city').fill('Leeds');
    await page.getByLabel('Postcode').fill('ls1 5ab');
    await page.getByLabel('Password', { exact: true }).fill('Morgan-Swims-99');
    await page.getByLabel('Repeat password').fill('Morgan-Swims-98');
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByText('The password confirmation does not match.').first().waitFor();

    await page.getByLabel('Repeat password').fill('Morgan-Swims-99');
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Hello, Morgan' }).waitFor();
    const reference = (await page.getByText(/^Customer ID C\d{6}$/).innerText()).replace('Customer ID ', '');
    await expectNoAxeViolations(page);

    await page
      .getByRole('navigation', { name: 'My account' })
      .getByRole('button', { name: 'Log out' })
      .click();
    await page.waitForURL(/\/login/);
    await waitForPage(page);
    await logIn(page, 'morgan.price@example.org', 'Morgan-Swims-99');
    await page.getByRole('heading', { name: 'Hello, Morgan' }).waitFor();
    await page
      .getByRole('navigation', { name: 'My account' })
      .getByRole('button', { name: 'Log out' })
      .click();
    await page.waitForURL(/\/login/);
    await waitForPage(page);
    await logIn(page, reference, 'Morgan-Swims-99');
    await page.getByRole('heading', { name: 'Hello, Morgan' }).waitFor();
  });
});

describe('my details', () => {
  const e2e = useE2E();

  it('saves changed details, keeps the identifying ones read-only, and changes the password', async () => {
    const page = await e2e.page({ expectedHttpErrors: [422] });
    await visit(page, `${e2e.server.urls.myAccount}/user-details`);
    await logIn(page, 'C100001');
    await page.getByRole('heading', { name: 'My details', level: 1 }).waitFor();
    await waitForPage(page);
    await expectNoAxeViolations(page);
    // The email and date of birth are text, not inputs that look editable (issue 21 item 8).
    expect(await page.getByLabel('Email address').count()).toBe(0);
    expect(await page.locator('.fixed-details').innerText()).toContain('alex.newman@example.org');
    expect(await page.getByLabel('First name').inputValue()).toBe('Alex');

    await page.getByLabel('Address line 1').fill('9 River View');
    await page.getByLabel('Town or city').fill('York');
    await page.getByLabel('Postcode').fill('yo1 7hh');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your details have been saved.').waitFor();
    await expectNoAxeViolations(page);
    await page.reload();
    await waitForPage(page);
    await expect.poll(() => page.getByLabel('Town or city').inputValue()).toBe('York');
    expect(await page.getByLabel('Postcode').inputValue()).toBe('YO1 7HH');

    // A customer with no membership gets the designed empty state.
    await page
      .getByRole('navigation', { name: 'My account' })
      .getByRole('link', { name: 'Memberships' })
      .click();
    await page.getByRole('heading', { name: "You don't have a membership yet" }).waitFor();
    await expectNoAxeViolations(page);
    await page
      .getByRole('navigation', { name: 'My account' })
      .getByRole('link', { name: 'My details' })
      .click();
    await page.getByLabel('Current password').waitFor();

    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('River-View-2027');
    await page.getByLabel('Repeat new password').fill('River-View-2027');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your current password is incorrect.').first().waitFor();
    await page.getByLabel('Current password').fill(password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed.').waitFor();

    await page
      .getByRole('navigation', { name: 'My account' })
      .getByRole('button', { name: 'Log out' })
      .click();
    await page.waitForURL(/\/login/);
    await waitForPage(page);
    await logIn(page, 'C100001', 'River-View-2027');
    await page.getByRole('heading', { name: 'Hello, Alex' }).waitFor();
  });

  it('renews a single payment membership into the basket, once', async () => {
    const page = await e2e.page({ expectedHttpErrors: [422] });
    await visit(page, `${e2e.server.urls.myAccount}/memberships`);
    await logIn(page, 'C100003');
    await page.getByRole('heading', { name: 'Memberships', level: 1 }).waitFor();
    await waitForPage(page);
    const basket = page.getByRole('banner').getByRole('link', { name: /^Basket/ });
    expect(await basket.innerText()).not.toMatch(/\d/);

    await page.getByRole('button', { name: 'Renew Swim Unlimited' }).click();
    await page.getByText('Membership added to basket.').waitFor();
    await expect.poll(() => basket.textContent()).toMatch(/1 item/);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Renew Swim Unlimited' }).click();
    await page.getByText('This membership is already in your basket.').waitFor();
  });
});
