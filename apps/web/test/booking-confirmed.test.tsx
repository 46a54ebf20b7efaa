import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportedOrderKey } from '../src/app/analytics/transaction.ts';
import { setSiteMode } from '../src/app/site-mode/site-mode.ts';
import { BookingConfirmedRoute } from '../src/features/checkout/booking-confirmed-page.tsx';
import { bookedOrder, gbp, loggedIn, priya } from './support/booking-fixtures.ts';
import { renderRoutesOnSite, stubFetch } from './support/render.tsx';

const routes = [
  { path: '/booking-confirmed/:orderId', element: <BookingConfirmedRoute /> },
  { path: '/login', element: <p>Log in page</p> },
];
const show = (order: unknown, status = 200) => {
  vi.stubGlobal(
    'fetch',
    stubFetch({
      '/api/orders/41': { status, body: status === 200 ? { data: order } : { message: 'Not found' } },
      '/api/auth/user': { body: { data: priya } },
    }).fetchStub,
  );
  return renderRoutesOnSite(routes, { site: 'bookings', path: '/booking-confirmed/41' });
};
const transactions = () =>
  (window.dataLayer ?? []).filter((event) => (event as { event: string }).event === 'transaction');

beforeEach(() => {
  loggedIn();
  localStorage.clear();
  setSiteMode({ embedded: false, kiosk: false, centre: null });
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  delete window.dataLayer;
});

describe('the booking confirmation page', () => {
  it('shows a spinner while the order loads', () => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    renderRoutesOnSite(routes, { site: 'bookings', path: '/booking-confirmed/41' });
    expect(screen.getByRole('status').textContent).toBe('Loading your booking');
  });

  it("says so when the order can't be read, and reports nothing", async () => {
    show(null, 404);
    expect(await screen.findByText('Unable to complete request, item not found.')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(transactions()).toEqual([]);
  });

  it('shows what was booked, when and where, the band and places, and the receipt', async () => {
    show(bookedOrder);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your bookings are confirmed' }),
    ).toBeTruthy();
    expect(screen.getByText('Order LD-000041')).toBeTruthy();
    const booked = screen.getByRole('region', { name: 'What you booked' });
    const cards = within(booked).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading', { name: 'Spin' })).toBeTruthy();
    expect(cards[0]!.textContent).toContain('Tue 24 Nov 2026, 18:00 to 18:45');
    expect(cards[0]!.textContent).toContain('Studio 1, Castlefield Leisure Centre');
    expect(cards[0]!.textContent).toContain('2 × Adult');
    expect(cards[1]!.textContent).toContain('1 × Junior');

    const receipt = screen.getByRole('region', { name: 'Receipt' });
    expect(receipt.textContent).toContain('£16.00');
    expect(within(receipt).getByText('Card ending 0006 (£11.00) and account credit (£5.00)')).toBeTruthy();
    expect(within(receipt).getAllByRole('row')).toHaveLength(4); // heading, two bookings, total
    expect(
      await screen.findByText('We have emailed the confirmation to priya.shah@example.org.'),
    ).toBeTruthy();
  });

  it('prints the receipt from its button', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    show(bookedOrder);
    (await screen.findByRole('button', { name: 'Print receipt' })).click();
    expect(print).toHaveBeenCalledOnce();
  });

  it('has no print button when the order does not allow a printed receipt', async () => {
    show({ ...bookedOrder, enablePrintReceipt: false });
    await screen.findByRole('region', { name: 'Receipt' });
    expect(screen.queryByRole('button', { name: 'Print receipt' })).toBeNull();
  });

  it("links to the order's calendar file, My account's bookings and the timetable", async () => {
    setSiteMode({ embedded: false, kiosk: false, centre: 'castlefield-leisure-centre' });
    show(bookedOrder);
    const calendar = await screen.findByRole('link', { name: 'Add to calendar' });
    expect(calendar.getAttribute('href')).toBe('/api/orders/41/calendar.ics');
    expect(calendar.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('link', { name: 'See my bookings' }).getAttribute('href')).toBe(
      'http://m.test/bookings/upcoming',
    );
    expect(screen.getByRole('link', { name: 'Back to the timetable' }).getAttribute('href')).toBe(
      '/location/castlefield-leisure-centre',
    );
  });

  it('leaves out the calendar file and the account on a kiosk', async () => {
    setSiteMode({ embedded: false, kiosk: true, centre: 'castlefield-leisure-centre' });
    show(bookedOrder);
    await screen.findByRole('region', { name: 'Receipt' });
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'See my bookings' })).toBeNull();
  });

  it('states a credit-only and a free order plainly', async () => {
    show({
      ...bookedOrder,
      items: [bookedOrder.items[1]],
      total: { ...bookedOrder.total, raw: { amount: 0, currency: 'GBP' }, formatted: '£0.00' },
      payment: { ...bookedOrder.payment, method: 'none', cardLastFour: null },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your booking is confirmed' })).toBeTruthy();
    expect(screen.getByText('Nothing to pay')).toBeTruthy();
  });

  it('reads as a payment confirmation for a basket that held only a membership', async () => {
    show({
      ...bookedOrder,
      orderType: 'membership',
      items: [
        {
          type: 'membership',
          kind: 'membership_renewal',
          name: 'Swim Unlimited',
          friendlyName: 'Swim Unlimited, 3 months (renewal)',
          categories: ['Swim'],
          homeVenue: { name: 'Castlefield Leisure Centre' },
          membershipTypeId: 5,
          paymentType: 'fixed',
          fixedDuration: 3,
          fixedPeriod: 'month',
          startDate: '2026-12-01',
          endDate: '2027-02-28',
          firstBillingDate: null,
          requiresEligibility: false,
          baseFee: null,
          change: null,
          fees: [],
          total: gbp(6000),
        },
      ],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your payment was successful' }),
    ).toBeTruthy();
    const bought = screen.getByRole('region', { name: 'What you bought' });
    expect(within(bought).getByRole('heading', { name: 'Swim Unlimited' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to my account' }).getAttribute('href')).toBe(
      'http://m.test/',
    );
  });

  it('sends the transaction event once per order, booking items in the Order shape', async () => {
    const first = show(bookedOrder);
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(transactions()).toHaveLength(1));
    expect(transactions()[0]).toEqual({
      event: 'transaction',
      ecommerce: {
        orderId: 'LD-000041',
        revenue: '16.00',
        tax: '0.00',
        currency: 'GBP',
        platform: 'bookings',
        orderType: 'booking',
        items: [
          {
            name: 'Spin',
            category: 'booking',
            price: '13.00',
            priceBreakdown: { decimal: '13.00' },
            related: bookedOrder.items[0]!.type === 'booking' ? bookedOrder.items[0]!.related : null,
            quantity: 2,
            variant: 'Adult',
          },
          expect.objectContaining({ name: 'Public swim', quantity: 1, variant: 'Junior' }),
        ],
      },
    });
    expect(localStorage.getItem(reportedOrderKey)).toBe('41');
    first.view.unmount();
    show(bookedOrder);
    await screen.findByRole('heading', { level: 1 });
    expect(transactions()).toHaveLength(1);
  });
});
