import { addDays, todayIn } from '@lido/pricing/calendar-date';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';
import { adultClasses, openFirstSession } from './support/booking.ts';
import { logIn, staffLogIn } from './support/log-in.ts';
import { payBasketWithCredit, weekAt } from './support/page-call.ts';
import { openRegister, openRegisters as openCentreRegisters } from './support/registers.ts';

const castlefield = 'Castlefield Leisure Centre';
const timeZone = 'Europe/London';

/** Opens Registers at Castlefield on the day given. */
const openRegisters = (page: Page, staffSite: string, date: string) =>
  openCentreRegisters(page, staffSite, date, castlefield);

/**
 * Issue 35 items 4 and 6 (decision 0096): the desk takes registers, a customer marked a no-show
 * twice is stopped from booking online (told why and until when, and emailed), a manager removes
 * a strike with a reason, and a walk-in is sold from the register at the till.
 */
describe('front of house: registers, no-shows and strikes', () => {
  const e2e = useE2E();

  it('marks Dana a no-show twice, which stops her booking online; a manager removes a strike', async () => {
    const staffSite = e2e.server.urls.frontOfHouse;
    const today = todayIn(timeZone, new Date());
    const desk = await e2e.page();
    await staffLogIn(desk, staffSite, 'desk', 'Desk-Staff-2026!');

    // Yesterday's 10:00 public swim: Dana was booked and nobody marked her.
    await openRegisters(desk, staffSite, addDays(today, -1));
    await expectNoAxeViolations(desk);
    await openRegister(desk, 'Public swim', '10:00');
    const dana = desk.getByRole('row').filter({ has: desk.getByRole('rowheader', { name: 'Dana Okafor' }) });
    expect(await dana.innerText()).toContain('C100012');
    expect(await dana.innerText()).toContain('Adult (age');
    await expectNoAxeViolations(desk);
    // By keyboard: the No-show button takes Enter, and keeps focus (now pressed).
    const noShow = desk
      .getByRole('group', { name: 'Did Dana Okafor come?' })
      .getByRole('button', { name: 'No-show' });
    await noShow.focus();
    await desk.keyboard.press('Enter');
    await desk.getByRole('status').filter({ hasText: 'Dana Okafor marked a no-show.' }).waitFor();
    await expect.poll(() => noShow.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => dana.innerText()).toContain('No-show');
    await expectNoAxeViolations(desk);

    // The day before's: the second strike within 30 days stops online booking for 7 days.
    await openRegisters(desk, staffSite, addDays(today, -2));
    await openRegister(desk, 'Public swim', '10:00');
    await desk
      .getByRole('group', { name: 'Did Dana Okafor come?' })
      .getByRole('button', { name: 'No-show' })
      .click();
    await desk.getByRole('status').filter({ hasText: 'Online booking is now stopped for them' }).waitFor();
    await expectNoAxeViolations(desk);
    const registerOfTheDayBefore = desk.url();

    // Dana, on the bookings site, is told why and until when on a session page.
    const customer = await e2e.page();
    await visit(customer, `${e2e.server.urls.bookings}/login`);
    await logIn(customer, 'C100012');
    await customer.waitForURL((url) => !url.pathname.startsWith('/login'));
    await visit(customer, `${e2e.server.urls.bookings}/location/castlefield-leisure-centre`);
    await openFirstSession(customer, adultClasses(customer), 1);
    await customer.waitForURL((url) => /^\/sessions\/\d+$/.test(url.pathname));
    const blockedSession = customer.url();
    await customer.getByText("You can't book online at the moment").waitFor();
    const notice = await customer.locator('.notice--warning').innerText();
    expect(notice).toMatch(
      /Online booking is stopped until \w{3} \d{1,2} \w{3}, \d{2}:\d{2}: you have had 2 strikes \(a no-show or a late cancellation\) within 30 days\./,
    );
    await expect.poll(() => customer.getByRole('button', { name: 'Add to basket' }).count()).toBe(0);
    await expectNoAxeViolations(customer);

    // The email that stopped her is in the outbox.
    const subject = 'Online booking is stopped for now';
    await expect
      .poll(async () => {
        await customer.goto(`${e2e.server.urls.myAccount}/dev/outbox`);
        return customer.getByRole('link', { name: subject }).count();
      })
      .toBeGreaterThan(0);

    // At the desk, Dana's page says the same, with her strikes.
    await visit(desk, `${staffSite}/`);
    await desk.getByLabel('Name, email, customer ID or postcode').fill('C100012');
    await desk.getByRole('button', { name: 'Search' }).click();
    await desk.getByRole('button', { name: 'Select Dana Okafor' }).click();
    await desk.waitForURL(/\/customers\/\d+$/);
    await desk.getByText("Dana Okafor can't book online at the moment").waitFor();
    expect(await desk.locator('.customer-strikes').innerText()).toMatch(
      /Online booking is stopped until .*\n?[\s\S]*No-show: Public swim/,
    );
    await waitForPage(desk);
    await expectNoAxeViolations(desk);

    // A manager of Castlefield removes the second strike, with a reason: she may book again.
    const manager = await e2e.page();
    await staffLogIn(manager, staffSite, 'manager', 'Pool-Manager-2026!');
    await visit(manager, registerOfTheDayBefore);
    await manager.getByRole('heading', { name: 'Register: Public swim', level: 1 }).waitFor();
    await manager.getByRole('button', { name: 'Remove strike from Dana Okafor' }).click();
    const form = manager.getByRole('form', { name: /^Remove Dana Okafor’s no-show strike$/ });
    await form.waitFor();
    await expect
      .poll(() => manager.evaluate(() => document.activeElement?.textContent ?? ''))
      .toContain('Remove Dana Okafor');
    await expectNoAxeViolations(manager);
    await form.getByRole('button', { name: 'Remove strike' }).click();
    await form.getByText('Enter why the strike is removed.').waitFor();
    await expectNoAxeViolations(manager);
    await form.getByLabel('Reason').fill('Was in the pool; the register was taken late');
    await manager.keyboard.press('Tab');
    await manager.keyboard.press('Enter');
    await manager
      .getByRole('status')
      .filter({ hasText: 'The strike is removed from Dana Okafor.' })
      .waitFor();
    await expect
      .poll(() => manager.evaluate(() => document.activeElement?.textContent ?? ''))
      .toBe('Dana Okafor');
    await expect
      .poll(() => manager.getByRole('row').filter({ hasText: 'Dana Okafor' }).innerText())
      .toContain('No-show: removed (Was in the pool; the register was taken late)');
    await expectNoAxeViolations(manager);

    await visit(customer, blockedSession);
    await customer.getByRole('button', { name: 'Add to basket' }).waitFor();
    expect(await customer.getByText("You can't book online at the moment").count()).toBe(0);
  }, 180_000);

  it('shows the note a customer gave when booking on the register, printed too, and in My account', async () => {
    const bookings = e2e.server.urls.bookings;
    const staffSite = e2e.server.urls.frontOfHouse;
    const customer = await e2e.page();
    await visit(customer, `${bookings}/login`);
    await logIn(customer, 'C100002'); // Priya: £12.50 of account credit
    await customer.waitForURL((url) => url.pathname !== '/login');
    // A class from tomorrow on with room (not the one-place HIIT the walk-in takes).
    const week = await weekAt(customer, bookings, 'castlefield-leisure-centre');
    const session = week.sessions.find(
      (found) =>
        found.kind === 'session' &&
        found.date > week.today &&
        found.availability.bookable &&
        found.availability.spacesLeft > 2 &&
        !found.waiverRequired &&
        found.activity.name !== 'Small-group HIIT' &&
        found.prices.some((band) => band.available && band.price.raw.amount <= 1250),
    );
    expect(session, 'a bookable class within £12.50 at Castlefield this week').toBeDefined();
    await visit(customer, `${bookings}/sessions/${session!.id}`);
    const note = customer.getByLabel('Anything the instructor should know? (optional)');
    await note.fill('Recovering from a sprained ankle');
    await expectNoAxeViolations(customer);
    await customer.getByRole('button', { name: 'Add to basket' }).click();
    await customer.getByText('Successfully added item to the basket.').waitFor();
    await payBasketWithCredit(customer, bookings);

    // The desk's register for the session lists her note, on screen and in print.
    const desk = await e2e.page();
    await staffLogIn(desk, staffSite, 'desk', 'Desk-Staff-2026!');
    await visit(desk, `${staffSite}/registers/${session!.id}`);
    await desk.getByRole('heading', { name: `Register: ${session!.activity.name}`, level: 1 }).waitFor();
    const priya = desk.getByRole('row').filter({ has: desk.getByRole('rowheader', { name: 'Priya Shah' }) });
    expect(await priya.innerText()).toContain('Recovering from a sprained ankle');
    await expectNoAxeViolations(desk);
    await desk.emulateMedia({ media: 'print' });
    expect(await priya.innerText()).toContain('Recovering from a sprained ankle');
    await desk.emulateMedia({ media: 'screen' });

    // My account, Bookings: her own booking shows the note she gave.
    await visit(customer, `${e2e.server.urls.myAccount}/bookings/upcoming`);
    const card = customer
      .getByRole('listitem')
      .filter({ has: customer.getByRole('heading', { name: new RegExp(`^${session!.activity.name},`) }) })
      .filter({ hasText: 'Recovering from a sprained ankle' });
    await card.getByText('Your note').waitFor();
    await expectNoAxeViolations(customer);
  }, 180_000);

  it('adds a walk-in from a register: a place sold at the till, then on the register', async () => {
    const staffSite = e2e.server.urls.frontOfHouse;
    const today = todayIn(timeZone, new Date());
    const desk = await e2e.page();
    await staffLogIn(desk, staffSite, 'desk', 'Desk-Staff-2026!');
    // Tomorrow's 18:30 small-group HIIT has one place left.
    await openRegisters(desk, staffSite, addDays(today, 1));
    await openRegister(desk, 'Small-group HIIT', '18:30');
    const register = desk.url();
    await desk.getByRole('link', { name: 'Find the customer' }).click();
    await desk.getByLabel('Name, email, customer ID or postcode').fill('C100001');
    await desk.getByRole('button', { name: 'Search' }).click();
    await desk.getByRole('button', { name: 'Select Alex Newman' }).click();
    await desk.waitForURL(/\/customers\/\d+$/);
    await visit(desk, register);
    await desk.getByRole('heading', { name: 'Register: Small-group HIIT', level: 1 }).waitFor();
    await expectNoAxeViolations(desk);
    await desk.getByRole('link', { name: 'Add a place for the selected customer' }).click();
    await desk.waitForURL((url) => /^\/sessions\/\d+$/.test(url.pathname));
    await waitForPage(desk);
    await desk.getByRole('button', { name: 'Add to basket' }).click();
    await desk.getByText('Successfully added item to the basket.').waitFor();
    await desk.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Basket' }).click();
    await desk.waitForURL((url) => url.pathname === '/basket');
    const panel = desk.getByRole('region', { name: 'Take payment' });
    await panel.waitFor();
    const due = (await panel.locator('p', { hasText: 'To pay:' }).locator('strong').innerText()).replace(
      /[^0-9.]/g,
      '',
    );
    await panel.getByRole('radio', { name: 'Cash' }).check();
    await panel.getByLabel(/^Amount/).fill(due);
    await panel.getByRole('button', { name: 'Add payment' }).click();
    const terms = desk.locator('.till__terms input[type="checkbox"]');
    for (const box of await terms.all()) await box.check();
    await desk.getByRole('button', { name: 'Take payment' }).click();
    await desk.waitForURL((url) => /^\/orders\/\d+\/receipt$/.test(url.pathname));

    await openRegisters(desk, staffSite, addDays(today, 1));
    await openRegister(desk, 'Small-group HIIT', '18:30');
    await desk.getByRole('rowheader', { name: 'Alex Newman' }).waitFor();
    await expectNoAxeViolations(desk);
  }, 180_000);
});
