import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '../../router/index.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { NotFoundPage } from '../../app/errors/not-found-page.tsx';
import { Timetable } from '../activities/index.ts';
import { VenueAddress, venueQuery, venuesQuery } from '../venues/index.ts';

/**
 * The desk's way into joining and booking: the centres as a plain list (staff know them; the
 * customer sites' map finder is for customers), each opening the shared joining page or timetable.
 */
function CentreList({
  source,
  title,
  lead,
  pathFor,
}: {
  source: 'online-joining' | 'activities';
  title: string;
  lead: string;
  pathFor: (slug: string) => string;
}) {
  const venues = useQuery(venuesQuery(source));
  return (
    <>
      <h1>{title}</h1>
      <p className="lead">{lead}</p>
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
                <Link to={pathFor(venue.slug)}>{venue.name}</Link>
              </h2>
              <VenueAddress venue={venue} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** /join: the centre whose memberships the selected customer joins or changes to. */
export function StaffJoinCentresPage() {
  return (
    <CentreList
      source="online-joining"
      title="Join or change a membership"
      lead="Choose the customer's home centre."
      pathFor={(slug) => `/centre/${slug}`}
    />
  );
}

/** /book: the centre whose timetable to book from. */
export function StaffBookCentresPage() {
  return (
    <CentreList
      source="activities"
      title="Book an activity"
      lead="Choose a centre to see its timetable."
      pathFor={(slug) => `/location/${slug}`}
    />
  );
}

/** /location/{slug}: a centre's timetable, the one the bookings site shows, for the selected customer. */
export function StaffTimetablePage() {
  const { locationSlug = '' } = useParams();
  const venue = useQuery(venueQuery('activities', locationSlug));
  if (venue.isPending) return <Spinner label="Loading centre" />;
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
      <h1>{venue.data.name} timetable</h1>
      <VenueAddress venue={venue.data} />
      <Timetable slug={venue.data.slug} />
    </article>
  );
}
