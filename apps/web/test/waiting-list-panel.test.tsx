import type { WaitingListEntry } from '@lido/contracts/waiting-list';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '../src/app/toasts/toast-store.ts';
import { Toaster } from '../src/app/toasts/toaster.tsx';
import { SessionPage } from '../src/features/activities/session-page.tsx';
import { logIn, logOut, sessionDetails, testUser, wire } from './support/activity-fixtures.ts';
import { renderRoutesOnSite, stubFetch } from './support/render.tsx';

afterEach(() => {
  cleanup();
  logOut();
  act(() => clearToasts());
});

const full = sessionDetails({
  availability: { status: 'full', label: 'Full', spacesLeft: 0, opensAt: null, bookable: false },
});

const entry = (overrides: Partial<WaitingListEntry> = {}): WaitingListEntry => ({
  id: 7,
  sessionId: 501,
  activityName: 'Spin',
  venueName: 'Castlefield Leisure Centre',
  venueSlug: 'castlefield-leisure-centre',
  locationName: 'Studio 1',
  startsAt: '2026-11-24T18:00:00.000Z',
  when: 'Tue 24 Nov 2026, 18:00 to 18:45',
  status: 'waiting',
  position: 3,
  statusText: 'You are 3rd on the waiting list',
  offerExpiresAt: null,
  autoBook: false,
  payWithSavedCard: null,
  ...overrides,
});

/** The session page of a full session; the waiting list answers `answer(method)`. */
function renderFull(answer: (method: string) => { status?: number; body: unknown }) {
  let calls: { url: string; init: RequestInit | undefined }[] = [];
  const stub = stubFetch({
    '/api/activities/sessions/501': wire(full),
    '/api/auth/user': wire(testUser),
    '/api/activities/sessions/501/waiting-list': () => answer(calls.at(-1)?.init?.method ?? 'GET'),
  });
  calls = stub.calls;
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
  return calls;
}

describe('the waiting list on a full session’s page (decision 0052)', () => {
  it('asks a visitor to log in to use it, and offers no booking', async () => {
    renderFull(() => wire({ entry: null, savedCard: null, offerHours: 2 }));
    expect(await screen.findByRole('button', { name: 'Log in to use the waiting list' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to basket' })).toBeNull();
  });

  it('takes focus to the list’s heading after logging in from it, not to the page (issue 34 item 1)', async () => {
    // jsdom has no scrolling; a closing dialog scrolls its opener into view.
    Element.prototype.scrollIntoView ??= () => {};
    const user = userEvent.setup();
    const stub = stubFetch({
      '/api/activities/sessions/501': wire(full),
      '/api/auth/user': wire(testUser),
      '/api/activities/sessions/501/waiting-list': wire({ entry: null, savedCard: null, offerHours: 2 }),
      '/api/auth/customer/login': () => {
        document.cookie = 'lido_authState=in.after-login';
        return wire({ token: 'in.after-login' });
      },
    });
    vi.stubGlobal('fetch', stub.fetchStub);
    renderRoutesOnSite([{ path: '/sessions/:sessionId', element: <SessionPage /> }], {
      path: '/sessions/501',
    });
    await user.click(await screen.findByRole('button', { name: 'Log in to use the waiting list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.type(within(dialog).getByLabelText('Email address or customer ID'), 'C100001');
    await user.type(within(dialog).getByLabelText('Password', { exact: true }), 'Swim-Gym-2026!');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    const heading = await screen.findByRole('heading', { name: 'Join the waiting list' });
    await vi.waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('joins with the automatic booking chosen, then says where the customer stands, focus on its heading', async () => {
    logIn();
    const calls = renderFull((method) =>
      method === 'POST'
        ? wire(entry({ autoBook: true }))
        : wire({ entry: null, savedCard: null, offerHours: 2 }),
    );
    await screen.findByRole('heading', { name: 'Join the waiting list' });
    expect(
      screen.getByText(/the first on the list is emailed and the place is kept for them for 2 hours; then/),
    ).toBeTruthy();
    await userEvent.click(
      screen.getByRole('checkbox', {
        name: 'Book it for me automatically when a place frees up, if it costs me nothing',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    const heading = await screen.findByRole('heading', { name: 'You are on the waiting list' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('You are 3rd on the waiting list')).toBeTruthy();
    // How long a place is kept, from the operator's setting, not "for a while" (issue 34 item 4).
    expect(
      screen.getByText(
        'If a place frees up and costs you nothing, we book it for you and email you. Otherwise we email you and keep the place for you for 2 hours.',
      ),
    ).toBeTruthy();
    const post = calls.find((call) => call.init?.method === 'POST');
    expect(JSON.parse(String(post!.init!.body))).toEqual({ auto_book: true, pay_with_saved_card: false });
    expect(screen.getByRole('button', { name: 'Leave the waiting list' })).toBeTruthy();
    // Without a saved card there is no choice to pay with one.
    expect(screen.queryByRole('checkbox', { name: /saved card/ })).toBeNull();
  });

  it('offers to pay with the saved card, naming it, only to a customer who has one (decision 0054)', async () => {
    logIn();
    const card = { cardType: 'Visa', lastFourDigits: '4242' };
    const calls = renderFull((method) =>
      method === 'POST'
        ? wire(entry({ autoBook: true, payWithSavedCard: card }))
        : wire({ entry: null, savedCard: card, offerHours: 2 }),
    );
    const pay = await screen.findByRole('checkbox', {
      name: 'Book me automatically and pay with my saved card (Visa ending 4242) if a place comes up',
    });
    expect(pay.getAttribute('aria-describedby')).toBe('waiting-list-pay-with-saved-card-hint');
    await userEvent.click(pay);
    await userEvent.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    await screen.findByRole('heading', { name: 'You are on the waiting list' });
    const post = calls.find((call) => call.init?.method === 'POST');
    expect(JSON.parse(String(post!.init!.body))).toEqual({ auto_book: true, pay_with_saved_card: true });
    expect(screen.getByText(/pay for it with your saved card \(Visa ending 4242\)/)).toBeTruthy();
  });

  it('shows the server’s reason when joining is refused', async () => {
    logIn();
    renderFull((method) =>
      method === 'POST'
        ? { status: 422, body: { message: 'You are already booked on this session.' } }
        : wire({ entry: null, savedCard: null, offerHours: 2 }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Join the waiting list' }));
    const reason = await screen.findByText('You are already booked on this session.', { selector: 'p' });
    expect(reason.getAttribute('role')).toBe('alert');
    expect(screen.getByRole('heading', { name: 'Join the waiting list' })).toBeTruthy();
  });

  it('offers the usual booking form for a place kept for the customer', async () => {
    logIn();
    renderFull(() =>
      wire({
        entry: entry({
          status: 'offered',
          position: null,
          statusText: 'Place offered until Tue 24 Nov, 14:30',
          offerExpiresAt: '2026-11-24T14:30:00.000Z',
        }),
      }),
    );
    expect(await screen.findByText('A place is kept for you')).toBeTruthy();
    expect(
      screen.getByText('Place offered until Tue 24 Nov, 14:30. Add it to your basket to book it.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to basket' })).toBeTruthy();
  });
});
