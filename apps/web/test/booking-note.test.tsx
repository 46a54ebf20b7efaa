import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '../src/app/toasts/toast-store.ts';
import { Toaster } from '../src/app/toasts/toaster.tsx';
import { BookingsPage } from '../src/features/account/bookings-page.tsx';
import { SessionPage } from '../src/features/activities/session-page.tsx';
import {
  bookingLine,
  cartWith,
  logIn,
  logOut,
  sessionDetails,
  testUser,
  wire,
} from './support/activity-fixtures.ts';
import { loggedIn, priya, upcomingBooking } from './support/booking-fixtures.ts';
import { renderRoutesOnSite, stubFetch } from './support/render.tsx';

afterEach(() => {
  cleanup();
  logOut();
  act(() => clearToasts());
});

const noteLabel = 'Anything the instructor should know? (optional)';

function renderSession() {
  const stub = stubFetch({
    '/api/activities/sessions/501': wire(sessionDetails()),
    '/api/auth/user': wire(testUser),
    '/api/cart/add': wire(cartWith([bookingLine({ note: 'First class back after a knee injury' })])),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  renderRoutesOnSite(
    [
      {
        path: '/sessions/:sessionId',
        element: (
          <>
            <SessionPage />
            <Toaster />
          </>
        ),
      },
    ],
    { path: '/sessions/501' },
  );
  return stub.calls;
}

/** Issue 35 item 4 (decision 0101): a note for the instructor, given when booking. */
describe('a note for the instructor', () => {
  it('is asked for on the session page and sent with the basket line, trimmed', async () => {
    logIn();
    const user = userEvent.setup();
    const calls = renderSession();
    const note = await screen.findByLabelText(noteLabel);
    expect(note.getAttribute('maxlength')).toBe('200');
    expect(document.getElementById(note.getAttribute('aria-describedby')!)?.textContent).toContain(
      'the instructor sees it on the class register',
    );
    await user.type(note, '  First class back after a knee injury ');
    await user.click(screen.getByRole('button', { name: 'Add to basket' }));
    expect(await screen.findByText('Successfully added item to the basket.')).toBeTruthy();
    const add = calls.find((call) => call.url === '/api/cart/add')!;
    expect(JSON.parse(String(add.init?.body)).items[0].options).toEqual({
      quantity: 1,
      note: 'First class back after a knee injury',
    });
    // Added: the field is empty for the next booking.
    expect((screen.getByLabelText(noteLabel) as HTMLInputElement).value).toBe('');
  });

  it('sends no note when left blank', async () => {
    logIn();
    const user = userEvent.setup();
    const calls = renderSession();
    await screen.findByLabelText(noteLabel);
    await user.click(screen.getByRole('button', { name: 'Add to basket' }));
    expect(await screen.findByText('Successfully added item to the basket.')).toBeTruthy();
    const add = calls.find((call) => call.url === '/api/cart/add')!;
    expect(JSON.parse(String(add.init?.body)).items[0].options).toEqual({ quantity: 1 });
  });

  it('says at the field, and sends nothing, when the note holds a tab or other control character', async () => {
    logIn();
    const user = userEvent.setup();
    const calls = renderSession();
    const note = await screen.findByLabelText(noteLabel);
    fireEvent.change(note, { target: { value: 'Bad\tnote' } });
    await user.click(screen.getByRole('button', { name: 'Add to basket' }));
    const error =
      'The note must be plain text on one line: remove line breaks, tabs and other control characters.';
    expect(await screen.findByText(error)).toBeTruthy();
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(note);
    expect(calls.some((call) => call.url === '/api/cart/add')).toBe(false);
  });

  it('is shown in My account with the booking', async () => {
    loggedIn();
    const { fetchStub } = stubFetch({
      '/api/my-account/bookings': {
        body: {
          data: { upcoming: [upcomingBooking({ note: 'First class back after a knee injury' })], past: [] },
        },
      },
      '/api/auth/user': { body: { data: priya } },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderRoutesOnSite([{ path: '/bookings/upcoming', element: <BookingsPage show="upcoming" /> }], {
      site: 'my-account',
      path: '/bookings/upcoming',
    });
    const card = (await screen.findByRole('heading', { name: /^Spin/ })).closest('li')!;
    expect(within(card).getByText('Your note')).toBeTruthy();
    expect(within(card).getByText('First class back after a knee injury')).toBeTruthy();
  });
});
