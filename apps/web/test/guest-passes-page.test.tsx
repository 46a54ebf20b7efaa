import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GuestPassesPage } from '../src/features/account/guest-passes-page.tsx';
import { renderOnSite, stubFetch } from './support/render.tsx';

const allowance = {
  membership_id: 1,
  membership_name: 'Gym Anytime',
  total_uses: 2,
  frequency: 'month',
  allowance_text: '2 guest passes a month',
  period_start: '2026-11-01',
  period_end: '2026-11-30',
  period_name: 'November 2026',
  used: 1,
  left: 1,
};

describe('the guest passes page (decision 0050)', () => {
  it('shows the passes left this period and each guest brought', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        '/api/my-account/guest-passes': {
          body: {
            data: {
              allowances: [allowance],
              uses: [
                {
                  id: 5,
                  status: 'used',
                  guest_name: 'Jo Bloggs',
                  session_id: 9,
                  activity_name: 'Spin',
                  venue_name: 'Castlefield Leisure Centre',
                  starts_at: '2026-11-24T18:00:00.000Z',
                  when: 'Tue 24 Nov 2026, 18:00 to 18:45',
                  booking_id: 12,
                },
              ],
            },
          },
        },
      }).fetchStub,
    );
    renderOnSite(<GuestPassesPage />, { site: 'my-account' });
    expect(await screen.findByText('1 of 2 guest passes left for November 2026')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Guests you have brought' });
    const row = within(table).getByRole('row', { name: /Jo Bloggs/ });
    expect(within(row).getByText('Tue 24 Nov 2026, 18:00 to 18:45')).toBeTruthy();
    expect(within(row).getByText('Spin, Castlefield Leisure Centre')).toBeTruthy();
    expect(within(row).getByText('Booked')).toBeTruthy();
  });

  it('has a designed empty state', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ '/api/my-account/guest-passes': { body: { data: { allowances: [], uses: [] } } } })
        .fetchStub,
    );
    renderOnSite(<GuestPassesPage />, { site: 'my-account' });
    expect(await screen.findByRole('heading', { name: "You don't have any guest passes" })).toBeTruthy();
    expect(screen.getByText("You haven't brought any guests yet.")).toBeTruthy();
  });
});
