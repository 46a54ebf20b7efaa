import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '../../router/index.ts';
import { useClientSettings } from '../../app/client-settings/get-client-settings.ts';
import { NotFoundPage } from '../../app/errors/not-found-page.tsx';
import { SiteLink } from '../../app/site-mode/site-link.tsx';
import { usePageTitle } from '../../app/page-title.ts';
import { Timetable } from '../../features/activities/index.ts';
import { VenueAddress, venueQuery } from '../../features/venues/index.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { bookingsWords } from './words.ts';

/** /location/{slug}: a centre's page on the bookings site, in the centre's own theme, with its timetable. */
export function LocationPage() {
  const { locationSlug = '' } = useParams();
  const settings = useClientSettings();
  const venue = useQuery(venueQuery('activities', locationSlug));
  // Named for its centre, not "Centre" for every one (issue 21 item 8).
  usePageTitle(venue.data ? bookingsWords('pageTitle', { centre: venue.data.name }) : null);
  if (venue.isPending) return <Spinner label={bookingsWords('loadingCentre')} />;
  if (venue.isError) {
    const status = venue.error instanceof ApiError ? venue.error.status : null;
    return status === 404 || status === 422 ? (
      <NotFoundPage />
    ) : (
      <p className="error-line">{genericErrorLine(status)}</p>
    );
  }
  return (
    <article className="venue-page">
      <header className="venue-page__header">
        <h1>{venue.data.name}</h1>
        <p className="card__meta">{venue.data.placeType}</p>
        <VenueAddress venue={venue.data} />
        {settings.onlineJoiningEnabled && (
          <p>
            <SiteLink
              site="online-joining"
              to={`/centre/${venue.data.slug}`}
              className="button button--secondary button--md venue-page__membership"
            >
              {bookingsWords('buyMembershipAt', { centre: venue.data.name })}
            </SiteLink>
          </p>
        )}
        <p>
          <Link to={`/location/${venue.data.slug}/packages`}>
            {bookingsWords('packagesAt', { centre: venue.data.name })}
          </Link>
        </p>
      </header>
      <Timetable slug={venue.data.slug} />
    </article>
  );
}
