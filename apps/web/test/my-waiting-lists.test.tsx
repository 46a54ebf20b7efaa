import type { WaitingListEntry } from '@lido/contracts/waiting-list';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '../src/app/toasts/toast-store.ts';
import { MyWaitingLists } from '../src/features/waiting-list/index.ts';
import { logIn, logOut, testUser, wire } from './support/activity-fixtures.ts';
import { renderOnSite, stubFetch } from './support/render.tsx';

afterEach(() => {
  cleanup();
  logOut();
  act(() => clearToasts());
});

const spin: WaitingListEntry = {
  id: 7,
  sessionId: 501,
  activityName: 'Spin',
  venueName: 'Castlefield Leisure Centre',
  venueSlug: 'castlefield-leisure-centre',
  locationName: 'Studio 1',
  startsAt: '2026-11-24T18:00:00.000Z',
  when: 'Tue 24 Nov 2026, 18:00 to 18:45',
  status: 'offered',
  position: null,
  statusText: 'Place offered until Tue 24 Nov, 14:30',
  offerExpiresAt: '2026-11-24T14:30:00.000Z',
  autoBook: false,
  payWithSavedCard: null,
};

describe('My account’s waiting lists (decision 0052)', () => {
  it('lists each with where the customer stands, a link to book a kept place, and Leave', async () => {
    logIn();
    let left = false;
    const { fetchStub, calls } = stubFetch({
      '/api/auth/user': wire(testUser),
      '/api/my-account/waiting-lists': () => wire(left ? [] : [spin]),
      '/api/my-account/waiting-lists/7': () => {
        left = true;
        return wire({ message: 'You have left the waiting list.' });
      },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderOnSite(<MyWaitingLists />, { site: 'my-account', path: '/bookings/upcoming' });

    expect(await screen.findByRole('heading', { name: 'Waiting lists' })).toBeTruthy();
    expect(screen.getByText('Place offered until Tue 24 Nov, 14:30')).toBeTruthy();
    // Each entry's heading says what and when (issue 34 item 4).
    expect(
      screen.getByRole('heading', { level: 3, name: 'Spin, Tue 24 Nov 2026, 18:00 to 18:45' }),
    ).toBeTruthy();
    expect(
      // jsdom joins the visually hidden words without the space a browser keeps.
      screen.getByRole('link', { name: /^Book this place ?for Spin on Tue 24 Nov 2026, 18:00 to 18:45$/ }),
    ).toBeTruthy();
    await userEvent.click(
      screen.getByRole('button', {
        name: /^Leave ?the waiting list for Spin on Tue 24 Nov 2026, 18:00 to 18:45$/,
      }),
    );
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('You have left the waiting list');
    expect(document.activeElement).toBe(notice);
    expect(calls.some((call) => call.init?.method === 'DELETE')).toBe(true);
    await screen.findByText('You are not on any waiting list.');
  });
});
