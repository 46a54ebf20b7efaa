import type { DeskOrder, VoidPreview } from '@lido/contracts/front-of-house';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { tillRoutes } from '../src/features/front-of-house/till/till-routes.tsx';
import { money, wire } from './support/activity-fixtures.ts';
import { renderRoutesOnSite, stubFetch } from './support/render.tsx';

/** Lazy route chunks and refetches take a while on a busy machine. */
const wait = { timeout: 5_000 };

const staffUser = (role: 'desk' | 'supervisor') => ({
  id: role === 'desk' ? 1 : 2,
  username: role,
  name: role === 'desk' ? 'Dee Desk' : 'Sue Supervisor',
  role,
  roleLabel: role === 'desk' ? 'Desk staff' : 'Supervisor',
  currencySymbol: '£',
});

const order = (overrides: Partial<DeskOrder> = {}): DeskOrder => ({
  id: 5,
  reference: 'ORD-000005',
  takenAt: new Date().toISOString(),
  customer: { id: 7, name: 'Alex Morgan', reference: 'C100007' },
  staff: { id: 1, name: 'Dee Desk' },
  total: money(1540),
  tenders: [{ tenderType: 'cash', amount: money(2000), voucherCode: null }],
  status: 'completed',
  voidedBy: null,
  voidReason: null,
  ...overrides,
});

/** What voiding order 5 hands back: its cash, or (after a refund) part of it. */
const preview = (overrides: Partial<VoidPreview> = {}): VoidPreview => ({
  orderId: 5,
  reference: 'ORD-000005',
  customerName: 'Alex Morgan',
  total: money(1540),
  alreadyRefunded: money(0),
  handBack: [
    { tenderType: 'cash', amount: money(1540), voucherCode: null, inCash: false, text: '£15.40 in cash' },
  ],
  handBackTotal: money(1540),
  bookingsCancelled: 1,
  membershipsCancelled: 0,
  ...overrides,
});

/** The orders page with the day's list; a void answers and the list then shows the order voided. */
function renderOrders(role: 'desk' | 'supervisor') {
  let voided = false;
  const stub = stubFetch({
    '/api/staff/me': wire(staffUser(role)),
    '/api/staff/orders': (url) =>
      wire({
        date: url.searchParams.get('date'),
        orders: [
          voided
            ? order({
                status: 'voided',
                voidedBy: { id: 2, name: 'Sue Supervisor' },
                voidReason: 'Charged twice',
              })
            : order(),
        ],
      }),
    '/api/staff/orders/5/void': (_url, init) => {
      if (init?.method !== 'POST') return wire(preview());
      voided = true;
      return wire(order({ status: 'voided' }));
    },
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  renderRoutesOnSite(tillRoutes, { path: '/orders' });
  return stub.calls;
}

describe("the desk's orders of the day (issue 19 item 5)", () => {
  it('finds an order by reference or customer, and says when none matches', async () => {
    renderOrders('desk');
    const table = await screen.findByRole('table', { name: /^Orders taken on / }, wait);
    const find = screen.getByRole('searchbox', { name: 'Find an order' });
    await userEvent.type(find, 'c100007');
    expect(within(table).getByRole('row', { name: /ORD-000005/ })).toBeTruthy();
    await userEvent.clear(find);
    await userEvent.type(find, 'Nobody');
    expect((await screen.findByText(/matches “Nobody”/, {}, wait)).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists the orders in a table, each with its receipt, and gives desk staff no Void button', async () => {
    const calls = renderOrders('desk');
    const table = await screen.findByRole('table', { name: /^Orders taken on / }, wait);
    const row = within(table).getByRole('row', { name: /ORD-000005/ });
    expect(row.textContent).toContain('Alex Morgan (C100007)');
    expect(row.textContent).toContain('Cash £20.00');
    expect(row.textContent).toContain('Completed');
    expect(within(table).getByRole('rowheader', { name: 'ORD-000005' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Void/ })).toBeNull();
    // Every desk reprints a receipt (issue 34 item 8): for the order's customer, selected by the link.
    expect(
      within(row)
        .getByRole('link', { name: /^Receipt ?for order ORD-000005$/ })
        .getAttribute('href'),
    ).toMatch(/^\/orders\/5\/receipt\?customer=\d+$/);
    expect(calls.some((call) => /^\/api\/staff\/orders\?date=\d{4}-\d{2}-\d{2}$/.test(call.url))).toBe(true);
  });

  it("lets a supervisor void today's order with a reason, then shows who voided it", async () => {
    const calls = renderOrders('supervisor');
    const user = userEvent.setup();
    const voidButton = await screen.findByRole('button', { name: /^Void\s*order ORD-000005$/ }, wait);
    await user.click(voidButton);
    const dialog = screen.getByRole('dialog', { name: 'Void order ORD-000005' });
    // What is handed back is shown before anything is confirmed; focus goes to the reason with it.
    const reason = await within(dialog).findByLabelText('Reason for voiding (required)', undefined, wait);
    await waitFor(() => expect(document.activeElement).toBe(reason));
    expect(within(dialog).getByRole('heading', { name: 'To hand back: £15.40' })).toBeTruthy();
    expect(within(dialog).getByRole('listitem').textContent).toBe('£15.40 in cash');
    expect(dialog.textContent).toContain('1 booking is cancelled and the places go back on sale.');

    await user.click(within(dialog).getByRole('button', { name: 'Void order' }));
    const summary = within(dialog).getByRole('alert');
    expect(summary.textContent).toContain('Enter why the order is voided.');
    expect(calls.some((call) => call.url.endsWith('/void') && call.init?.method === 'POST')).toBe(false);

    await user.type(reason, 'Charged twice');
    await user.click(within(dialog).getByRole('button', { name: 'Void order' }));
    const row = await screen.findByRole('row', { name: /Voided by Sue Supervisor/ }, wait);
    expect(row.textContent).toContain('Charged twice');
    await waitFor(() => expect(document.activeElement).toBe(within(row).getByRole('rowheader')));
    expect(screen.getByText('Order ORD-000005 is voided.')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /Void/ })).toBeNull();
    const voidCall = calls.find(
      (call) => call.url === '/api/staff/orders/5/void' && call.init?.method === 'POST',
    )!;
    expect(JSON.parse(String(voidCall.init?.body))).toEqual({
      reason: 'Charged twice',
      hand_back_pence: 1540,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("keeps the order when the supervisor closes the dialog, and shows the server's refusal", async () => {
    // Closing returns focus to the Void button and scrolls it into view (jsdom has no scrolling).
    Element.prototype.scrollIntoView ??= () => undefined;
    let refused = 0;
    const stub = stubFetch({
      '/api/staff/me': wire(staffUser('supervisor')),
      '/api/staff/orders': () => wire({ date: '2026-11-24', orders: [order()] }),
      '/api/staff/orders/5/void': (_url, init) => {
        if (init?.method !== 'POST') return wire(preview());
        refused += 1;
        return { status: 409, body: { message: 'Only an order taken today can be voided.' } };
      },
    });
    vi.stubGlobal('fetch', stub.fetchStub);
    renderRoutesOnSite(tillRoutes, { path: '/orders' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Void\s*order ORD-000005$/ }, wait));
    const dialog = screen.getByRole('dialog', { name: 'Void order ORD-000005' });
    await user.type(
      await within(dialog).findByLabelText('Reason for voiding (required)', undefined, wait),
      'Mistake',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Void order' }));
    const summary = await within(dialog).findByRole('alert', undefined, wait);
    expect(summary.textContent).toContain('Only an order taken today can be voided.');
    expect(refused).toBe(1);
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Void\s*order ORD-000005$/ }));
    expect(screen.getByRole('row', { name: /ORD-000005/ }).textContent).toContain('Completed');
  });

  it('shows what refunds already gave back, and what is true now when a refund changes it before confirming', async () => {
    let refundedMeanwhile = false;
    const stub = stubFetch({
      '/api/staff/me': wire(staffUser('supervisor')),
      '/api/staff/orders': () => wire({ date: '2026-11-24', orders: [order()] }),
      '/api/staff/orders/5/void': (_url, init) => {
        if (init?.method === 'POST') {
          refundedMeanwhile = true;
          return {
            status: 409,
            body: { message: 'What is to be handed back has changed since it was shown.' },
          };
        }
        return wire(
          refundedMeanwhile
            ? preview({ alreadyRefunded: money(1540), handBack: [], handBackTotal: money(0) })
            : preview({
                alreadyRefunded: money(540),
                handBack: [
                  {
                    tenderType: 'cash',
                    amount: money(1000),
                    voucherCode: null,
                    inCash: false,
                    text: '£10.00 in cash',
                  },
                ],
                handBackTotal: money(1000),
              }),
        );
      },
    });
    vi.stubGlobal('fetch', stub.fetchStub);
    renderRoutesOnSite(tillRoutes, { path: '/orders' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Void\s*order ORD-000005$/ }, wait));
    const dialog = screen.getByRole('dialog', { name: 'Void order ORD-000005' });
    await within(dialog).findByRole('heading', { name: 'To hand back: £10.00' }, wait);
    expect(dialog.textContent).toContain('£5.40 of it has already been refunded to the customer.');
    await user.type(within(dialog).getByLabelText('Reason for voiding (required)'), 'Mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Void order' }));
    expect((await within(dialog).findByRole('alert', undefined, wait)).textContent).toContain(
      'What is to be handed back has changed',
    );
    await within(dialog).findByRole('heading', { name: 'To hand back: £0.00' }, wait);
    expect(dialog.textContent).toContain(
      'Nothing: the order has already given back everything that was paid for it.',
    );
  });
});
