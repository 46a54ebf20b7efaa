import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { VenueAddress, venuesQuery } from '../../features/venues/index.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { Spinner } from '../../ui/spinner.tsx';

export function BookingsHomePage() {
  const venues = useQuery(venuesQuery('activities'));
  return (
    <>
      <h1>Book an activity</h1>
      <p className="lead">Choose a centre to see what you can book there.</p>
      {venues.isPending && <Spinner label="Loading centres" />}
      {venues.isError && (
        <p className="error-line">
          {genericErrorLine(venues.error instanceof ApiError ? venues.error.status : null)}
        </p>
      )}
      {venues.data && (
        <ul className="card-grid">
          {venues.data.map((venue) => (
            <li key={venue.id} className="card">
              <h2 className="card__title">
                <Link to={`/location/${venue.slug}`}>{venue.name}</Link>
              </h2>
              <p className="card__meta">{venue.placeType}</p>
              <VenueAddress venue={venue} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
