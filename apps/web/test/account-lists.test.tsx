import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GuestPassesPage } from '../src/features/account/account-lists.tsx';
import { renderOnSite, stubFetch } from './support/render.tsx';

describe('the guest passes page', () => {
  it('lists passes with their status and date', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        '/api/my-account/guest-passes': {
          body: {
            data: [
              {
                id: 1,
                venue_name: 'Castlefield Leisure Centre',
                pretty_valid_to: '31 Dec 2026',
                status: 'available',
              },
            ],
          },
        },
      }).fetchStub,
    );
    renderOnSite(<GuestPassesPage />, { site: 'my-account' });
    expect(await screen.findByText('Available')).toBeTruthy();
    expect(screen.getByText('Castlefield Leisure Centre')).toBeTruthy();
    expect(screen.getByText('31 Dec 2026')).toBeTruthy();
  });

  it('has a designed empty state', async () => {
    vi.stubGlobal('fetch', stubFetch({ '/api/my-account/guest-passes': { body: { data: [] } } }).fetchStub);
    renderOnSite(<GuestPassesPage />, { site: 'my-account' });
    expect(await screen.findByRole('heading', { name: "You don't have any guest passes" })).toBeTruthy();
  });
});
