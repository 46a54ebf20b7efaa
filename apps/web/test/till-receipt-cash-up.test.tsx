import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setActingCustomerId } from '../src/app/session/acting-customer.ts';
import { tillRoutes } from '../src/features/front-of-house/till/till-routes.tsx';
import { money, wire } from './support/activity-fixtures.ts';
import { bookedOrder } from './support/booking-fixtures.ts';
import { renderRoutesOnSite, stubFetch } from './support/render.tsx';

/** Lazy route chunks take a while on a busy machine. */
const wait = { timeout: 5_000 };

const staffUser = (role: 'desk' | 'supervisor') => ({
  id: 1,
  username: role,
  name: role === 'desk' ? 'Dee Desk' : 'Sue Supervisor',
  role,
  roleLabel: role,
  currencySymbol: '£',
});

const deskOrder = {
  id: 41,
  reference: 'LD-000041',
  takenAt: '2026-11-24T14:05:00.000Z',
  customer: { id: 7, name: 'Alex Morgan', reference: 'C100007' },
  staff: { id: 1, name: 'Dee Desk' },
  total: money(1600),
  tenders: [
    { tenderType: 'offline-voucher', amount: money(500) },
    { tenderType: 'cash', amount: money(1100) },
  ],
  status: 'completed',
  voidedBy: null,
  voidReason: null,
};

function renderReceipt(enablePrintReceipt: boolean, state?: unknown) {
  const stub = stubFetch({
    '/api/staff/me': wire(staffUser('desk')),
    '/api/orders/41': wire({ ...bookedOrder, enablePrintReceipt }),
    '/api/staff/orders': wire({ date: '2026-11-24', orders: [deskOrder] }),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  renderRoutesOnSite(tillRoutes, { path: '/orders/41/receipt?customer=7', state });
  return stub.calls;
}

// The desk is serving customer 7, as the staff site keeps them.
beforeEach(() => setActingCustomerId(7));
afterEach(() => setActingCustomerId(null));

describe('the receipt at the desk', () => {
  it('shows the order, the tenders, the change given and who served, and prints', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const calls = renderReceipt(true, {
      change: money(90),
      tenders: [
        { tenderType: 'offline-voucher', amount: 500 },
        // handed over: £11.90 for the £11.00 left; the desk's record keeps £11.00
        { tenderType: 'cash', amount: 1190 },
      ],
    });
    const tenders = await screen.findByRole('table', { name: 'Paid with' }, wait);
    expect(calls).toContainEqual(expect.objectContaining({ url: '/api/orders/41?selected_user_id=7' }));
    expect(within(tenders).getByRole('row', { name: 'Voucher £5.00' })).toBeTruthy();
    // The cash handed over beside the change given, never the cash kept beside it.
    await within(tenders).findByRole('row', { name: 'Cash £11.90' }, wait);
    expect(within(tenders).getByRole('row', { name: 'Change given £0.90' })).toBeTruthy();
    await screen.findByText('Served by Dee Desk', undefined, wait);
    expect(screen.getByText('LD-000041')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Brightwater Leisure' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'What was paid for' }).textContent).toContain('£16.00');
    expect(screen.getByRole('link', { name: 'Back to Alex Morgan' }).getAttribute('href')).toBe(
      '/customers/7',
    );
    expect(screen.getByRole('link', { name: 'Serve another customer' }).getAttribute('href')).toBe('/');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Print receipt' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('offers no print when a line does not allow it, and no change without the pay answer', async () => {
    renderReceipt(false);
    const tenders = await screen.findByRole('table', { name: 'Paid with' }, wait);
    expect(within(tenders).queryByRole('row', { name: /Change given/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Print receipt' })).toBeNull();
  });
});

describe('the cash-up', () => {
  const cashUp = {
    date: '2026-11-24',
    prettyDate: '24 Nov 2026',
    rows: [
      {
        staff: { id: 1, name: 'Dee Desk' },
        tenderType: 'cash',
        orders: 3,
        taken: money(4500),
        voided: money(1000),
        net: money(3500),
      },
    ],
    totals: [{ tenderType: 'cash', net: money(3500) }],
    voidedOrders: 1,
    vouchers: [
      {
        code: 'GIFT-7KQ2-M9XA-3PRT',
        amount: money(1000),
        orderReference: 'ORD-000009',
        staff: { id: 1, name: 'Dee Desk' },
        issuedInLido: true,
        handedBack: false,
      },
    ],
  };

  it('shows a supervisor the takings per member of staff and tender', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ '/api/staff/me': wire(staffUser('supervisor')), '/api/staff/cash-up': wire(cashUp) })
        .fetchStub,
    );
    renderRoutesOnSite(tillRoutes, { path: '/cash-up' });
    const table = await screen.findByRole(
      'table',
      { name: 'Taken by each member of staff on 24 Nov 2026' },
      wait,
    );
    expect(within(table).getByRole('row', { name: 'Dee Desk Cash 3 £45.00 £10.00 £35.00' })).toBeTruthy();
    const totals = screen.getByRole('table', { name: 'Totals by tender on 24 Nov 2026' });
    expect(within(totals).getByRole('row', { name: 'Cash £35.00' })).toBeTruthy();
    expect(screen.getByText('1 order was voided.')).toBeTruthy();
    // Every voucher taken, by its code: so one can be counted and never used twice (decision 0072).
    const vouchers = screen.getByRole('table', { name: 'Vouchers taken on 24 Nov 2026' });
    expect(
      within(vouchers).getByRole('row', { name: 'GIFT-7KQ2-M9XA-3PRT £10.00 ORD-000009 Dee Desk Ours' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print cash-up' })).toBeTruthy();
  });

  it('is not shown to desk staff', async () => {
    const stub = stubFetch({ '/api/staff/me': wire(staffUser('desk')), '/api/staff/cash-up': wire(cashUp) });
    vi.stubGlobal('fetch', stub.fetchStub);
    renderRoutesOnSite(tillRoutes, { path: '/cash-up' });
    await screen.findByText('Only a supervisor can see the cash-up.', undefined, wait);
    expect(stub.calls.some((call) => call.url.startsWith('/api/staff/cash-up'))).toBe(false);
  });
});
