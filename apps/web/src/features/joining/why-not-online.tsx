import type { MembershipType } from '@lido/contracts/membership';
import { joiningWords } from './words.ts';

type Purchasable = MembershipType['paymentOptions'][number]['isPurchasable'];

/**
 * Why a membership cannot be chosen here (issue 34 item 7, decision 0084), decided once for the
 * card and its details: only a logged-in customer the membership has no price for is ineligible,
 * an error in red (joining spec §5); anything else is sold another way (an employer's scheme, at
 * reception) and says how to get it, in neutral words. Null when it can be chosen.
 */
export function whyNotOnline(purchasable: Purchasable, loggedIn: boolean): 'ineligible' | 'elsewhere' | null {
  if (purchasable.canPurchase) return null;
  return loggedIn && !purchasable.hasPrices ? 'ineligible' : 'elsewhere';
}

/** The neutral "How to join" for a membership sold another way. */
export function HowToJoin({ id, message }: { id?: string; message: string | null | undefined }) {
  return (
    <div className="membership-card__how" id={id}>
      <p className="membership-card__how-title">{joiningWords('howToJoin')}</p>
      <p>
        {message ?? joiningWords('notSoldOnline')} {joiningWords('askAtReception')}
      </p>
    </div>
  );
}
