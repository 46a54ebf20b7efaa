import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '../src/app/toasts/toast-store.ts';
import { Toaster } from '../src/app/toasts/toaster.tsx';
import { SessionPage } from '../src/features/activities/session-page.tsx';
import { cartKeys } from '../src/features/cart/index.ts';
import {
  bookingLine,
  cartWith,
  logIn,
  logOut,
  money,
  sessionDetails,
  testUser,
  wire,
} from './support/activity-fixtures.ts';
import { renderRoutesOnSite, stubFetch } from './support/render.tsx';

afterEach(() => {
  // Unmounted before logging out, so a page behind RequireLogin doesn't go looking for /login.
  cleanup();
  logOut();
  act(() => clearToasts());
});

function renderSession(routes: Parameters<typeof stubFetch>[0]) {
  const stub = stubFetch({
    '/api/activities/sessions/501': wire(sessionDetails()),
    '/api/auth/user': wire(testUser),
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  const rendered = renderRoutesOnSite(
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
  return { ...rendered, calls: stub.calls };
}

describe('the session page', () => {
  it('offers the bands open to the customer, the cheapest chosen, and says why the others are not', async () => {
    logIn();
    renderSession({});
    const bands = await screen.findByRole('group', { name: 'Price' });
    const adult = within(bands).getByRole('radio', { name: 'Adult £6.50' });
    const concession = within(bands).getByRole('radio', { name: 'Concession £4.50' });
    const junior = within(bands).getByRole('radio', { name: 'Junior £4.00' });
    const member = within(bands).getByRole('radio', { name: 'Member £0.00' });
    expect((concession as HTMLInputElement).checked).toBe(true);
    expect((adult as HTMLInputElement).checked).toBe(false);
    expect((junior as HTMLInputElement).disabled).toBe(true);
    expect((member as HTMLInputElement).disabled).toBe(true);
    expect(junior.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(junior.getAttribute('aria-describedby')!)?.textContent).toBe(
      'For under 18s on the day of the session.',
    );
    expect(document.getElementById(member.getAttribute('aria-describedby')!)?.textContent).toBe(
      'For customers with an active membership.',
    );
    // The session's facts: when, where, ages and the cancellation rule.
    expect(screen.getByRole('heading', { level: 1, name: 'Spin' })).toBeTruthy();
    expect(screen.getByText('Tue 24 Nov 2026, 18:00 to 18:45')).toBeTruthy();
    expect(screen.getByText('Ages 16 and over')).toBeTruthy();
    expect(screen.getByText('Cancel up to 2 hours before the start for a refund.')).toBeTruthy();
  });

  it('adds the chosen band and number of places to the basket, with the spec toast and a new badge count', async () => {
    logIn();
    const user = userEvent.setup();
    const cart = cartWith([bookingLine()]);
    const { calls, queryClient } = renderSession({ '/api/cart/add': wire(cart) });
    const bands = await screen.findByRole('group', { name: 'Price' });
    await user.click(within(bands).getByRole('radio', { name: 'Adult £6.50' }));
    // Three places are left: no more than three can be chosen.
    const places = screen.getByLabelText('Number of places');
    expect(
      within(places)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1', '2', '3']);
    await user.selectOptions(places, '2');
    await user.click(await screen.findByRole('button', { name: 'Add to basket' }));
    expect(await screen.findByText('Successfully added item to the basket.')).toBeTruthy();
    const add = calls.find((call) => call.url === '/api/cart/add')!;
    expect(JSON.parse(String(add.init?.body))).toEqual({
      items: [
        {
          id: 501,
          type: 'booking',
          pricing_option_id: 71,
          options: { quantity: 2 },
        },
      ],
    });
    expect(queryClient.getQueryData(cartKeys.cart)).toMatchObject({ totals: { itemCount: 1 } });
    expect(screen.getByRole('link', { name: 'Go to your basket' }).getAttribute('href')).toBe('/basket');
  });

  it('keeps focus on the page when the last place is added and the form gives way to the waiting list', async () => {
    logIn();
    const user = userEvent.setup();
    let full = false;
    renderSession({
      '/api/activities/sessions/501': () =>
        wire(
          full
            ? sessionDetails({
                availability: {
                  status: 'full',
                  label: 'Full',
                  spacesLeft: 0,
                  opensAt: null,
                  bookable: false,
                },
              })
            : sessionDetails(),
        ),
      '/api/cart/add': () => {
        full = true;
        return wire(cartWith([bookingLine()]));
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add to basket' }));
    // The session, read again, is full: the form is gone, and focus is on the notice, not the page.
    await screen.findByText('Full', { selector: '.availability' });
    expect(screen.queryByRole('button', { name: 'Add to basket' })).toBeNull();
    await vi.waitFor(() =>
      expect(document.activeElement?.textContent).toBe(screen.getByText('Added to your basket').textContent),
    );
    expect(screen.getByRole('link', { name: 'Go to your basket' })).toBeTruthy();
  });

  it("shows the server's reason when the place can't be added", async () => {
    logIn();
    const user = userEvent.setup();
    renderSession({
      '/api/cart/add': { status: 409, body: { message: 'Sorry, this session is now full.' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Add to basket' }));
    expect(await screen.findByText('Sorry, this session is now full.')).toBeTruthy();
  });

  it('asks a visitor to log in, in the login dialog, without leaving the page', async () => {
    const user = userEvent.setup();
    renderSession({
      '/api/activities/sessions/501': wire(
        sessionDetails({
          prices: sessionDetails().prices.map((price) =>
            price.band === 'member' ? price : { ...price, available: true },
          ),
        }),
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Log in to book' }));
    // The dialog's code loads on first open (lazy-login-dialog.tsx).
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(dialog).getByLabelText('Email address or customer ID')).toBeTruthy();
    const member = screen.getByRole('radio', { name: 'Member £0.00', hidden: true });
    expect(document.getElementById(member.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Log in as a member to book at this price.',
    );
  });

  it('stays on the session after logging in from its dialog, with focus on the button, now "Add to basket"', async () => {
    // jsdom has no scrolling; the dialog scrolls its opener into view as it hands focus back.
    Element.prototype.scrollIntoView ??= () => {};
    const user = userEvent.setup();
    let reads = 0;
    const { calls } = renderSession({
      // The first read is a visitor's; after logging in the member price is open.
      '/api/activities/sessions/501': () =>
        wire(
          reads++ === 0
            ? sessionDetails()
            : sessionDetails({
                prices: sessionDetails().prices.map((price) =>
                  price.band === 'member' ? { ...price, available: true } : price,
                ),
              }),
        ),
      '/api/auth/customer/login': () => {
        document.cookie = 'lido_authState=in.after-login';
        return wire({ token: 'in.after-login' });
      },
    });
    const button = await screen.findByRole('button', { name: 'Log in to book' });
    await user.click(button);
    // The dialog's code loads on first open (lazy-login-dialog.tsx).
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.type(within(dialog).getByLabelText('Email address or customer ID'), 'C100003');
    await user.type(within(dialog).getByLabelText('Password', { exact: true }), 'Swim-Gym-2026!');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    const add = await screen.findByRole('button', { name: 'Add to basket' });
    expect(document.activeElement).toBe(add);
    // The customer's own prices: the member band (free) is now open, and the cheapest is chosen.
    await vi.waitFor(() =>
      expect((screen.getByRole('radio', { name: 'Member £0.00' }) as HTMLInputElement).checked).toBe(true),
    );
    expect(calls.filter((call) => call.url === '/api/activities/sessions/501')).toHaveLength(2);
  });

  it('adds at the customer’s own band when Add is pressed before their prices have loaded after logging in', async () => {
    Element.prototype.scrollIntoView ??= () => {};
    const user = userEvent.setup();
    // A visitor is offered Junior (cheapest); the customer, an adult, is not.
    const visitor = sessionDetails({
      prices: sessionDetails().prices.map((price) => ({ ...price, available: price.band !== 'member' })),
    });
    const own = sessionDetails();
    let reads = 0;
    let ownPricesArrive = () => {};
    const ownPrices = new Promise<void>((resolve) => (ownPricesArrive = resolve));
    const stub = stubFetch({
      '/api/activities/sessions/501': () => wire(reads++ === 0 ? visitor : own),
      '/api/auth/user': wire(testUser),
      '/api/auth/customer/login': () => {
        document.cookie = 'lido_authState=in.after-login';
        return wire({ token: 'in.after-login' });
      },
      '/api/cart/add': wire(cartWith([bookingLine()])),
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      // The customer's own session read is slow: Add is pressed before it answers.
      if (String(input).includes('/api/activities/sessions/501') && reads === 1) await ownPrices;
      return stub.fetchStub(input, init);
    });
    renderRoutesOnSite([{ path: '/sessions/:sessionId', element: <SessionPage /> }], {
      path: '/sessions/501',
    });
    await user.click(await screen.findByRole('button', { name: 'Log in to book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.type(within(dialog).getByLabelText('Email address or customer ID'), 'C100001');
    await user.type(within(dialog).getByLabelText('Password', { exact: true }), 'Swim-Gym-2026!');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    // Still the visitor's prices on screen (Junior chosen) when the customer presses Add.
    await user.click(await screen.findByRole('button', { name: 'Add to basket' }));
    expect(stub.calls.some((call) => call.url === '/api/cart/add')).toBe(false);
    expect(screen.getByRole('button', { name: 'Adding…' })).toBeTruthy();
    ownPricesArrive();
    await vi.waitFor(() => expect(stub.calls.some((call) => call.url === '/api/cart/add')).toBe(true));
    const add = stub.calls.find((call) => call.url === '/api/cart/add')!;
    // Concession (73), the cheapest band open to the customer; never Junior (72).
    expect(JSON.parse(String(add.init?.body)).items[0].pricing_option_id).toBe(73);
  });

  it('offers the waiting list of a full session instead of booking it', async () => {
    logIn();
    renderSession({
      '/api/activities/sessions/501': wire(
        sessionDetails({
          availability: { status: 'full', label: 'Full', spacesLeft: 0, opensAt: null, bookable: false },
          price: money(650),
        }),
      ),
      '/api/activities/sessions/501/waiting-list': wire({ entry: null }),
    });
    expect(await screen.findByRole('heading', { name: 'Join the waiting list' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to basket' })).toBeNull();
  });

  it('tells a customer with outstanding penalties why they cannot book', async () => {
    logIn();
    renderSession({
      '/api/activities/sessions/501': wire(
        sessionDetails({ bookingBlocked: 'You have an unpaid penalty. Please speak to reception to book.' }),
      ),
    });
    expect(
      await screen.findByText('You have an unpaid penalty. Please speak to reception to book.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to basket' })).toBeNull();
  });
});
