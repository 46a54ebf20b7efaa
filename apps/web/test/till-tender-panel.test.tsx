import type { OfflinePayment } from '@lido/contracts/offline-payments';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setActingCustomerId } from '../src/app/session/acting-customer.ts';
import { clearToasts } from '../src/app/toasts/toast-store.ts';
import { tillRoutes } from '../src/features/front-of-house/till/till-routes.tsx';
import {
  cardWithCreditOnly,
  nothingLeftForCard,
  TenderPanel,
} from '../src/features/front-of-house/till/tender-panel.tsx';
import { parsePounds } from '../src/features/front-of-house/till/tenders.ts';
import { bookingLine, cartWith, money, wire } from './support/activity-fixtures.ts';
import { renderOnSite, renderRoutesOnSite, stubFetch } from './support/render.tsx';

/** Lazy route chunks and refetches take a while on a busy machine. */
const wait = { timeout: 5_000 };

// The desk is serving customer 7, as the staff site keeps them.
beforeEach(() => setActingCustomerId(7));
afterEach(() => {
  act(() => clearToasts());
  setActingCustomerId(null);
});

/** The panel as the basket holds it: the tenders in state, shown back to it. */
function Panel({
  balance,
  credit = 0,
  onCard,
}: {
  balance: number;
  credit?: number;
  /** the card step the basket opens, when the operator has a card provider (decision 0058) */
  onCard?: () => void;
}) {
  const [payments, setPayments] = useState<OfflinePayment[]>([]);
  return (
    <>
      <TenderPanel
        balance={balance}
        formattedBalance={`£${(balance / 100).toFixed(2)}`}
        availableCredit={credit}
        symbol="£"
        payments={payments}
        onChange={setPayments}
        onCard={onCard}
      />
      <pre data-testid="payments">{JSON.stringify(payments)}</pre>
    </>
  );
}

const user = () => userEvent.setup();
const payments = (): OfflinePayment[] => JSON.parse(screen.getByTestId('payments').textContent!);
const status = () => screen.getByRole('status').textContent;

async function addPayment(
  u: ReturnType<typeof userEvent.setup>,
  tender: string,
  amount: string,
  voucherCode = 'GIFT-0001',
) {
  await u.click(screen.getByRole('radio', { name: tender }));
  if (tender === 'Voucher') {
    const code = screen.getByLabelText('Voucher code');
    await u.clear(code);
    if (voucherCode !== '') await u.type(code, voucherCode);
  }
  const input = screen.getByLabelText('Amount (£)');
  await u.clear(input);
  if (amount !== '') await u.type(input, amount);
  await u.click(screen.getByRole('button', { name: 'Add payment' }));
}

describe('the amount taken, in pounds and pence', () => {
  it('reads pounds and pence as whole pence and says what is wrong with anything else', () => {
    expect(parsePounds('20', '£')).toEqual({ pence: 2000 });
    expect(parsePounds('£15.4', '£')).toEqual({ pence: 1540 });
    expect(parsePounds('1,020.05', '£')).toEqual({ pence: 102005 });
    expect(parsePounds('.50', '£')).toEqual({ pence: 50 });
    expect(parsePounds('0', '£')).toEqual({ pence: 0 });
    expect(parsePounds('  ', '£')).toEqual({ error: 'Enter the amount taken.' });
    expect(parsePounds('-5', '£')).toEqual({ error: 'The amount cannot be negative.' });
    expect(parsePounds('12.345', '£')).toEqual({
      error: 'Enter the amount in pounds and pence, like £20.00.',
    });
    expect(parsePounds('ten', '£')).toHaveProperty('error');
  });
});

describe('the tender panel (issue 19 item 4)', () => {
  it('shows the change due for cash over the balance, live', async () => {
    renderOnSite(<Panel balance={1540} />);
    expect(status()).toContain('Balance left: £15.40');
    const u = user();
    await addPayment(u, 'Cash', '20');
    expect(payments()).toEqual([{ tenderType: 'cash', amount: 2000 }]);
    expect(status()).toContain('Balance left: £0.00');
    expect(status()).toContain('Change due: £4.60');
  });

  it('replaces an earlier cash entry, and 0 takes it off', async () => {
    renderOnSite(<Panel balance={1540} />);
    const u = user();
    await addPayment(u, 'Cash', '10');
    await addPayment(u, 'Cash', '5');
    expect(payments()).toEqual([{ tenderType: 'cash', amount: 500 }]);
    expect(status()).toContain('Balance left: £10.40');
    await addPayment(u, 'Cash', '0');
    expect(payments()).toEqual([]);
    expect(status()).toContain('Balance left: £15.40');
  });

  it('splits the balance between a voucher and cash, and removes one with its button', async () => {
    renderOnSite(<Panel balance={1540} />);
    const u = user();
    await addPayment(u, 'Voucher', '5');
    await addPayment(u, 'Cash', '10.40');
    expect(payments()).toEqual([
      { tenderType: 'offline-voucher', amount: 500, voucherCode: 'GIFT-0001' },
      { tenderType: 'cash', amount: 1040 },
    ]);
    expect(status()).toContain('Balance left: £0.00');
    expect(status()).not.toContain('Change due');
    const list = screen.getByRole('list');
    await u.click(within(list).getByRole('button', { name: /^Remove\s*Voucher GIFT-0001 £5\.00$/ }));
    expect(payments()).toEqual([{ tenderType: 'cash', amount: 1040 }]);
    expect(status()).toContain('Balance left: £5.00');
    // The pressed button went with its line: focus is on the balance it changed, not the page.
    expect(document.activeElement).toBe(screen.getByRole('status'));
  });

  it('asks for each voucher’s code, as printed, and takes one voucher once', async () => {
    renderOnSite(<Panel balance={1540} />);
    const u = user();
    await addPayment(u, 'Voucher', '5', '');
    const code = screen.getByLabelText('Voucher code');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.body.textContent).toContain('Enter the voucher’s code: at least 4 letters or numbers.');
    expect(document.activeElement).toBe(code);
    expect(payments()).toEqual([]);
    await addPayment(u, 'Voucher', '5', 'gift 7kq2');
    expect(payments()).toEqual([{ tenderType: 'offline-voucher', amount: 500, voucherCode: 'GIFT7KQ2' }]);
    await addPayment(u, 'Voucher', '5', 'GIFT7KQ2');
    expect(document.body.textContent).toContain(
      'This voucher is already entered: each voucher can pay once.',
    );
    expect(payments()).toHaveLength(1);
  });

  it('keeps vouchers and cheques to what is left: only cash gives change', async () => {
    renderOnSite(<Panel balance={1540} />);
    const u = user();
    await addPayment(u, 'Cheque', '20');
    expect(screen.getByLabelText('Amount (£)').getAttribute('aria-invalid')).toBe('true');
    expect(document.body.textContent).toContain(
      'Cheque can pay at most £15.40, what is left to pay. Only cash can be more.',
    );
    expect(payments()).toEqual([]);
    expect(document.activeElement).toBe(screen.getByLabelText('Amount (£)'));
  });

  it('offers account credit only up to what the customer has', async () => {
    const view = renderOnSite(<Panel balance={1540} />);
    expect(screen.queryByRole('radio', { name: 'Account credit' })).toBeNull();
    view.unmount();
    renderOnSite(<Panel balance={1540} credit={500} />);
    const u = user();
    await addPayment(u, 'Account credit', '6');
    expect(document.body.textContent).toContain('The customer has £5.00 of account credit to use.');
    expect(payments()).toEqual([]);
    await addPayment(u, 'Account credit', '5');
    await addPayment(u, 'Account credit', '4');
    expect(payments()).toEqual([{ tenderType: 'credit', amount: 400 }]);
    expect(status()).toContain('Balance left: £11.40');
  });

  it('says what is wrong with an empty, a negative or a mistyped amount and takes nothing', async () => {
    renderOnSite(<Panel balance={1540} />);
    const u = user();
    await addPayment(u, 'Cash', '');
    expect(document.body.textContent).toContain('Enter the amount taken.');
    await addPayment(u, 'Cash', '-5');
    expect(document.body.textContent).toContain('The amount cannot be negative.');
    await addPayment(u, 'Cash', '5.555');
    expect(document.body.textContent).toContain('Enter the amount in pounds and pence, like £20.00.');
    expect(payments()).toEqual([]);
  });
});

describe('paying at the desk', () => {
  const staff = {
    id: 1,
    username: 'desk',
    name: 'Dee Desk',
    role: 'desk',
    roleLabel: 'Desk staff',
    currencySymbol: '£',
  };

  function renderBasket(
    pay: Parameters<typeof stubFetch>[0][string],
    cart = cartWith([bookingLine({ price: money(1540) })]),
  ) {
    const stub = stubFetch({
      '/api/staff/me': wire(staff),
      '/api/cart': wire(cart),
      '/api/terms': wire({ data: [] }),
      '/api/cart/pay': pay,
    });
    vi.stubGlobal('fetch', stub.fetchStub);
    const rendered = renderRoutesOnSite(
      [...tillRoutes, { path: '/orders/:orderId/receipt', element: <h1>Receipt page</h1> }].filter(
        (route) => route.path !== 'orders/:orderId/receipt',
      ),
      { path: '/basket?customer=7' },
    );
    return { ...rendered, calls: stub.calls };
  }

  it('says what is still to pay beside a Take payment that cannot be pressed yet', async () => {
    renderBasket(() => wire({}));
    const u = user();
    await screen.findByRole('heading', { level: 1, name: 'Basket' }, wait);
    const pay = screen.getByRole('button', { name: 'Take payment' });
    expect(pay.getAttribute('aria-disabled')).toBe('true');
    const reason = document.getElementById(pay.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe(
      '£15.40 is still to pay. Add a payment above to cover it, then take payment.',
    );
    await addPayment(u, 'Cash', '10');
    expect(document.getElementById(pay.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /^£5\.40 is still to pay\./,
    );
    await addPayment(u, 'Cash', '20');
    expect(pay.getAttribute('aria-describedby')).toBeNull();
  });

  it('takes £20 cash for £15.40 in one order, however often Take payment is pressed', async () => {
    let answered = 0;
    const { calls, router } = renderBasket(() => {
      answered += 1;
      return wire({ completeOrderId: 90, orderId: 90, status: 'completed', change: money(460) });
    });
    const u = user();
    await screen.findByRole('heading', { level: 1, name: 'Basket' }, wait);
    expect(calls.some((call) => call.url === '/api/cart?selected_user_id=7')).toBe(true);
    const pay = screen.getByRole('button', { name: 'Take payment' });
    expect(pay.getAttribute('aria-disabled')).toBe('true');
    await addPayment(u, 'Cash', '20');
    expect(status()).toContain('Change due: £4.60');
    await u.dblClick(pay);
    await screen.findByRole('heading', { name: 'Receipt page' }, wait);
    expect(router.state.location.pathname).toBe('/orders/90/receipt');
    expect(router.state.location.search).toBe('?customer=7');
    expect(router.state.location.state).toEqual({
      change: money(460),
      tenders: [{ tenderType: 'cash', amount: 2000 }],
    });
    const bodies = calls
      .filter((call) => call.url === '/api/cart/pay')
      .map((call) => JSON.parse(String(call.init?.body)));
    expect(answered).toBeGreaterThanOrEqual(1);
    expect(new Set(bodies.map((body) => body.transaction_uuid)).size).toBe(1);
    expect(bodies[0]).toEqual({
      payments: [{ tender_type: 'cash', amount: 2000 }],
      terms: [],
      transaction_uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      source: 'front-of-house',
      selected_user_id: 7,
    });
  });

  it("shows the server's refusal in the error summary, focused, and retries the same transaction", async () => {
    let attempt = 0;
    const { calls } = renderBasket(() => {
      attempt += 1;
      return attempt === 1
        ? { status: 409, body: { message: 'The basket changed: check it and take payment again.' } }
        : wire({ completeOrderId: 91, orderId: 91, status: 'completed', change: money(0) });
    });
    const u = user();
    await screen.findByRole('heading', { level: 1, name: 'Basket' }, wait);
    await addPayment(u, 'Cheque', '15.40');
    await u.click(screen.getByRole('button', { name: 'Take payment' }));
    const summary = await screen.findByRole('alert', undefined, wait);
    expect(summary.textContent).toContain('The basket changed: check it and take payment again.');
    expect(document.activeElement).toBe(summary);
    await u.click(screen.getByRole('button', { name: 'Take payment' }));
    await screen.findByRole('heading', { name: 'Receipt page' }, wait);
    const uuids = calls
      .filter((call) => call.url === '/api/cart/pay')
      .map((call) => JSON.parse(String(call.init?.body)).transaction_uuid);
    expect(uuids).toHaveLength(2);
    expect(uuids[0]).toBe(uuids[1]);
  });

  it("keeps only account credit when a line is removed, then takes the server's payments", async () => {
    const lines = [bookingLine({ id: 1, price: money(1000) }), bookingLine({ id: 2, price: money(540) })];
    const credit = { type: 'general' as const, totalAvailable: 800, maxApplicable: 800 };
    const credits = {
      membership: { ...credit, type: 'membership' as const, totalAvailable: 0, maxApplicable: 0 },
      general: credit,
    };
    const stub = stubFetch({
      '/api/staff/me': wire(staff),
      '/api/cart': wire(cartWith(lines, { credits })),
      '/api/terms': wire({ data: [] }),
      '/api/cart/remove': wire(
        cartWith([lines[0]!], { credits, payments: [{ tenderType: 'credit', amount: 300 }] }),
      ),
    });
    vi.stubGlobal('fetch', stub.fetchStub);
    renderRoutesOnSite(tillRoutes, { path: '/basket?customer=7' });
    const u = user();
    await screen.findByRole('heading', { level: 1, name: 'Basket' }, wait);
    await addPayment(u, 'Account credit', '5');
    await addPayment(u, 'Cash', '11');
    expect(status()).toContain('Change due: £0.60');
    const removes = screen.getAllByRole('button', { name: /^Remove\s*Spin/ });
    await u.click(removes[1]!);
    await screen.findByRole('button', { name: /^Remove\s*Account credit £3\.00$/ }, wait);
    expect(screen.queryByRole('button', { name: /^Remove\s*Cash/ })).toBeNull();
    expect(status()).toContain('Balance left: £7.00');
    const remove = stub.calls.find((call) => call.url.startsWith('/api/cart/remove'))!;
    expect(remove.url).toBe('/api/cart/remove?selected_user_id=7');
    expect(JSON.parse(String(remove.init?.body))).toEqual({ cart_item_ids: [2] });
  });

  it('opens the card step for the balance left when the operator has a card provider, and goes back', async () => {
    const stub = stubFetch({
      '/api/staff/me': wire({ ...staff, cardPayments: true }),
      '/api/cart': wire(cartWith([bookingLine({ price: money(1540) })])),
      '/api/terms': wire({ data: [] }),
      '/api/checkout/prepare': { status: 503, body: { message: 'Card payments are not available.' } },
    });
    vi.stubGlobal('fetch', stub.fetchStub);
    renderRoutesOnSite(tillRoutes, { path: '/basket?customer=7' });
    const u = user();
    await screen.findByRole('heading', { level: 1, name: 'Basket' }, wait);
    await u.click(screen.getByRole('radio', { name: 'Card' }));
    await u.click(screen.getByRole('button', { name: 'Pay £15.40 by card' }));
    await screen.findByRole('heading', { name: 'Card payment' }, wait);
    expect(screen.getByText(/To pay by card/).textContent).toBe('To pay by card: £15.40');
    await waitFor(() =>
      expect(stub.calls.some((call) => call.url.startsWith('/api/checkout/prepare'))).toBe(true),
    );
    expect(stub.calls.some((call) => call.url === '/api/cart/pay')).toBe(false);
    await u.click(await screen.findByRole('button', { name: 'Back to the tenders' }, wait));
    expect(screen.getByRole('heading', { name: 'Take payment' })).toBeTruthy();
  });

  it('offers no Card when the operator has no card provider', async () => {
    renderBasket(() => wire({}));
    await screen.findByRole('heading', { level: 1, name: 'Basket' }, wait);
    expect(screen.getByRole('radio', { name: 'Cash' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Card' })).toBeNull();
  });

  it('completes an order with nothing to pay without any tender', async () => {
    const { calls } = renderBasket(
      () => wire({ completeOrderId: 92, orderId: 92, status: 'completed', change: money(0) }),
      cartWith([bookingLine({ price: money(0) })]),
    );
    await screen.findByRole('heading', { level: 1, name: 'Basket' }, wait);
    const complete = await screen.findByRole('button', { name: 'Complete order' }, wait);
    expect(complete.getAttribute('aria-disabled')).toBeNull();
    await user().click(complete);
    await screen.findByRole('heading', { name: 'Receipt page' }, wait);
    const body = JSON.parse(String(calls.find((call) => call.url === '/api/cart/pay')!.init?.body));
    expect(body.payments).toEqual([]);
  });
});

describe('the Card choice of the tender panel (decision 0058)', () => {
  it('opens the card step for the balance left after account credit, by button or Enter', async () => {
    const onCard = vi.fn();
    renderOnSite(<Panel balance={4000} credit={1000} onCard={onCard} />);
    const u = user();
    await addPayment(u, 'Account credit', '10');
    await u.click(screen.getByRole('radio', { name: 'Card' }));
    // No amount to type: the card pays what is left.
    expect(screen.queryByLabelText('Amount (£)')).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Pay £30.00 by card' }));
    expect(onCard).toHaveBeenCalledTimes(1);
    screen.getByRole('button', { name: 'Pay £30.00 by card' }).focus();
    await u.keyboard('{Enter}');
    expect(onCard).toHaveBeenCalledTimes(2);
  });

  it('refuses a card beside cash, vouchers or cheques, saying why where focus is', async () => {
    const onCard = vi.fn();
    renderOnSite(<Panel balance={4000} onCard={onCard} />);
    const u = user();
    await addPayment(u, 'Cash', '5');
    await u.click(screen.getByRole('radio', { name: 'Card' }));
    const pay = screen.getByRole('button', { name: 'Pay £35.00 by card' });
    await u.click(pay);
    expect(onCard).not.toHaveBeenCalled();
    const error = screen.getByText(cardWithCreditOnly);
    expect(document.activeElement).toBe(pay);
    expect(pay.getAttribute('aria-describedby')).toBe(error.id);
  });

  it('has nothing to take by card when account credit pays it all', async () => {
    const onCard = vi.fn();
    renderOnSite(<Panel balance={1000} credit={1000} onCard={onCard} />);
    const u = user();
    await addPayment(u, 'Account credit', '10');
    await u.click(screen.getByRole('radio', { name: 'Card' }));
    await u.click(screen.getByRole('button', { name: 'Pay £0.00 by card' }));
    expect(screen.getByText(nothingLeftForCard)).toBeTruthy();
    expect(onCard).not.toHaveBeenCalled();
  });
});
