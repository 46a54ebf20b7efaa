import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { VenueAddress } from '../../features/venues/venue-address.tsx';
import { venuesQuery } from '../../features/venues/get-venues.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';

/** "/": choose a home centre. The map finder replaces the plain list with the centre-finder issue. */
export function JoiningHomePage() {
  const venues = useQuery(venuesQuery('online-joining'));
  const navigate = useNavigate();
  return (
    <section aria-labelledby="choose-centre-heading" className="joining-section">
      <h1 id="choose-centre-heading">Choose your home centre</h1>
      <p className="lead">This will be the main centre your membership is linked to.</p>
      {venues.isPending && <Spinner label="Loading centres" />}
      {venues.isError && (
        <p className="error-line">
          {genericErrorLine(venues.error instanceof ApiError ? venues.error.status : null)}
        </p>
      )}
      {venues.data?.length === 0 && <p>No centres found</p>}
      {venues.data && venues.data.length > 0 && (
        <ul className="card-grid">
          {venues.data.map((venue) => (
            <li key={venue.id} className="card">
              <h2 className="card__title">{venue.name}</h2>
              <p className="card__meta">{venue.placeType}</p>
              <VenueAddress venue={venue} />
              <Button
                variant="primary"
                size="md"
                aria-label={`Select ${venue.name} and continue`}
                onClick={() => navigate(`/centre/${venue.slug}`)}
              >
                Select and continue
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
