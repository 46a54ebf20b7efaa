import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import { VenueAddress } from '../../features/venues/venue-address.tsx';
import { venueQuery } from '../../features/venues/get-venues.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { resetFinder } from '../../features/centre-finder/finder-store.ts';
import { getSiteMode, setSiteMode } from '../../features/site-mode/site-mode.ts';

/** /centre/{slug}: the chosen home centre. An unknown slug goes back to / (joining spec, guards). */
export function CentrePage() {
  const { centreSlug = '' } = useParams();
  const navigate = useNavigate();
  const venue = useQuery(venueQuery('online-joining', centreSlug));
  if (venue.isPending) return <Spinner label="Loading centre" />;
  if (venue.isError) {
    const status = venue.error instanceof ApiError ? venue.error.status : null;
    if (status === 404 || status === 422) return <Navigate to="/" replace />;
    return <p className="error-line">{genericErrorLine(status)}</p>;
  }
  return (
    <section aria-labelledby="centre-heading" className="joining-section">
      <h1 id="centre-heading">Choose your home centre</h1>
      <p className="lead">This will be the main centre your membership is linked to.</p>
      <div className="card card--selected">
        <h2 className="card__title">{venue.data.name}</h2>
        <p className="card__meta">{venue.data.placeType}</p>
        <VenueAddress venue={venue.data} />
        <Button
          variant="secondary"
          size="md"
          onClick={() => {
            // "Change location" clears the map state and the home centre, then goes to /.
            resetFinder();
            setSiteMode({ ...getSiteMode(), centre: null });
            navigate('/');
          }}
        >
          Change location
        </Button>
      </div>
    </section>
  );
}
