import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '@lido/contracts/account';
import { DashboardPage } from '../src/sites/my-account/dashboard-page.tsx';
import { loggedIn, priya, upcomingBooking } from './support/booking-fixtures.ts';
import { renderOnSite, stubFetch } from './support/render.tsx';

function serve(upcoming: Booking[]) {
  const { fetchStub } = stubFetch({
    '/api/auth/user': { body: { data: priya } },
    '/api/my-account/bookings': { body: { data: { upcoming, past: [] } } },
    '/api/my-account/memberships': { body: { data: [] } },
    '/api/my-account/direct-debit': { body: { data: { instruction: null, collections: [], notices: [] } } },
    '/api/my-account/outstanding-balance': {
      body: { data: { total: { raw: { amount: 0 } }, collections: [], blocksBooking: false } },
    },
  });
  vi.stubGlobal('fetch', fetchStub);
  renderOnSite(<DashboardPage />, { site: 'my-account' });
}

const card = async () =>
  (await screen.findByRole('heading', { name: 'Upcoming bookings' })).closest('.card') as HTMLElement;

/** Issue 34 item 7: the dashboard shows what is coming up, not nothing. */
describe('the My account dashboard', () => {
  beforeEach(() => loggedIn());
  afterEach(() => vi.unstubAllGlobals());

  it('lists the next three bookings, soonest first, and links to all of them', async () => {
    serve(
      ['Spin', 'Yoga', 'Aqua fit', 'Pilates'].map((activityName, index) =>
        upcomingBooking({
          id: index + 1,
          activityName,
          startsAt: `2026-11-${24 + index}T18:00:00.000Z`,
          endsAt: `2026-11-${24 + index}T18:45:00.000Z`,
          when: `${['Tue', 'Wed', 'Thu', 'Fri'][index]} ${24 + index} Nov 2026, 18:00 to 18:45`,
        }),
      ),
    );
    const bookings = await card();
    const items = await within(bookings).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Spin, Tue 24 Nov 2026, 18:00 to 18:45, Studio 1, Castlefield Leisure Centre',
      'Yoga, Wed 25 Nov 2026, 18:00 to 18:45, Studio 1, Castlefield Leisure Centre',
      'Aqua fit, Thu 26 Nov 2026, 18:00 to 18:45, Studio 1, Castlefield Leisure Centre',
    ]);
    expect(
      within(bookings).getByRole('link', { name: 'See all 4 upcoming bookings' }).getAttribute('href'),
    ).toBe('/bookings/upcoming');
  });

  it('with none coming up, says so and offers to book', async () => {
    serve([]);
    const bookings = await card();
    expect(await within(bookings).findByText('You have no upcoming bookings.')).toBeTruthy();
    expect(within(bookings).getByRole('link', { name: 'Book an activity' }).getAttribute('href')).toBe(
      'http://b.test/',
    );
  });
});
