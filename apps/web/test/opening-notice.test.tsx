import type { BookingOpening } from '@lido/contracts/booking-openings';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionPage } from '../src/features/activities/session-page.tsx';
import { logIn, logOut, sessionDetails, testUser, wire } from './support/activity-fixtures.ts';
import { renderRoutesOnSite, stubFetch } from './support/render.tsx';

// Issue 39 item 1 (decision 0098): a session an announced opening gates says when booking opens,
// instead of a booking form, and offers the waiting room or an email when it opens.

afterEach(() => {
  cleanup();
  logOut();
});

const opening = (state: BookingOpening['state'], gates: Partial<BookingOpening['gates']> = {}) => ({
  id: 7,
  name: 'Spin, spring term',
  lobbyOpensAt: '2026-11-23T06:45:00.000Z',
  opensAt: '2026-11-23T07:00:00.000Z',
  gateEndsAt: '2026-11-23T09:00:00.000Z',
  opensText: 'Booking opens Monday 23 November at 07:00',
  state,
  gates: { activityId: 11, venueId: 1, sessionsFrom: '2026-11-20', sessionsTo: '2026-11-30', ...gates },
});

function renderSession(openings: unknown[], reminding = { value: false }) {
  const stub = stubFetch({
    '/api/activities/sessions/501': wire(sessionDetails()),
    '/api/auth/user': wire(testUser),
    '/api/booking-openings': wire(openings),
    '/api/booking-openings/7/reminder': (_url, init) => {
      if (init?.method === 'POST')
        reminding.value = (JSON.parse(String(init.body)) as { reminding: boolean }).reminding;
      return wire({ reminding: reminding.value });
    },
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  renderRoutesOnSite([{ path: '/sessions/:sessionId', element: <SessionPage /> }], { path: '/sessions/501' });
  return stub;
}

describe('a session before its announced opening', () => {
  it('says when booking opens instead of the form, and the customer can ask to be emailed', async () => {
    logIn();
    const reminding = { value: false };
    renderSession([opening('announced')], reminding);
    expect(await screen.findByText('Booking opens Monday 23 November at 07:00')).toBeTruthy();
    expect(screen.getByText(/The waiting room opens at 06:45\. Everyone in it by 07:00/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to basket' })).toBeNull();
    const toggle = await screen.findByRole('button', { name: 'Email me when the waiting room opens' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await userEvent.setup().click(toggle);
    expect(await screen.findByText('We’ll email you when the waiting room opens.')).toBeTruthy();
    expect(reminding.value).toBe(true);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    // The same button, still focused, as its state changes.
    expect(document.activeElement).toBe(toggle);
  });

  it('sends the customer to the waiting room once it is open', async () => {
    logIn();
    renderSession([opening('lobby')]);
    const link = await screen.findByRole('link', { name: 'Go to the waiting room' });
    expect(link.getAttribute('href')).toBe('/openings/7?back=%2Fsessions%2F501');
    expect(screen.getByText(/The waiting room is open\./)).toBeTruthy();
  });

  it('shows the form for sessions the opening does not gate, and from the opening on', async () => {
    logIn();
    renderSession([opening('announced', { sessionsFrom: '2026-12-01', sessionsTo: '2026-12-31' })]);
    expect(await screen.findByRole('button', { name: 'Add to basket' })).toBeTruthy();
    cleanup();
    renderSession([opening('open')]);
    expect(await screen.findByRole('button', { name: 'Add to basket' })).toBeTruthy();
    expect(screen.queryByText('Booking opens Monday 23 November at 07:00')).toBeNull();
  });
});
