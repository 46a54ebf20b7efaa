import type { MembershipType } from '@lido/contracts/membership';
import { priceLabel } from '../../lib/membership-price.ts';
import { Button } from '../../ui/button.tsx';
import type { PaymentType } from './joining-store.ts';
import { optionFor } from './filter-memberships.ts';
import { HowToJoin, whyNotOnline } from './why-not-online.tsx';
import { joiningWords } from './words.ts';

interface MembershipCardProps {
  membership: MembershipType;
  paymentType: PaymentType;
  selected: boolean;
  loggedIn: boolean;
  onDetails: () => void;
  onChoose: () => void;
}

/** One membership: price with duration, categories, coverage, setup fee, details and choose. */
export function MembershipCard({
  membership,
  paymentType,
  selected,
  loggedIn,
  onDetails,
  onChoose,
}: MembershipCardProps) {
  const option = optionFor(membership, paymentType);
  if (!option) return null;
  const titleId = `membership-${membership.id}`;
  const whyId = `membership-${membership.id}-why`;
  const { canPurchase, hasPrices, message } = option.isPurchasable;
  const why = whyNotOnline(option.isPurchasable, loggedIn);
  const joiningFee = option.fees.joiningFee.raw.amount;
  return (
    <li className={`card membership-card${selected ? ' card--selected' : ''}`} aria-labelledby={titleId}>
      <h3 id={titleId} className="card__title">
        {membership.name}
      </h3>
      {selected && <p className="status status--active">{joiningWords('selected')}</p>}
      {hasPrices && (
        <p className="membership-card__price">{priceLabel({ ...option, price: option.globalBasePrice })}</p>
      )}
      <p className="card__meta">{membership.categories.map((category) => category.name).join(', ')}</p>
      <p className="card__meta">
        {membership.coverage === 'national'
          ? joiningWords('allNationalLocations')
          : membership.providesAccessTo.length === 1
            ? joiningWords('centreOnly', { centre: membership.providesAccessTo[0]!.name })
            : joiningWords('centreCount', { count: membership.providesAccessTo.length })}
      </p>
      {hasPrices && joiningFee > 0 && (
        <p className="card__meta">{joiningWords('setupFee', { amount: option.fees.joiningFee.formatted })}</p>
      )}
      {why === 'ineligible' && (
        <p className="membership-card__refusal" id={whyId}>
          {joiningWords('notEligible')}
        </p>
      )}
      {why === 'elsewhere' && <HowToJoin id={whyId} message={message} />}
      <div className="card__actions">
        <Button variant="link" size="md" onClick={onDetails}>
          {joiningWords('viewDetails')}
          <span className="visually-hidden"> {joiningWords('viewDetailsOf', { name: membership.name })}</span>
        </Button>
        <Button
          variant="primary"
          size="md"
          disabled={!canPurchase}
          aria-describedby={canPurchase ? undefined : whyId}
          onClick={onChoose}
          aria-label={joiningWords('chooseThisMembershipOf', { name: membership.name })}
        >
          {joiningWords('chooseThisMembership')}
        </Button>
      </div>
    </li>
  );
}
