import { fireEvent, screen, within } from '@testing-library/react';
import type { MyPenaltyFees } from '@lido/contracts/penalty-fees';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardPage } from '../src/sites/my-account/dashboard-page.tsx';
import { gbp, loggedIn, priya } from './support/booking-fixtures.ts';
import { renderOnSite, stubFetch } from './support/render.tsx';

const noShow = {
  id: 4,
  kind: 'no-show' as const,
  about: 'No-show: Spin, Tue 1 Dec, 18:00',
  amount: gbp(500),
  givenAt: '2026-12-01T19:10:00.000Z',
  prettyGivenAt: '1 Dec 2026',
  status: 'owed' as const,
  waivedReason: null,
};

function serve(fees: MyPenaltyFees) {
  const { fetchStub, calls } = stubFetch({
    '/api/auth/user': { body: { data: { ...priya, hasOutstandingPenalties: fees.owed.raw.amount > 0 } } },
    '/api/my-account/bookings': { body: { data: { upcoming: [], past: [] } } },
    '/api/my-account/memberships': { body: { data: [] } },
    '/api/my-account/direct-debit': { body: { data: { instruction: null, collections: [], notices: [] } } },
    '/api/my-account/outstanding-balance': {
      body: { data: { total: { raw: { amount: 0 } }, collections: [], blocksBooking: false } },
    },
    '/api/my-account/penalty-fees': { body: { data: fees } },
    '/api/my-account/penalty-fees/pay': { status: 201, body: { data: {} } },
  });
  vi.stubGlobal('fetch', fetchStub);
  renderOnSite(<DashboardPage />, { site: 'my-account' });
  return calls;
}

/** Issue 35 item 6 (decision 0101): fees on the account, in My account, paid through the basket. */
describe('penalty fees in My account', () => {
  const assign = vi.fn();
  beforeEach(() => {
    loggedIn();
    vi.stubGlobal('location', { ...window.location, assign });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    assign.mockReset();
  });

  it('lists what each fee is for, how much and when, and Pay now takes the fees to the basket', async () => {
    const calls = serve({
      owed: gbp(500),
      fees: [
        noShow,
        {
          ...noShow,
          id: 3,
          kind: 'late-cancel',
          about: 'Late cancellation: Yoga, Mon 30 Nov, 09:00',
          amount: gbp(300),
          prettyGivenAt: '30 Nov 2026',
          status: 'waived',
          waivedReason: 'Pool closed',
        },
      ],
    });
    const section = (await screen.findByRole('heading', { name: 'You have £5.00 of fees to pay' })).closest(
      'section',
    )!;
    const rows = within(section)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'What forAmountAddedStatus',
      'No-show: Spin, Tue 1 Dec, 18:00£5.001 Dec 2026To pay',
      'Late cancellation: Yoga, Mon 30 Nov, 09:00£3.0030 Nov 2026Waived (Pool closed)',
    ]);
    expect(within(section).getByText(/You can’t book online until it is paid/)).toBeTruthy();
    const payNow = within(section).getByRole('button', { name: /^Pay now/ });
    expect(payNow.textContent).toBe('Pay now £5.00 of fees');
    fireEvent.click(payNow);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://b.test/basket'));
    expect(
      calls.some((call) => call.url === '/api/my-account/penalty-fees/pay' && call.init?.method === 'POST'),
    ).toBe(true);
  });

  it('shows fees settled without Pay now, and nothing for a customer who never had one', async () => {
    serve({ owed: gbp(0), fees: [{ ...noShow, status: 'paid' }] });
    const section = (await screen.findByRole('heading', { name: 'Fees on your account' })).closest(
      'section',
    )!;
    expect(within(section).getByText('Paid')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: /Pay now/ })).toBeNull();
  });

  it('says nothing when there are no fees', async () => {
    serve({ owed: gbp(0), fees: [] });
    await screen.findByRole('heading', { name: /Hello/ });
    expect(screen.queryByRole('heading', { name: /fees/i })).toBeNull();
  });
});
