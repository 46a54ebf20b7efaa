import type { Venue } from '@lido/contracts/venue';
import { useNavigate } from '../../router/index.ts';
import { Button } from '../../ui/button.tsx';
import { resetFinder } from '../centre-finder/index.ts';
import { getSiteMode, setSiteMode } from '../../app/site-mode/site-mode.ts';
import { VenueAddress } from '../venues/index.ts';
import { resetJoining } from './joining-store.ts';
import { joiningWords } from './words.ts';

/** The chosen home centre, with "Change location" and "Continue". */
export function CentreSection({ venue, onContinue }: { venue: Venue; onContinue: () => void }) {
  const navigate = useNavigate();
  return (
    <>
      <p>{joiningWords('centreLinked')}</p>
      <div className="card card--selected">
        <h3 className="card__title">{venue.name}</h3>
        <p className="card__meta">{venue.placeType}</p>
        <VenueAddress venue={venue} />
        <div className="card__actions">
          <Button
            variant="secondary"
            size="md"
            onClick={() => {
              // "Change location" clears the map state and the home centre, then goes to /.
              resetFinder();
              resetJoining();
              setSiteMode({ ...getSiteMode(), centre: null });
              navigate('/');
            }}
          >
            {joiningWords('changeLocation')}
          </Button>
          <Button variant="primary" size="md" onClick={onContinue}>
            {joiningWords('continue')}
          </Button>
        </div>
      </div>
    </>
  );
}
