import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '../../router/index.ts';
import { NotFoundPage } from '../../app/errors/not-found-page.tsx';
import { usePageTitle } from '../../app/page-title.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { buttonClass } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { venueQuery } from '../venues/index.ts';
import { PackageOffers } from './package-offers.tsx';
import { packagesForSaleQuery } from './packages-api.ts';
import { packagesWords } from './words.ts';

/** /location/{slug}/packages on the bookings site: the packages a centre sells (decision 0049). */
export function PackagesPage() {
  const { locationSlug = '' } = useParams();
  const venue = useQuery(venueQuery('activities', locationSlug));
  const packages = useQuery(packagesForSaleQuery(locationSlug));
  usePageTitle(venue.data ? packagesWords('title', { centre: venue.data.name }) : null);
  if (venue.isPending || packages.isPending) return <Spinner label={packagesWords('loading')} />;
  if (venue.isError) {
    const status = venue.error instanceof ApiError ? venue.error.status : null;
    return status === 404 || status === 422 ? (
      <NotFoundPage />
    ) : (
      <p className="error-line">{genericErrorLine(status)}</p>
    );
  }
  const back = (
    <p>
      <Link to={`/location/${venue.data.slug}`} className={buttonClass('link', 'md')}>
        {packagesWords('backToTimetable')}
        <span className="visually-hidden"> {packagesWords('atCentre', { centre: venue.data.name })}</span>
      </Link>
    </p>
  );
  return (
    <article className="packages-page">
      <h1>{packagesWords('title', { centre: venue.data.name })}</h1>
      <p className="lead">{packagesWords('lead')}</p>
      {packages.isError ? (
        <p className="error-line">
          {genericErrorLine(packages.error instanceof ApiError ? packages.error.status : null)}
        </p>
      ) : packages.data.length === 0 ? (
        <div className="panel">
          <h2>{packagesWords('noneOnSale')}</h2>
          <p>{packagesWords('noneOnline', { centre: venue.data.name })}</p>
        </div>
      ) : (
        <PackageOffers venue={venue.data} headingLevel="h2" />
      )}
      {back}
    </article>
  );
}
