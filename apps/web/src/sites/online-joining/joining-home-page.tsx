import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from '../../router/index.ts';
import { pushToDataLayer } from '../../app/analytics/data-layer.ts';
import { CentreFinder } from '../../features/centre-finder/index.ts';
import { venuesQuery } from '../../features/venues/index.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { joiningHomeWords } from './words.ts';

/** "/": choose a home centre with the centre finder; choosing one goes to /centre/{slug}. */
export function JoiningHomePage() {
  const venues = useQuery(venuesQuery('online-joining'));
  const navigate = useNavigate();
  // Progress analytics, step 1: select centre (the later steps are the joining page's sections).
  useEffect(() => pushToDataLayer({ event: 'joiningProgress', step: 1, section: 'centre' }), []);
  return (
    <section aria-labelledby="choose-centre-heading" className="joining-section">
      <h1 id="choose-centre-heading">{joiningHomeWords('chooseHomeCentre')}</h1>
      <p className="lead">{joiningHomeWords('centreLinked')}</p>
      {venues.isPending && <Spinner label={joiningHomeWords('loadingCentres')} />}
      {venues.isError && (
        <p className="error-line">
          {genericErrorLine(venues.error instanceof ApiError ? venues.error.status : null)}
        </p>
      )}
      {venues.data && (
        <CentreFinder venues={venues.data} onSelect={(venue) => navigate(`/centre/${venue.slug}`)} />
      )}
    </section>
  );
}
