import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PackagesPage } from '../src/features/account/account-lists.tsx';
import { BookingLineItem } from '../src/features/cart/booking-line.tsx';
import { bookingLine } from './support/activity-fixtures.ts';
import { renderOnSite, stubFetch } from './support/render.tsx';

/** Issue 18 item 2 (decision 0049): a package's history, and a basket line it pays for. */
describe('My account → Packages', () => {
  it('shows uses left, expiry, what it pays for and which bookings used it', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        '/api/my-account/packages': {
          body: {
            data: [
              {
                id: 3,
                name: '10-swim card',
                venue_name: 'Castlefield Leisure Centre',
                total_uses: 10,
                remaining_uses: 8,
                expires_on: '2027-02-22',
                pretty_expires_on: '22 Feb 2027',
                expired: false,
                covers: 'Swimming',
                history: [
                  {
                    id: 1,
                    activity_name: 'Public swim',
                    starts_at: '2026-11-24T10:00:00.000Z',
                    when: 'Tue 24 Nov 2026, 10:00 to 11:00',
                    uses: 1,
                    status: 'spent',
                    status_text: 'Used for this booking',
                  },
                  {
                    id: 2,
                    activity_name: 'Lane swim',
                    starts_at: '2026-11-25T07:00:00.000Z',
                    when: 'Wed 25 Nov 2026, 07:00 to 08:00',
                    uses: 1,
                    status: 'returned',
                    status_text: 'Booking cancelled: the use was given back',
                  },
                ],
              },
            ],
          },
        },
      }).fetchStub,
    );
    renderOnSite(<PackagesPage />, { site: 'my-account' });
    const card = (await screen.findByRole('heading', { name: '10-swim card' })).closest('li')!;
    expect(within(card).getByText('8 of 10')).toBeTruthy();
    expect(within(card).getByText('22 Feb 2027')).toBeTruthy();
    expect(within(card).getByText('Swimming')).toBeTruthy();
    const history = within(card).getByRole('region', { name: 'History' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Public swim, Tue 24 Nov 2026, 10:00 to 11:00: Used for this booking',
      'Lane swim, Wed 25 Nov 2026, 07:00 to 08:00: Booking cancelled: the use was given back',
    ]);
  });
});

describe('a basket line paid with a package', () => {
  it('names the package and its uses left, and offers to pay instead', () => {
    const onRemovePackage = vi.fn();
    renderOnSite(
      <ul>
        <BookingLineItem
          line={{
            ...(bookingLine({
              options: { quantity: 1 },
              packageUsage: { customerPackageId: 3, name: '10-swim card', usesLeft: 9 },
            }) as Parameters<typeof BookingLineItem>[0]['line']),
          }}
          expired={false}
          timeZone="Europe/London"
          busy={false}
          onQuantity={() => {}}
          onRemove={() => {}}
          onRemoveBenefit={vi.fn()}
          onRemovePackage={onRemovePackage}
        />
      </ul>,
      { site: 'bookings' },
    );
    expect(screen.getByText('Paid with your 10-swim card: 9 uses left after this booking.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Pay instead of using the package/ }));
    expect(onRemovePackage).toHaveBeenCalledOnce();
  });
});
