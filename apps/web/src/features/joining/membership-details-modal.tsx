import type { MembershipType } from '@lido/contracts/membership';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import { Modal } from '../../ui/modal.tsx';
import type { PaymentType } from './joining-store.ts';
import { optionFor } from './filter-memberships.ts';
import { HowToJoin, whyNotOnline } from './why-not-online.tsx';
import { joiningWords } from './words.ts';

/** "View details": description, eligibility, locations, benefits and, when it can't be bought, why. */
export function MembershipDetailsModal({
  membership,
  paymentType,
  loggedIn,
  onClose,
}: {
  membership: MembershipType | null;
  paymentType: PaymentType;
  loggedIn: boolean;
  onClose: () => void;
}) {
  const option = membership ? optionFor(membership, paymentType) : undefined;
  const why = option ? whyNotOnline(option.isPurchasable, loggedIn) : null;
  return (
    <Modal open={membership !== null} title={membership?.name ?? ''} onClose={onClose} width={500}>
      {membership && (
        <div className="membership-details">
          {why === 'ineligible' && (
            <div className="notice notice--danger" role="note">
              <p className="notice__title">{joiningWords('ineligible')}</p>
              {option?.isPurchasable.message && <p>{option.isPurchasable.message}</p>}
            </div>
          )}
          {why === 'elsewhere' && <HowToJoin message={option?.isPurchasable.message} />}
          <div
            className="rich-text"
            // Sanitised: descriptions are operator HTML (quality.md S13).
            dangerouslySetInnerHTML={{ __html: sanitizeHtml(membership.description) }}
          />
          {membership.eligibility && (
            <>
              <h3>{joiningWords('eligibility')}</h3>
              <p>
                <strong>{membership.eligibility.name}.</strong> {membership.eligibility.description}
              </p>
              {membership.eligibility.requiresEligibility && <p>{joiningWords('uploadProofLater')}</p>}
            </>
          )}
          <h3>{joiningWords('locations')}</h3>
          {membership.coverage === 'national' ? (
            <p>{joiningWords('allNationalLocationsSentence')}</p>
          ) : (
            <ul>
              {membership.providesAccessTo.map((venue) => (
                <li key={venue.id}>{venue.name}</li>
              ))}
            </ul>
          )}
          {membership.benefits.length > 0 && (
            <>
              <h3>{joiningWords('benefits')}</h3>
              <ul>
                {membership.benefits.map((benefit) => (
                  <li key={benefit.name}>
                    {benefit.name}
                    {benefit.totalUses !== null &&
                      ` ${
                        benefit.frequency
                          ? joiningWords('benefitUsesPer', {
                              count: benefit.totalUses,
                              period: benefit.frequency,
                            })
                          : joiningWords('benefitUses', { count: benefit.totalUses })
                      }`}
                    {benefit.description && (
                      <span className="benefit__description"> {benefit.description}</span>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
