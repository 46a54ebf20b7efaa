import type { Venue } from '@lido/contracts/venue';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CentreFinder } from '../src/features/centre-finder/centre-finder.tsx';
import { resetFinder } from '../src/features/centre-finder/finder-store.ts';
import {
  distanceInMiles,
  formatMiles,
  metresPerMile,
  venuesWithin,
} from '../src/features/centre-finder/geo.ts';
import { hasUsableCoordinates } from '../src/features/venues/get-venues.ts';
import { renderOnSite, stubFetch, testSettings } from './support/render.tsx';

const venue = (id: number, name: string, lat: number, lng: number): Venue => ({
  id,
  slug: name.toLowerCase().replace(/\W+/g, '-'),
  name,
  address1: '1 High Street',
  address2: null,
  town: 'Town',
  postcode: 'AB1 2CD',
  lat,
  lng,
  placeType: 'Gym',
  canDisplayIneligibleMemberships: false,
  displayVenueSelectionButton: true,
  activitiesV2Enabled: true,
});

const manchester = { latitude: 53.4808, longitude: -2.2426 };
const venues = [
  venue(1, 'Castlefield', 53.4751, -2.2568),
  venue(2, 'Salford Quays', 53.4713, -2.2954),
  venue(3, 'Headingley', 53.8178, -1.5828),
];

afterEach(() => resetFinder());

describe('distances', () => {
  it('measures great-circle miles', () => {
    expect(metresPerMile).toBe(1609.344);
    expect(distanceInMiles(manchester, manchester)).toBe(0);
    // Manchester to Leeds is about 36 miles as the crow flies.
    expect(distanceInMiles(manchester, { latitude: 53.7997, longitude: -1.5492 })).toBeCloseTo(36, 0);
  });

  it('keeps the centres inside the radius, nearest first', () => {
    expect(venuesWithin(venues, manchester, 5).map((v) => v.name)).toEqual(['Castlefield', 'Salford Quays']);
    expect(venuesWithin(venues, manchester, 1).map((v) => v.name)).toEqual(['Castlefield']);
    expect(venuesWithin(venues, manchester, 40).map((v) => v.name)).toEqual([
      'Castlefield',
      'Salford Quays',
      'Headingley',
    ]);
  });

  it('writes distances in miles', () => {
    expect(formatMiles(0.94)).toBe('0.9 miles');
    expect(formatMiles(1.04)).toBe('1 mile');
    expect(formatMiles(12.26)).toBe('12.3 miles');
  });

  it('ignores venues whose coordinates cannot be placed', () => {
    expect(hasUsableCoordinates({ lat: 53.4, lng: -2.2 })).toBe(true);
    expect(hasUsableCoordinates({ lat: 91, lng: 0 })).toBe(false);
    expect(hasUsableCoordinates({ lat: Number.NaN, lng: 0 })).toBe(false);
    expect(hasUsableCoordinates({ lat: '53' as unknown as number, lng: 0 })).toBe(false);
  });
});

describe('the finder without a map', () => {
  const noMap = { ...testSettings, onlineJoiningMapEnabled: false };

  it('is a list with the prompt, then the centres near the searched place', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        '/api/geocoding/Manchester.json': {
          body: { features: [{ geometry: { coordinates: [manchester.longitude, manchester.latitude] } }] },
        },
      }).fetchStub,
    );
    const onSelect = vi.fn();
    renderOnSite(<CentreFinder venues={venues} onSelect={onSelect} />, {
      site: 'online-joining',
      settings: noMap,
    });
    expect(screen.queryByRole('region', { name: 'Map of centres' })).toBeNull();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      'Search or click on a map pin to view centre details',
    );
    expect(screen.getAllByRole('button', { name: /^Select and continue ?with / })).toHaveLength(3);

    await userEvent.type(screen.getByLabelText('Search for a town, postcode or centre'), 'Manchester');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByText('2 centres within 5 miles of Manchester')).tagName).toBe('H2');
    // jsdom drops the space before visually hidden text; Chromium keeps it (see the end-to-end test).
    await userEvent.click(screen.getByRole('button', { name: /^Select and continue ?with Castlefield$/ }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  });

  it('never ends at "No venues found": offers the radius that finds centres and lists the nearest (issue 34 item 7)', async () => {
    const stockport = { latitude: 53.4106, longitude: -2.1575 };
    const plymouth = { latitude: 50.3755, longitude: -4.1427 };
    vi.stubGlobal(
      'fetch',
      stubFetch({
        '/api/geocoding/Stockport.json': {
          body: { features: [{ geometry: { coordinates: [stockport.longitude, stockport.latitude] } }] },
        },
        '/api/geocoding/Plymouth.json': {
          body: { features: [{ geometry: { coordinates: [plymouth.longitude, plymouth.latitude] } }] },
        },
      }).fetchStub,
    );
    renderOnSite(<CentreFinder venues={venues} onSelect={vi.fn()} />, {
      site: 'online-joining',
      settings: noMap,
    });
    const field = screen.getByLabelText('Search for a town, postcode or centre');
    await userEvent.type(field, 'Stockport');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('No venues found');
    expect(document.body.textContent).toContain(
      'No centres are within 5 miles of Stockport. The nearest are listed below.',
    );
    const nearest = screen.getByRole('list', { name: 'Nearest centres to Stockport' });
    expect([...nearest.querySelectorAll('h3')].map((title) => title.textContent)).toEqual([
      'Castlefield',
      'Salford Quays',
      'Headingley',
    ]);
    expect(nearest.textContent).toContain('Gym · 6 miles away');

    // The smallest radius on the slider that finds a centre, one press away; focus to the new count.
    await userEvent.click(screen.getByRole('button', { name: 'Search within 7 miles' }));
    const heading = await screen.findByRole('heading', { name: '1 centre within 7 miles of Stockport' });
    await vi.waitFor(() => expect(document.activeElement).toBe(heading));
    expect((screen.getByLabelText('Search radius') as HTMLInputElement).value).toBe('7');

    // Far from every centre: no wider search on the slider finds one, the nearest are still there.
    await userEvent.clear(field);
    await userEvent.type(field, 'Plymouth');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('heading', { level: 2, name: 'No venues found' });
    expect(screen.queryByRole('button', { name: /^Search within/ })).toBeNull();
    expect(screen.getByRole('list', { name: 'Nearest centres to Plymouth' }).children).toHaveLength(3);
  });

  it('offers no "Select and continue" for a centre whose displayVenueSelectionButton is off', () => {
    const listedOnly = { ...venue(4, 'Headingley', 53.8178, -1.5828), displayVenueSelectionButton: false };
    renderOnSite(<CentreFinder venues={[venues[0]!, listedOnly]} onSelect={() => undefined} />, {
      site: 'online-joining',
      settings: noMap,
    });
    expect(screen.getByRole('heading', { level: 3, name: 'Headingley' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Select and continue/ }).map((b) => b.textContent)).toEqual(
      ['Select and continue with Castlefield'],
    );
  });

  it('focuses the search field with its error when nothing was typed (issue 21 item 7)', async () => {
    renderOnSite(<CentreFinder venues={venues} onSelect={() => undefined} />, {
      site: 'online-joining',
      settings: noMap,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const field = screen.getByLabelText('Search for a town, postcode or centre');
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(field.getAttribute('aria-describedby')!)!;
    expect(described.textContent).toContain('Enter a town, city or centre name.');
  });

  it('says the list after "Cannot find location" is every centre (issue 21 item 8)', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ '/api/geocoding/Nowhere.json': { body: { features: [] } } }).fetchStub,
    );
    renderOnSite(<CentreFinder venues={venues} onSelect={() => undefined} />, {
      site: 'online-joining',
      settings: noMap,
    });
    await userEvent.type(screen.getByLabelText('Search for a town, postcode or centre'), 'Nowhere');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('heading', { level: 2, name: 'Cannot find location, please try again.' });
    expect(screen.getByRole('list', { name: 'All 3 centres' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Select and continue/ })).toHaveLength(3);
  });

  it('says when there are no centres at all', () => {
    renderOnSite(<CentreFinder venues={[]} onSelect={() => undefined} />, {
      site: 'online-joining',
      settings: noMap,
    });
    expect(screen.getByText('No centres found')).toBeTruthy();
  });
});
