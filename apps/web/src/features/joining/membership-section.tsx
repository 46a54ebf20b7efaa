import type { MembershipType } from '@lido/contracts/membership';
import type { Venue } from '@lido/contracts/venue';
import { useState } from 'react';
import { AttendeeChoice } from '../family/index.ts';
import { categoryChoices, filterMemberships } from './filter-memberships.ts';
import { type JoiningState, joiningStore, type PaymentType } from './joining-store.ts';
import { MembershipCard } from './membership-card.tsx';
import { MembershipDetailsModal } from './membership-details-modal.tsx';
import { joiningWords } from './words.ts';

interface MembershipSectionProps {
  venue: Venue;
  types: MembershipType[];
  state: JoiningState;
  loggedIn: boolean;
  /** Changing a membership: monthly only, no toggle. */
  changing?: boolean;
  onChoose: (membership: MembershipType) => void;
}

/** Each payment type and its words' key (read at render, so a Welsh page shows its Welsh). */
const paymentTypes: { value: PaymentType; label: string }[] = [
  { value: 'recurring', label: 'monthly' },
  { value: 'fixed', label: 'singlePayment' },
];

/** Membership: the filters, then a card per membership that passes them. */
export function MembershipSection({
  venue,
  types,
  state,
  loggedIn,
  changing = false,
  onChoose,
}: MembershipSectionProps) {
  const [details, setDetails] = useState<MembershipType | null>(null);
  const canShowIneligible = loggedIn && venue.canDisplayIneligibleMemberships;
  const shown = filterMemberships(types, {
    venueId: venue.id,
    paymentType: state.paymentType,
    category: state.category,
    showIneligible: canShowIneligible && state.showIneligible,
    loggedIn,
  });
  const categories = categoryChoices(types);
  return (
    <>
      {loggedIn && !changing && (
        <AttendeeChoice
          legend={joiningWords('whoIsItFor')}
          name="member"
          chosen={state.memberUserId ?? undefined}
          onChoose={(id) =>
            // Eligibility is the member's: the list is read again for them, and the choice starts over.
            joiningStore.update({ memberUserId: id ?? null, membershipTypeId: null, paymentOptionId: null })
          }
        />
      )}
      <div className="membership-filters">
        <div className="field">
          <label className="field__label" htmlFor="membership-type-filter">
            {joiningWords('membershipType')}
          </label>
          <select
            id="membership-type-filter"
            className="field__input"
            value={state.category ?? ''}
            onChange={(event) => joiningStore.update({ category: event.target.value || null })}
          >
            <option value="">{joiningWords('allTypes')}</option>
            {categories.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
        </div>
        {!changing && (
          <fieldset className="segmented">
            <legend className="visually-hidden">{joiningWords('paymentType')}</legend>
            {paymentTypes.map((type) => (
              <label key={type.value} className="segmented__option">
                <input
                  type="radio"
                  name="payment-type"
                  value={type.value}
                  checked={state.paymentType === type.value}
                  onChange={() => joiningStore.update({ paymentType: type.value })}
                />
                <span>{joiningWords(type.label)}</span>
              </label>
            ))}
          </fieldset>
        )}
        {canShowIneligible && (
          <label className="switch">
            <input
              type="checkbox"
              role="switch"
              checked={state.showIneligible}
              onChange={(event) => joiningStore.update({ showIneligible: event.target.checked })}
            />
            <span>{joiningWords('showIneligible')}</span>
          </label>
        )}
      </div>
      <p className="visually-hidden" role="status">
        {shown.length === 0
          ? joiningWords('noMembershipFound')
          : joiningWords('membershipsShown', { count: shown.length })}
      </p>
      {shown.length === 0 ? (
        <p className="empty-state" aria-hidden="true">
          {joiningWords('noMembershipFound')}
        </p>
      ) : (
        <ul className="card-grid membership-grid">
          {shown.map((membership) => (
            <MembershipCard
              key={membership.id}
              membership={membership}
              paymentType={state.paymentType}
              selected={state.membershipTypeId === membership.id}
              loggedIn={loggedIn}
              onDetails={() => setDetails(membership)}
              onChoose={() => onChoose(membership)}
            />
          ))}
        </ul>
      )}
      <MembershipDetailsModal
        membership={details}
        paymentType={state.paymentType}
        loggedIn={loggedIn}
        onClose={() => setDetails(null)}
      />
    </>
  );
}
