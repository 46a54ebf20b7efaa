import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '@lido/contracts/account';
import { BookingsPage } from '../src/features/account/bookings-page.tsx';
import { gbp, loggedIn, priya, upcomingBooking } from './support/booking-fixtures.ts';
import { renderRoutesOnSite, stubFetch } from './support/render.tsx';

const routes = [
  { path: '/bookings/upcoming', element: <BookingsPage show="upcoming" /> },
  { path: '/bookings/past', element: <BookingsPage show="past" /> },
];

/** The account's bookings as the server holds them; the cancel call answers as given. */
function serve(
  upcoming: Booking[],
  cancelAnswer: { status?: number; body: unknown } = { body: {} },
  user: typeof priya = priya,
  block?: { body: unknown },
) {
  let held = upcoming;
  const { fetchStub, calls } = stubFetch({
    '/api/my-account/bookings': () => ({ body: { data: { upcoming: held, past: [] } } }),
    '/api/my-account/bookings/7/cancel': () => {
      if ((cancelAnswer.status ?? 200) === 200) {
        held = held.map((booking) =>
          booking.id === 7 ? (cancelAnswer.body as { data: Booking }).data : booking,
        );
      }
      return cancelAnswer;
    },
    '/api/auth/user': { body: { data: user } },
    ...(block ? { '/api/my-account/booking-block': block } : {}),
  });
  vi.stubGlobal('fetch', fetchStub);
  renderRoutesOnSite(routes, { site: 'my-account', path: '/bookings/upcoming' });
  return calls;
}

const cancelledSpin = upcomingBooking({
  status: 'cancelled',
  cancellation: {
    allowed: false,
    reason: 'This booking has already been cancelled.',
    cancelBefore: '2026-11-24T16:00:00.000Z',
    refund: gbp(650),
    refundMethod: 'credit',
    refundText: '£6.50 was added to your account credit.',
  },
});

/** A booking card's heading says what and when (issue 34 item 4): five "Yoga"s told nothing. */
const spinTitle = 'Spin, Tue 24 Nov 2026, 18:00 to 18:45';

beforeEach(() => {
  loggedIn();
  // jsdom has no layout: the dialog scrolls what opened it back into view as it closes.
  Element.prototype.scrollIntoView = vi.fn();
});

describe('My account, Bookings', () => {
  it('shows each booking with what, when, where, places, price and status', async () => {
    serve([upcomingBooking({ quantity: 2, price: gbp(1300) })]);
    const card = (await screen.findByRole('heading', { name: spinTitle })).closest('li')!;
    expect(card.textContent).toContain('Booked');
    expect(card.textContent).toContain('Tue 24 Nov 2026, 18:00 to 18:45');
    expect(card.textContent).toContain('Studio 1, Castlefield Leisure Centre');
    expect(card.textContent).toContain('2 places');
    expect(card.textContent).toContain('£13.00');
  });

  it('asks before cancelling, stating the refund, then says it is cancelled and updates the list', async () => {
    const calls = serve([upcomingBooking()], { body: { data: cancelledSpin } });
    const open = await screen.findByRole('button', { name: /^Cancel booking/ });
    // The visible words first, the booking after them in visually hidden text (decision 0027).
    expect(open.textContent).toBe('Cancel booking for Spin on Tue 24 Nov 2026, 18:00 to 18:45');
    fireEvent.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Cancel this booking?' });
    expect(dialog.textContent).toContain('£6.50 will be added to your account credit.');
    expect(dialog.textContent).toContain('Studio 1, Castlefield Leisure Centre');
    // Focus opens on the statement, not on a button.
    expect(document.activeElement?.textContent).toContain('£6.50 will be added to your account credit.');
    // One confirming action.
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['', 'Yes, cancel booking', 'Keep booking']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel booking' }));

    const notice = await screen.findByText('Your booking has been cancelled');
    expect(notice.parentElement!.textContent).toContain(
      'Spin, Tue 24 Nov 2026, 18:00 to 18:45. £6.50 was added to your account credit.',
    );
    await waitFor(() => expect(document.activeElement).toBe(notice.parentElement));
    expect(screen.queryByRole('dialog')).toBeNull();
    const card = screen.getByRole('heading', { name: spinTitle }).closest('li')!;
    expect(card.textContent).toContain('Cancelled');
    expect(card.textContent).toContain('£6.50 was added to your account credit.');
    expect(card.textContent).not.toContain('This booking has already been cancelled.');
    expect(within(card).queryByRole('button')).toBeNull();
    const cancels = calls.filter((call) => call.url === '/api/my-account/bookings/7/cancel');
    expect(cancels).toHaveLength(1);
    expect(cancels[0]!.init?.method).toBe('POST');
  });

  it('keeps the booking when the customer changes their mind', async () => {
    const calls = serve([upcomingBooking()]);
    fireEvent.click(await screen.findByRole('button', { name: /^Cancel booking/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep booking' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.url.endsWith('/cancel'))).toBe(false);
  });

  it('says why a booking past its cut-off cannot be cancelled, with no button', async () => {
    serve([
      upcomingBooking({
        cancellation: {
          allowed: false,
          reason: 'Bookings can be cancelled up to 2 hours before the start.',
          cancelBefore: '2026-11-24T16:00:00.000Z',
          refund: gbp(0),
          refundMethod: 'credit',
          refundText: '',
        },
      }),
    ]);
    expect(await screen.findByText('Bookings can be cancelled up to 2 hours before the start.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Cancel booking/ })).toBeNull();
  });

  it("shows the server's refusal in the dialog and offers no second try", async () => {
    serve([upcomingBooking()], {
      status: 422,
      body: { message: 'Bookings can be cancelled up to 2 hours before the start.' },
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Cancel booking/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel booking' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Bookings can be cancelled up to 2 hours before the start.');
    expect(document.activeElement).toBe(alert);
    const dialog = screen.getByRole('dialog', { name: 'Cancel this booking?' });
    expect(within(dialog).queryByRole('button', { name: 'Yes, cancel booking' })).toBeNull();
    expect(screen.queryByText('Your booking has been cancelled')).toBeNull();
  });

  it('lets the customer try again after a failure of ours', async () => {
    serve([upcomingBooking()], { status: 503, body: { message: 'Service unavailable' } });
    fireEvent.click(await screen.findByRole('button', { name: /^Cancel booking/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel booking' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Something has gone wrong, please try again.',
    );
    expect(screen.getByRole('button', { name: 'Yes, cancel booking' })).toBeTruthy();
  });

  it('has no cancelling for a booking made before sessions existed', async () => {
    serve([upcomingBooking({ cancellation: null, sessionId: null, locationName: null })]);
    const card = (await screen.findByRole('heading', { name: spinTitle })).closest('li')!;
    expect(within(card).queryByRole('button')).toBeNull();
    expect(card.textContent).toContain('Castlefield Leisure Centre');
  });

  it('says a booking the centre cancelled was cancelled by the centre, and why (decision 0095)', async () => {
    serve([{ ...cancelledSpin, cancelledByCentre: { reason: 'Pool plant failure' } }]);
    const card = (await screen.findByRole('heading', { name: spinTitle })).closest('li')!;
    expect(within(card).getByText('Cancelled by the centre')).toBeTruthy();
    expect(within(card).getByText('Reason').nextElementSibling?.textContent).toBe('Pool plant failure');
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('says only "Cancelled" of a booking the customer cancelled', async () => {
    serve([cancelledSpin]);
    const card = (await screen.findByRole('heading', { name: spinTitle })).closest('li')!;
    expect(within(card).getByText('Cancelled')).toBeTruthy();
    expect(card.textContent).not.toContain('by the centre');
    expect(within(card).queryByText('Reason')).toBeNull();
  });

  it('tells a customer whose online booking is stopped why and until when, as the session pages do', async () => {
    const why =
      'You have 2 strikes for no-shows or late cancellations in 30 days, so you can’t book online until Friday 4 December 2026.';
    serve([], undefined, { ...priya, hasOutstandingPenalties: true }, { body: { data: { blocked: why } } });
    expect(await screen.findByText(why)).toBeTruthy();
    expect(screen.getByText("You can't book online at the moment")).toBeTruthy();
  });

  it('tells a customer with an outstanding penalty to contact their centre when the reason can’t be read', async () => {
    serve([], undefined, { ...priya, hasOutstandingPenalties: true });
    expect(
      await screen.findByText('You have an outstanding penalty. Please contact your centre before booking.'),
    ).toBeTruthy();
  });

  it('says nothing of penalties to a customer without one, and does not ask', async () => {
    const calls = serve([]);
    await screen.findByRole('heading', { name: 'Bookings' });
    expect(screen.queryByText("You can't book online at the moment")).toBeNull();
    expect(calls.some((call) => call.url.includes('booking-block'))).toBe(false);
  });

  it('links an empty list to booking an activity', async () => {
    serve([]);
    expect(await screen.findByRole('heading', { name: 'You have no upcoming bookings' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book an activity' }).getAttribute('href')).toBe(
      'http://b.test/',
    );
  });
});
