import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { tillRoutes } from '../src/features/front-of-house/till/till-routes.tsx';
import { money, wire } from './support/activity-fixtures.ts';
import { renderRoutesOnSite, stubFetch } from './support/render.tsx';
import { lazyRouteWait, managerMe } from './support/staff-fixtures.ts';

const wait = lazyRouteWait;
const manager = managerMe;
const timetable = {
  centres: [
    {
      slug: 'castlefield-leisure-centre',
      name: 'Castlefield Leisure Centre',
      places: [{ key: 'main-pool', name: 'Main pool', kind: 'pool' }],
    },
  ],
  activities: [],
  series: [],
};
const session = (id: number, name: string, cardPence: number) => ({
  id,
  activityName: name,
  placeName: 'Main pool',
  when: 'Tue 1 Dec 2026, 16:00 to 17:00',
  startsAt: '2026-12-01T16:00:00.000Z',
  bookings: 1,
  waiting: 0,
  cancelled: false,
  byWay: [{ paidBy: 'card', bookings: 1, cardPence, creditPence: 0 }],
});
const preview = {
  sessions: [session(11, 'Aqua fit', 650), session(12, 'Lane swim', 400)],
  bookings: 2,
  waitingList: 0,
  money: [
    {
      paidBy: 'card',
      label: 'Card',
      bookings: 2,
      amount: money(1050),
      goesBack: 'refunded to the card it came from',
    },
  ],
  refundRule: 'Money goes back the way it was paid.',
};
const result = {
  id: 3,
  key: 'k',
  reason: 'Pool plant failure',
  sessions: [{ ...session(11, 'Aqua fit', 650), cancelled: true, byWay: [] }],
  bookingsCancelled: 1,
  cardRefunds: 1,
  cardRefunded: money(650),
  creditAdded: money(0),
  usesGivenBack: 0,
  refundsFailed: 0,
  refundsPending: 0,
  waitingListTold: 0,
  finished: true,
};

function renderPage() {
  let presses = 0;
  const stub = stubFetch({
    '/api/staff/me': wire(manager),
    '/api/staff/timetable': wire(timetable),
    '/api/staff/cancellations/preview': wire(preview),
    '/api/staff/cancellations': () => {
      presses += 1;
      // The first press gets no answer (the connection dropped); the second gets the run's.
      if (presses === 1) throw new TypeError('Failed to fetch');
      return wire(result);
    },
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  renderRoutesOnSite(tillRoutes, { site: 'front-of-house', path: '/timetable/cancel' });
  return stub.calls;
}
const sent = (calls: { url: string; init?: RequestInit }[], path: string) =>
  calls
    .filter((call) => call.url === path && call.init?.method === 'POST')
    .map((call) => JSON.parse(String(call.init!.body)) as Record<string, unknown>);

describe('Cancel sessions (a manager’s, decision 0095)', () => {
  it('asks for the reason first, then checks, counts only the ticked sessions, and sends one key however often it is pressed', async () => {
    const user = userEvent.setup();
    const calls = renderPage();
    await screen.findByRole('heading', { name: 'Which sessions' }, wait);
    await user.click(screen.getByRole('button', { name: 'Find sessions' }));
    expect(await screen.findAllByText('Enter the reason customers will be told')).not.toHaveLength(0);
    expect(sent(calls, '/api/staff/cancellations/preview')).toEqual([]);

    await user.type(screen.getByLabelText('From time'), '16:00');
    await user.type(screen.getByLabelText('To time'), '20:00');
    await user.type(screen.getByLabelText('Reason'), 'Pool plant failure');
    await user.click(screen.getByRole('button', { name: 'Find sessions' }));
    const check = await screen.findByRole('heading', { name: 'Check before you cancel' });
    await waitFor(() => expect(document.activeElement).toBe(check));
    expect(sent(calls, '/api/staff/cancellations/preview')[0]).toMatchObject({
      venue: 'castlefield-leisure-centre',
      from_time: '16:00',
      to_time: '20:00',
    });
    expect(screen.getByRole('row', { name: /^Card 2 £10\.50/ })).toBeTruthy();
    // Unticking the lane swim takes its refund out of the table.
    await user.click(screen.getByRole('checkbox', { name: /^Cancel Lane swim/ }));
    expect(screen.getByRole('row', { name: /^Card 1 £6\.50/ })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Cancel 1 session' }));
    await screen.findByText('Something has gone wrong, please try again.');
    await user.click(screen.getByRole('button', { name: 'Cancel 1 session' }));
    const done = await screen.findByRole('heading', { name: '1 session cancelled' });
    await waitFor(() => expect(document.activeElement).toBe(done));
    const presses = sent(calls, '/api/staff/cancellations');
    expect(presses).toHaveLength(2);
    expect(presses[0]).toEqual(presses[1]);
    expect(presses[0]).toMatchObject({ session_ids: [11], reason: 'Pool plant failure' });
  });
});
