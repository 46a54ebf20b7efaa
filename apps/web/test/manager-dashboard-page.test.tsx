import type { Dashboard } from '@lido/contracts/dashboard';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DashboardPage } from '../src/features/front-of-house/dashboard/dashboard-page.tsx';
import { wire } from './support/activity-fixtures.ts';
import { renderRoutesOnSite, stubFetch } from './support/render.tsx';

const wait = { timeout: 5_000 };
const castlefield = { slug: 'castlefield-leisure-centre', name: 'Castlefield Leisure Centre' };
const quays = { slug: 'salford-quays-aquatics', name: 'Salford Quays Aquatics' };

const centreRow = (centre: { slug: string; name: string }, booked: number, revenuePence: number) => ({
  ...centre,
  sessions: 2,
  capacity: 20,
  booked,
  attended: booked - 1,
  noShows: 1,
  revenuePence,
  joined: 1,
  cancelled: 0,
});

const answer = (centre: { slug: string; name: string }, centres = [castlefield, quays]): Dashboard => ({
  centre,
  centres,
  from: '2027-03-01',
  to: '2027-03-07',
  bookingsPerDay: [{ date: '2027-03-01', places: 4 }],
  utilisation: [{ activity: 'Aqua', sessions: 4, capacity: 40, booked: 10, attended: 8, noShows: 2 }],
  utilisationByHour: [],
  revenueByTender: [
    { tender: 'card', label: 'Card', pence: 2500 },
    { tender: 'cash', label: 'Cash', pence: 1000 },
  ],
  revenueByProduct: [],
  memberships: [],
  directDebit: {
    expected: { count: 0, pence: 0 },
    collected: { count: 0, pence: 0 },
    failed: { count: 0, pence: 0 },
  },
  waitingList: [],
  perCentre:
    centre.slug === 'all'
      ? [centreRow(castlefield, 4, 2000), centreRow(quays, 6, 1500)]
      : [centreRow(centre, 4, 2000)],
});

function renderDashboard(centres = [castlefield, quays]) {
  const stub = stubFetch({
    '/api/staff/dashboard': (url) =>
      wire(
        answer(
          url.searchParams.get('centre') === 'all' ? { slug: 'all', name: 'All my centres' } : castlefield,
          centres,
        ),
      ),
    '/api/staff/dashboard/downloads': () => wire({ recorded: true }),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  renderRoutesOnSite([{ path: 'dashboard', Component: DashboardPage }], {
    site: 'front-of-house',
    path: '/dashboard',
  });
  return stub.calls;
}

afterEach(() => vi.unstubAllGlobals());

/** Issue 37 item 2 and the cross-centre view (decision 0102) on the staff site's dashboard. */
describe('the manager’s dashboard page: all my centres, audited downloads and exports', () => {
  it(
    'offers all my centres, then shows a row per centre and exports of every centre',
    { timeout: 20_000 },
    async () => {
      const calls = renderDashboard();
      const select = await screen.findByRole('combobox', { name: 'Centre' }, wait);
      await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3), wait);
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All my centres', 'Castlefield Leisure Centre', 'Salford Quays Aquatics']);
      expect(screen.queryByRole('heading', { name: 'By centre' })).toBeNull();
      await userEvent.selectOptions(select, 'All my centres');
      await userEvent.click(screen.getByRole('button', { name: 'Show figures' }));
      const table = await screen.findByRole('table', { name: /^Each centre, All my centres, / }, wait);
      expect(
        within(table)
          .getAllByRole('row')
          .map((row) => row.textContent),
      ).toEqual([
        'CentreSessionsCapacityBookedBooked %AttendedNo-showsMoney takenMembers joinedMembers cancelled',
        'Castlefield Leisure Centre22042031£20.0010',
        'Salford Quays Aquatics22063051£15.0010',
      ]);
      expect(calls.some((call) => /^\/api\/staff\/dashboard\?.*centre=all/.test(call.url))).toBe(true);

      const orders = screen.getByRole('link', { name: /^Export orders \(CSV\) ?of All my centres, / });
      const customers = screen.getByRole('link', { name: /^Export customers \(CSV\) ?of All my centres, / });
      expect(orders.getAttribute('href')).toBe(
        '/api/staff/exports/orders.csv?from=2027-03-01&to=2027-03-07&centre=all',
      );
      expect(customers.getAttribute('href')).toBe(
        '/api/staff/exports/customers.csv?from=2027-03-01&to=2027-03-07&centre=all',
      );
      expect(orders.hasAttribute('download')).toBe(true);
    },
  );

  it(
    'tells the server when a table is downloaded, so the audit log has it',
    { timeout: 20_000 },
    async () => {
      const calls = renderDashboard();
      const table = await screen.findByRole('table', { name: /^Revenue by tender, / }, wait);
      const link = within(table.closest<HTMLElement>('.dashboard__table')!).getByRole('link', {
        name: /^Download CSV ?of Revenue by tender, /,
      });
      link.addEventListener('click', (event) => event.preventDefault()); // jsdom cannot save a file
      await userEvent.click(link);
      await waitFor(() =>
        expect(calls.some((call) => call.url === '/api/staff/dashboard/downloads')).toBe(true),
      );
      const sent = calls.find((call) => call.url === '/api/staff/dashboard/downloads')!;
      expect(sent.init?.method).toBe('POST');
      expect(JSON.parse(String(sent.init?.body))).toEqual({
        table: 'revenue-by-tender',
        rows: 2,
        from: '2027-03-01',
        to: '2027-03-07',
        centre: castlefield.slug,
      });
    },
  );

  it('offers no “All my centres” to a manager of one centre', { timeout: 20_000 }, async () => {
    renderDashboard([castlefield]);
    const select = await screen.findByRole('combobox', { name: 'Centre' }, wait);
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(1));
    expect(within(select).getByRole('option').textContent).toBe('Castlefield Leisure Centre');
  });
});
