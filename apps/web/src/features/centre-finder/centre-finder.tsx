import type { Venue } from '@lido/contracts/venue';
import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/form-fields.tsx';
import { useClientSettings } from '../../app/client-settings/get-client-settings.ts';
import { VenueAddress } from '../venues/index.ts';
import { geolocationTimeoutMs, messages, radiusMiles } from './finder-constants.ts';
import { updateFinder, useFinderState } from './finder-store.ts';
import { formatMiles, noneWithin, type VenueWithDistance, venuesWithin } from './geo.ts';
import { geocodePlace } from './geocode-place.ts';
import { centreFinderWords } from './words.ts';

// The map and its data are a separate chunk, fetched after the list has rendered.
const FinderMap = lazy(() => import('./finder-map.tsx'));

function normalise(value: string): string {
  return value
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function VenueCard({
  venue,
  onSelect,
}: {
  venue: Venue | VenueWithDistance;
  onSelect: (venue: Venue) => void;
}) {
  return (
    <li className="card">
      <h3 className="card__title">{venue.name}</h3>
      <p className="card__meta">
        {venue.placeType}
        {'distance' in venue && (
          <> · {centreFinderWords('away', { distance: formatMiles(venue.distance) })}</>
        )}
      </p>
      <VenueAddress venue={venue} />
      {/* A centre whose venue settings turn the selection button off is listed, not chosen here. */}
      {venue.displayVenueSelectionButton && (
        <Button variant="primary" size="md" onClick={() => onSelect(venue)}>
          {centreFinderWords('selectAndContinue')}
          <span className="visually-hidden"> {centreFinderWords('withCentre', { centre: venue.name })}</span>
        </Button>
      )}
    </li>
  );
}

/** The map's code (about 275 KB compressed) is fetched only once its place scrolls into view. */
function LazyMap({ venues, onSelect }: { venues: Venue[]; onSelect: (venue: Venue) => void }) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = placeholder.current;
    if (visible || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);
  const loading = <div className="finder-map finder-map--loading">{centreFinderWords('loadingMap')}</div>;
  return (
    <div className="finder__map" ref={placeholder}>
      {visible ? (
        <Suspense fallback={loading}>
          <FinderMap venues={venues} onSelect={onSelect} />
        </Suspense>
      ) : (
        loading
      )}
    </div>
  );
}

/**
 * "Choose your home centre": search by centre name, town or city (or the browser's location), a
 * radius, and the centres nearest first with their distances. The map shows the same centres; every
 * map action has a list or keyboard equivalent here (WCAG 2.5.7).
 */
export function CentreFinder({ venues, onSelect }: { venues: Venue[]; onSelect: (venue: Venue) => void }) {
  const settings = useClientSettings();
  const finder = useFinderState();
  const [term, setTerm] = useState(finder.searchTerm);
  const [termError, setTermError] = useState<string | undefined>();
  const termInput = useRef<HTMLInputElement>(null);
  const radiusId = useId();
  const allCentresId = useId();
  const nearestId = useId();

  const search = async (event: FormEvent) => {
    event.preventDefault();
    const text = term.trim();
    if (!text) {
      setTermError(centreFinderWords('enterPlace'));
      // Focus goes to the field, which announces its error with it (WCAG 3.3.1; one field, no summary).
      // Already there (Enter pressed in it), it is left and entered again so it is announced anew.
      termInput.current?.blur();
      termInput.current?.focus();
      return;
    }
    setTermError(undefined);
    updateFinder({ searchTerm: text, searchMessage: messages.searchingFor(text) });
    // Centre names first; only a term that names no centre is looked up as a place.
    const byName = venues.find((venue) => normalise(venue.name).includes(normalise(text)));
    const point = byName
      ? { latitude: byName.lat, longitude: byName.lng }
      : await geocodePlace(text, settings).catch(() => null);
    if (!point) {
      updateFinder({
        searchMessage: messages.cannotFind,
        searchedCoordinates: null,
        flyToLocation: null,
        noVenuesFound: false,
      });
      return;
    }
    const found = venuesWithin(venues, point, finder.radius);
    updateFinder({
      searchedCoordinates: point,
      flyToLocation: point,
      searchMessage: null,
      noVenuesFound: found.length === 0,
    });
  };

  const useMyLocation = () => {
    if (!('geolocation' in navigator)) {
      updateFinder({ searchMessage: messages.locationFailed });
      return;
    }
    updateFinder({ searchMessage: messages.searching });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const point = { latitude: position.coords.latitude, longitude: position.coords.longitude };
        setTerm('');
        updateFinder({
          usersLocation: point,
          searchedCoordinates: point,
          flyToLocation: point,
          searchTerm: centreFinderWords('yourLocation'),
          searchMessage: null,
          noVenuesFound: venuesWithin(venues, point, finder.radius).length === 0,
        });
      },
      (error) =>
        updateFinder({ searchMessage: error.code === 1 ? messages.locationDenied : messages.locationFailed }),
      { enableHighAccuracy: true, timeout: geolocationTimeoutMs },
    );
  };

  const results = finder.searchedCoordinates
    ? venuesWithin(venues, finder.searchedCoordinates, finder.radius)
    : null;
  // Nothing within the radius is never the end: a wider radius that finds centres, and the nearest.
  const offer =
    results?.length === 0 && finder.searchedCoordinates && !finder.searchMessage
      ? noneWithin(venues, finder.searchedCoordinates, finder.radius, radiusMiles.max)
      : null;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const widen = (radius: number) => {
    // The button goes with the empty result: focus moves first to the heading, which then counts
    // the centres found (and says so, as a live region), so it never falls to the page.
    headingRef.current?.focus();
    updateFinder({ radius, noVenuesFound: false });
  };
  const heading = finder.searchMessage
    ? finder.searchMessage
    : results
      ? results.length === 0
        ? messages.noVenuesFound
        : centreFinderWords('centresWithin', {
            count: results.length,
            radius: formatMiles(finder.radius),
            place: finder.searchTerm,
          })
      : messages.prompt;

  if (venues.length === 0) return <p>{messages.noCentres}</p>;
  return (
    <div className={settings.onlineJoiningMapEnabled ? 'finder finder--with-map' : 'finder'}>
      <div className="finder__panel">
        <form className="finder__search" role="search" noValidate onSubmit={search}>
          <TextField
            ref={termInput}
            label={centreFinderWords('searchLabel')}
            name="search"
            value={term}
            error={termError}
            autoComplete="address-level2"
            onChange={(event) => setTerm(event.target.value)}
          />
          <div className="form__actions">
            <Button type="submit" variant="primary" size="lg">
              {centreFinderWords('search')}
            </Button>
            <Button variant="secondary" size="lg" onClick={useMyLocation}>
              {centreFinderWords('useMyLocation')}
            </Button>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={radiusId}>
              {centreFinderWords('searchRadius')}
            </label>
            <div className="range">
              <input
                id={radiusId}
                type="range"
                min={radiusMiles.min}
                max={radiusMiles.max}
                step={radiusMiles.step}
                value={finder.radius}
                aria-valuetext={formatMiles(finder.radius)}
                onChange={(event) => updateFinder({ radius: Number(event.target.value) })}
              />
              <output htmlFor={radiusId}>{formatMiles(finder.radius)}</output>
            </div>
          </div>
        </form>
        <div role="status" aria-live="polite">
          <h2 className="finder__heading" ref={headingRef} tabIndex={-1}>
            {heading}
          </h2>
        </div>
        {offer && (
          <div className="finder__none">
            <p>
              {centreFinderWords('noneWithin', {
                radius: formatMiles(finder.radius),
                place: finder.searchTerm,
                withNearest: offer.nearest.length > 0 ? 'yes' : 'no',
              })}
            </p>
            {offer.widerRadius !== null && (
              <Button variant="secondary" size="md" onClick={() => widen(offer.widerRadius!)}>
                {centreFinderWords('searchWithin', { radius: formatMiles(offer.widerRadius) })}
              </Button>
            )}
            {offer.nearest.length > 0 && (
              <h3 className="finder__nearest" id={nearestId}>
                {centreFinderWords('nearestTo', { place: finder.searchTerm })}
              </h3>
            )}
          </div>
        )}
        {results === null && (
          // Without a search's results the list is every centre: say so, after "Cannot find location".
          <p className="finder__all" id={allCentresId}>
            {centreFinderWords('allCentres', { count: venues.length })}
          </p>
        )}
        <ul
          className="card-grid card-grid--single"
          aria-labelledby={results === null ? allCentresId : offer ? nearestId : undefined}
        >
          {(offer ? offer.nearest : (results ?? venues)).map((venue) => (
            <VenueCard key={venue.id} venue={venue} onSelect={onSelect} />
          ))}
        </ul>
      </div>
      {settings.onlineJoiningMapEnabled && <LazyMap venues={venues} onSelect={onSelect} />}
    </div>
  );
}
