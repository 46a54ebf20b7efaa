import { addDays, todayIn } from '@lido/pricing/calendar-date';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { dataDirWithCatalogue } from './support/catalogue.ts';
import { logIn, staffLogIn } from './support/log-in.ts';
import { weekAt } from './support/page-call.ts';
import { fillBilling, fillCard } from './support/pay-by-card.ts';
import { openRegister, openRegisters } from './support/registers.ts';
import { useE2E } from './support/fixture.ts';

const castlefield = 'Castlefield Leisure Centre';
const demoRules = /bookingPenalties:\n( {2}.*\n)+/;

/**
 * Issue 35 item 6 (decision 0101): an operator whose rule gives a £5 fee for a no-show instead of a
 * strike (the demo's own rules give strikes, so the catalogue is changed with `npm run
 * catalogue:import` before the server starts). The desk marks Dana a no-show; she sees the fee in My
 * account and why she can't book online, pays it through the basket by card, and can book again.
 */
describe('a fee for a no-show, owed on the account (issue 35 item 6)', () => {
  const e2e = useE2E(
    {},
    {
      dataDir: () =>
        dataDirWithCatalogue('penalty-fees', (demo) => {
          expect(demo).toMatch(demoRules);
          return demo.replace(
            demoRules,
            'bookingPenalties:\n  noShowStrike: false\n  noShowFeePence: 500\n  lateCancelHours: 4\n',
          );
        }),
    },
  );
  const page = () => e2e.page();

  it('marks Dana a no-show: she owes £5, can’t book online until she pays it by card, then can', async () => {
    const { frontOfHouse: staffSite, bookings, myAccount, onlineJoining } = e2e.server.urls;
    const desk = await page();
    await staffLogIn(desk, staffSite, 'desk', 'Desk-Staff-2026!');
    await openRegisters(desk, staffSite, addDays(todayIn('Europe/London', new Date()), -1), castlefield);
    await openRegister(desk, 'Public swim', '10:00');
    await desk
      .getByRole('group', { name: 'Did Dana Okafor come?' })
      .getByRole('button', { name: 'No-show' })
      .click();
    await desk.getByRole('status').filter({ hasText: 'Dana Okafor marked a no-show.' }).waitFor();

    // My account: what the fee is for, how much and when, and Pay now.
    const dana = await page();
    await visit(dana, `${myAccount}/login`);
    await logIn(dana, 'C100012');
    const fees = dana.getByRole('region', { name: 'You have £5.00 of fees to pay' });
    await fees.waitFor();
    expect(await fees.getByRole('row').nth(1).innerText()).toMatch(/^No-show: Public swim, .*10:00\s+£5\.00/);
    await expectNoAxeViolations(dana);

    // Every session page says why she can't book online.
    const week = await weekAt(dana, bookings, 'castlefield-leisure-centre');
    const later = week.sessions.find(
      (found) => found.kind === 'session' && found.date > week.today && found.availability.bookable,
    );
    expect(later, 'a bookable session at Castlefield this week').toBeDefined();
    await visit(dana, `${bookings}/sessions/${later!.id}`);
    await dana.getByText("You can't book online at the moment").waitFor();
    await dana.getByText(/^Online booking is stopped until you pay £5\.00 owed on your account/).waitFor();
    expect(await dana.getByRole('button', { name: 'Add to basket' }).count()).toBe(0);

    // Pay now: the fee in the basket, paid by card at the usual checkout.
    await visit(dana, `${myAccount}/`);
    await fees.getByRole('button', { name: /^Pay now/ }).click();
    await dana.waitForURL(`${bookings}/basket`);
    await waitForPage(dana);
    await dana
      .getByRole('heading', { name: /^Penalty fee|No-show: Public swim/ })
      .first()
      .waitFor();
    await expectNoAxeViolations(dana);
    await dana.getByRole('link', { name: 'Continue to checkout' }).click();
    await dana.waitForURL(`${onlineJoining}/checkout`);
    await waitForPage(dana);
    const pay = dana.getByRole('button', { name: 'Pay £5.00 now' });
    await pay.waitFor();
    await fillBilling(dana);
    await fillCard(dana, { name: 'DANA OKAFOR', number: '4929000000006' });
    const terms = dana.getByLabel(/I have read and agree to the/i);
    for (let index = 0; index < (await terms.count()); index += 1) await terms.nth(index).check();
    await expectNoAxeViolations(dana);
    await pay.click();
    await dana.waitForURL(/\/order-confirmed\/\d+$/);
    await dana.getByRole('heading', { name: 'Your payment was successful', level: 1 }).waitFor();
    await dana.getByRole('heading', { name: 'Penalty fee paid' }).waitFor();
    await expectNoAxeViolations(dana);

    // Paid: My account says so, and she can book online again.
    await visit(dana, `${myAccount}/`);
    const settled = dana.getByRole('region', { name: 'Fees on your account' });
    await settled.getByRole('cell', { name: 'Paid' }).waitFor();
    await visit(dana, `${bookings}/sessions/${later!.id}`);
    await dana.getByRole('button', { name: 'Add to basket' }).waitFor();
    expect(await dana.getByText("You can't book online at the moment").count()).toBe(0);
  }, 240_000);
});
