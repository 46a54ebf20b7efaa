import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RegisterPage } from '../src/features/front-of-house/registers/register-page.tsx';
import { wire } from './support/activity-fixtures.ts';
import { renderRoutesOnSite, stubFetch } from './support/render.tsx';

const wait = { timeout: 5_000 };

const entry = (bookingId: number, overrides: Record<string, unknown> = {}) => ({
  bookingId,
  customerId: 40 + bookingId,
  customerReference: `C1000${bookingId}`,
  name: 'Dana Okafor',
  ageBand: 'Adult (age 31)',
  who: 'customer',
  bookedBy: null,
  places: 1,
  waiver: 'not needed',
  note: null,
  attendance: null,
  strike: null,
  ...overrides,
});

const register = (overrides: Record<string, unknown> = {}, entries = [entry(12)]) => ({
  session: {
    id: 7,
    activityName: 'Public swim',
    centre: { slug: 'castlefield-leisure-centre', name: 'Castlefield Leisure Centre' },
    place: 'Main pool',
    instructor: null,
    startsAt: '2026-11-27T10:00:00.000Z',
    endsAt: '2026-11-27T11:00:00.000Z',
    capacity: 60,
    cancelled: false,
  },
  entries,
  canMark: true,
  canRemoveStrikes: false,
  ...overrides,
});

function renderRegister(answer: object) {
  const stub = stubFetch({ '/api/staff/registers/7': wire(answer) });
  vi.stubGlobal('fetch', stub.fetchStub);
  renderRoutesOnSite([{ path: 'registers/:sessionId', Component: RegisterPage }], {
    site: 'front-of-house',
    path: '/registers/7',
  });
  return stub.calls;
}

afterEach(() => vi.unstubAllGlobals());

/** Issue 35 item 4 (decision 0096): a session's register at the desk. */
describe('the register page', () => {
  it('lists who is booked, with who booked a family member or guest, and the waiver', async () => {
    renderRegister(
      register({}, [
        entry(12),
        entry(13, {
          name: 'Casey Lee',
          who: 'family member',
          bookedBy: 'Jordan Lee (C100004)',
          waiver: 'missing',
        }),
        entry(14, { name: 'Ola Guest', who: 'guest', bookedBy: 'Priya Shah (C100002)', ageBand: 'Member' }),
      ]),
    );
    const table = await screen.findByRole(
      'table',
      { name: /^Booked on Public swim, 27 Nov 2026, 10:00 to 11:00$/ },
      wait,
    );
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Name'),
      expect.stringMatching(/^Dana OkaforC100012Adult \(age 31\)Customer1Not needed/),
      expect.stringMatching(/^Casey Lee.*Family member of Jordan Lee \(C100004\)1Not signed/),
      expect.stringMatching(/^Ola Guest.*Guest of Priya Shah \(C100002\)/),
    ]);
    expect(screen.getByRole('button', { name: 'Print the register' })).toBeTruthy();
  });

  it('marks a no-show, pressed, and says so', async () => {
    const bodies: unknown[] = [];
    let marked = false;
    const stub = stubFetch({
      '/api/staff/registers/7': () =>
        wire(register({}, [entry(12, marked ? { attendance: 'no-show' } : {})])),
      '/api/staff/registers/7/bookings/12': (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        marked = true;
        return wire({
          entry: entry(12, { attendance: 'no-show' }),
          blockedUntil: '2026-12-04T11:00:00.000Z',
        });
      },
    });
    vi.stubGlobal('fetch', stub.fetchStub);
    renderRoutesOnSite([{ path: 'registers/:sessionId', Component: RegisterPage }], {
      site: 'front-of-house',
      path: '/registers/7',
    });
    const group = await screen.findByRole('group', { name: 'Did Dana Okafor come?' }, wait);
    await userEvent.click(within(group).getByRole('button', { name: 'No-show' }));
    expect(bodies).toEqual([{ status: 'no-show' }]);
    await screen.findByText(
      'Dana Okafor marked a no-show. Online booking is now stopped for them: they have been emailed why.',
    );
    await waitFor(() =>
      expect(within(group).getByRole('button', { name: 'No-show' }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
  });

  it('shows a manager elsewhere the register without the buttons', async () => {
    renderRegister(register({ canMark: false }, [entry(12, { attendance: 'attended' })]));
    await screen.findByRole('table', {}, wait);
    expect(screen.queryByRole('group', { name: 'Did Dana Okafor come?' })).toBeNull();
    expect(screen.getByRole('row', { name: /Dana Okafor/ }).textContent).toContain('Attended');
  });
});
