import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '../src/app/toasts/toast-store.ts';
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
import { renderRoutesOnSite, stubFetch, testSettings } from './support/render.tsx';

afterEach(() => {
  cleanup();
  logOut();
  act(() => clearToasts());
});

const offer = (left: number) => ({
  sessionId: 501,
  allowance: {
    membershipId: 1,
    membershipName: 'Gym Anytime',
    totalUses: 2,
    frequency: 'month',
    allowanceText: '2 guest passes a month',
    periodStart: '2026-11-01',
    periodEnd: '2026-11-30',
    periodName: 'November 2026',
    used: 2 - left,
    left,
  },
});

function renderSession(enabled: boolean, routes: Parameters<typeof stubFetch>[0]) {
  const stub = stubFetch({
    '/api/activities/sessions/501': wire(sessionDetails()),
    '/api/auth/user': wire(testUser),
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  renderRoutesOnSite([{ path: '/sessions/:sessionId', element: <SessionPage /> }], {
    path: '/sessions/501',
    settings: { ...testSettings, onlineGuestPassesEnabled: enabled },
  });
  return stub.calls;
}

describe('"Bring a guest" on the session page (decision 0050)', () => {
  it('shows the passes left, asks for both names, and adds the guest to the basket', async () => {
    logIn();
    const calls = renderSession(true, {
      '/api/activities/sessions/501/guest-pass': wire(offer(2)),
      '/api/activities/guest-pass/add': wire(cartWith([bookingLine({ guestName: 'Jo Bloggs' })])),
    });
    const section = await screen.findByRole('region', { name: 'Bring a guest' });
    expect(
      within(section).getByText(/You have 2 guest passes left for November 2026 with your Gym Anytime/),
    ).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Bring a guest' }));
    expect(document.activeElement).toBe(within(section).getByLabelText("Guest's first name"));
    await user.click(within(section).getByRole('button', { name: 'Add guest to basket' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain("Enter your guest's first name.");
    expect(summary.textContent).toContain("Enter your guest's last name.");
    expect(calls.some((call) => call.url === '/api/activities/guest-pass/add')).toBe(false);

    await user.type(within(section).getByLabelText("Guest's first name"), 'Jo');
    await user.type(within(section).getByLabelText("Guest's last name"), 'Bloggs');
    await user.click(within(section).getByRole('button', { name: 'Add guest to basket' }));
    await within(section).findByText('Jo Bloggs is in your basket');
    const add = calls.find((call) => call.url === '/api/activities/guest-pass/add')!;
    expect(JSON.parse(String(add.init?.body))).toEqual({
      session_id: 501,
      guest_first_name: 'Jo',
      guest_last_name: 'Bloggs',
    });
  });

  it('says when the passes are used up, with no form', async () => {
    logIn();
    renderSession(true, { '/api/activities/sessions/501/guest-pass': wire(offer(0)) });
    const section = await screen.findByRole('region', { name: 'Bring a guest' });
    expect(within(section).getByText('You have used all your guest passes for November 2026.')).toBeTruthy();
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('is not there, and never asks, while the operator’s setting is off', async () => {
    logIn();
    const calls = renderSession(false, { '/api/activities/sessions/501/guest-pass': wire(offer(2)) });
    await screen.findByRole('heading', { name: 'Book this session' });
    expect(screen.queryByRole('region', { name: 'Bring a guest' })).toBeNull();
    expect(calls.some((call) => call.url.endsWith('/guest-pass'))).toBe(false);
  });
});
