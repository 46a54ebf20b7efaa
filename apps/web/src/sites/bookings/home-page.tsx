import type { Venue } from '@lido/contracts/venue';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../router/index.ts';
import { useSession } from '../../app/session/use-session.ts';
import { useSiteMode } from '../../app/site-mode/site-mode.ts';
import { VenueAddress, venuesQuery } from '../../features/venues/index.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { bookingsWords } from './words.ts';

/**
 * The centre to list first: the `centre` query's (remembered for the tab, as a kiosk's is), else
 * the logged-in customer's home centre.
 */
export function orderCentres(venues: Venue[], first: string | null | undefined): Venue[] {
  if (!first) return venues;
  const chosen = venues.find((venue) => venue.slug === first);
  return chosen ? [chosen, ...venues.filter((venue) => venue !== chosen)] : venues;
}

export function BookingsHomePage() {
  const venues = useQuery(venuesQuery('activities'));
  const { centre } = useSiteMode();
  const { user } = useSession();
  const first = centre ?? user?.homeVenueSlug;
  return (
    <>
      <h1>{bookingsWords('title')}</h1>
      <p className="lead">{bookingsWords('lead')}</p>
      {venues.isPending && <Spinner label={bookingsWords('loadingCentres')} />}
      {venues.isError && (
        <p className="error-line">
          {genericErrorLine(venues.error instanceof ApiError ? venues.error.status : null)}
        </p>
      )}
      {venues.data && (
        <ul className="card-grid">
          {orderCentres(venues.data, first).map((venue) => (
            <li key={venue.id} className={venue.slug === first ? 'card card--selected' : 'card'}>
              <h2 className="card__title">
                <Link to={`/location/${venue.slug}`}>
                  {venue.name}
                  <span className="visually-hidden"> {bookingsWords('timetable')}</span>
                </Link>
              </h2>
              {venue.slug === first && (
                <p className="card__meta">
                  {centre ? bookingsWords('selectedCentre') : bookingsWords('homeCentre')}
                </p>
              )}
              <p className="card__meta">{venue.placeType}</p>
              <VenueAddress venue={venue} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
