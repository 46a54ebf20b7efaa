import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MembershipsPage } from '../src/features/account/memberships-page.tsx';
import { renderOnSite, stubFetch } from './support/render.tsx';

const money = (amount: number, formatted: string) => ({
  raw: { amount, currency: 'GBP' },
  decimal: (amount / 100).toFixed(2),
  formatted,
});

/** Priya's Gym Anytime as GET /api/my-account/memberships answers it, with or without a change. */
function gymAnytime(priceChange: object | null) {
  return {
    id: 7,
    name: 'Gym Anytime',
    slug: 'gym-anytime',
    categories: ['Gym'],
    status: 'active',
    status_label: 'Active',
    start_date: '2026-03-01',
    pretty_start_date: '1 Mar 2026',
    end_date: null,
    pretty_end_date: null,
    billing_day: 15,
    payment_type: 'recurring',
    fixed_duration: null,
    fixed_period: null,
    price: money(3000, '£30.00'),
    home_venue: { name: 'Castlefield Leisure Centre', slug: 'castlefield-leisure-centre' },
    payment_problem: null,
    freeze: null,
    can_freeze: true,
    price_change: priceChange,
    cancel_kind: null,
  };
}

describe('a price change on the membership card (issue 22 item 5)', () => {
  it('tells the member their new price and its first date once they were told of it', async () => {
    const change = {
      price: money(3300, '£33.00'),
      first_date: '2027-01-15',
      pretty_first_date: '15 Jan 2027',
    };
    vi.stubGlobal(
      'fetch',
      stubFetch({ '/api/my-account/memberships': { body: { data: [gymAnytime(change)] } } }).fetchStub,
    );
    renderOnSite(<MembershipsPage />, { site: 'my-account' });
    expect(await screen.findByText('Your price changes to £33.00 from 15 Jan 2027')).toBeTruthy();
  });

  it('says nothing of a price change when there is none', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ '/api/my-account/memberships': { body: { data: [gymAnytime(null)] } } }).fetchStub,
    );
    renderOnSite(<MembershipsPage />, { site: 'my-account' });
    expect(await screen.findByRole('heading', { name: 'Gym Anytime' })).toBeTruthy();
    expect(screen.queryByText(/Your price changes/)).toBeNull();
  });
});
