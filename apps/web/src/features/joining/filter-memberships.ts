import type { MembershipType } from '@lido/contracts/membership';
import type { PaymentType } from './joining-store.ts';

export interface MembershipFilter {
  venueId: number;
  paymentType: PaymentType;
  category: string | null;
  /** Logged in, at a centre that allows it, with the switch on. */
  showIneligible: boolean;
  loggedIn: boolean;
}

/** The option of a membership that matches the Monthly / Single payment toggle. */
export function optionFor(type: MembershipType, paymentType: PaymentType) {
  return type.paymentOptions.find((option) => option.paymentType === paymentType);
}

/**
 * Platform spec section 5: a type is hidden when it has no name, no payment options, no option of
 * the chosen payment type, a providesAccessTo list without the home centre, or another category.
 * A logged-in customer's ineligible types (no prices) are hidden unless the switch shows them.
 */
export function filterMemberships(types: MembershipType[], filter: MembershipFilter): MembershipType[] {
  return types.filter((type) => {
    if (!type.name || type.paymentOptions.length === 0) return false;
    const option = optionFor(type, filter.paymentType);
    if (!option) return false;
    if (
      type.coverage !== 'national' &&
      type.providesAccessTo.length > 0 &&
      !type.providesAccessTo.some((venue) => venue.id === filter.venueId)
    )
      return false;
    if (filter.category && !type.categories.some((category) => category.name === filter.category))
      return false;
    if (filter.loggedIn && !option.isPurchasable.hasPrices && !filter.showIneligible) return false;
    return true;
  });
}

/** The "Membership type" filter's choices: every category of the centre's memberships, once. */
export function categoryChoices(types: MembershipType[]): string[] {
  return [...new Set(types.flatMap((type) => type.categories.map((category) => category.name)))];
}
