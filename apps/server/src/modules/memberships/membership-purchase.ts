import type { CalendarDate } from '@lido/pricing/calendar-date';
import { HttpError } from '../../http/errors.ts';
import type { MembershipReads, OperatorReads } from '../catalogue/index.ts';
import { itemNotFoundMessage, requireOperator } from '../operator/index.ts';
import { ineligibilityReason } from './eligibility.ts';

const notSoldHereMessage = 'This membership is not available at the chosen centre.';
const notOnlineMessage = 'This membership cannot be bought online.';

/** Whether a membership option can be bought by this person at this centre, and if not why. */
type MembershipPurchase =
  | {
      buyable: true;
      type: { id: number; name: string };
      option: { id: number; paymentType: 'recurring' | 'fixed' };
    }
  | {
      buyable: false;
      reason: 'not-sold-here' | 'no-such-option' | 'ineligible' | 'not-online';
      message: string;
    };

/**
 * Issue 32 item 5: the basket and membership changes ask the memberships module a domain question
 * (can this person buy this option here, or why not) instead of reading the types call's wire
 * answer; the wire shape is built only for the routes. An unknown centre is a 404.
 */
export function membershipPurchase(deps: {
  catalogue: { operators: OperatorReads; memberships: MembershipReads };
  today: () => CalendarDate;
}) {
  return async function purchase(
    venueId: number,
    typeId: number,
    optionId: number,
    person: { dateOfBirth: string | null },
  ): Promise<MembershipPurchase> {
    const operator = await requireOperator(deps.catalogue.operators);
    const venues = await deps.catalogue.operators.venues(operator.id);
    if (!venues.some((venue) => venue.id === venueId)) throw new HttpError(404, itemNotFoundMessage);
    const details = (await deps.catalogue.memberships.typesAtVenue(operator.id, venueId)).find(
      (candidate) => candidate.type.id === typeId,
    );
    if (!details) return { buyable: false, reason: 'not-sold-here', message: notSoldHereMessage };
    const option = details.options.find((candidate) => candidate.id === optionId);
    if (!option) return { buyable: false, reason: 'no-such-option', message: itemNotFoundMessage };
    const ineligible = ineligibilityReason(details.eligibility, person.dateOfBirth, deps.today());
    if (ineligible) return { buyable: false, reason: 'ineligible', message: ineligible };
    if (!option.isPurchasable)
      return { buyable: false, reason: 'not-online', message: option.message ?? notOnlineMessage };
    return {
      buyable: true,
      type: { id: details.type.id, name: details.type.name },
      option: { id: option.id, paymentType: option.paymentType },
    };
  };
}
