import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSiteMode } from '../src/app/site-mode/site-mode.ts';
import { BookingsHomePage } from '../src/sites/bookings/home-page.tsx';
import { wire } from './support/activity-fixtures.ts';
import { renderOnSite, stubFetch } from './support/render.tsx';

const venue = (id: number, slug: string, name: string) => ({
  id,
  slug,
  name,
  address1: '1 High Street',
  address2: null,
  town: 'Manchester',
  postcode: 'M1 1AA',
  lat: 53.48,
  lng: -2.24,
  placeType: 'Leisure centre',
  canDisplayIneligibleMemberships: false,
  displayVenueSelectionButton: true,
  activitiesV2Enabled: true,
});

afterEach(() => setSiteMode({ embedded: false, kiosk: false, centre: null }));

describe('the bookings home', () => {
  it('lists the centre chosen by the centre query first, each linking to its timetable', async () => {
    setSiteMode({ embedded: false, kiosk: false, centre: 'hulme' });
    vi.stubGlobal(
      'fetch',
      stubFetch({
        '/api/activities/venues': wire([venue(1, 'castlefield', 'Castlefield'), venue(2, 'hulme', 'Hulme')]),
      }).fetchStub,
    );
    renderOnSite(<BookingsHomePage />);
    const list = await screen.findByRole('list');
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first!.textContent).toContain('Selected centre');
    expect(
      within(first!)
        .getByRole('link', { name: /^Hulme ?timetable$/ })
        .getAttribute('href'),
    ).toBe('/location/hulme');
    expect(within(second!).getByRole('link').getAttribute('href')).toBe('/location/castlefield');
  });
});
