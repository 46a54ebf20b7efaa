import { termsForMembership } from '../memberships/index.ts';
import { billingDayFor } from '@lido/pricing/membership-costs';
import type { PricedLine } from '@lido/pricing/priced-line';
import { HttpError, ValidationError } from '../../http/errors.ts';
import type { CustomerRow } from '../auth/index.ts';
import type { PromotionAsker } from '../memberships/index.ts';
import { itemNotFoundMessage } from '../operator/index.ts';
import type { CartDeps } from './cart-deps.ts';
import type { CartItemRow, NewCartItem } from './cart.repository.ts';

export interface MembershipLine {
  typeId: number;
  optionId: number;
  options: {
    startDate: string;
    billingDay?: number | undefined;
    venueId: number;
    promotionCodeId?: number | undefined;
  };
}

export const alreadyInBasket = 'This membership is already in your basket.';

export function optionLabel(
  costs: Pick<PricedLine, 'paymentType' | 'fixedDuration' | 'fixedPeriod'>,
): string {
  if (costs.paymentType === 'recurring') return 'Monthly';
  const duration = costs.fixedDuration ?? 1;
  return `${duration} ${costs.fixedPeriod ?? 'month'}${duration === 1 ? '' : 's'}`;
}

/** A membership type once per basket: a second line of it is refused, listing nothing twice. */
/**
 * Which of a membership's own terms the joining page says were accepted (issue 21 item 5): an id
 * that is not one of its terms is not recorded.
 */
export async function acceptedOwnTerms(
  memberships: CartDeps['memberships'],
  typeId: number,
  sent: number[] | undefined,
): Promise<number[]> {
  const own = (await termsForMembership(memberships, typeId)).map((terms) => terms.id);
  return own.filter((id) => sent?.includes(id));
}

export function refuseDuplicates(existing: CartItemRow[], added: NewCartItem[]) {
  // Once per member: a parent may buy the same junior membership for two children. A failed
  // collection's line pays for a held membership: it buys nothing twice.
  const key = (row: Pick<NewCartItem, 'membershipTypeId' | 'purchasedForCustomerId'>) =>
    `${row.membershipTypeId}:${row.purchasedForCustomerId}`;
  const held = existing.filter((row) => row.itemType !== 'outstanding_balance').map(key);
  for (const item of added) {
    if (held.includes(key(item))) throw new ValidationError({ membership: [alreadyInBasket] });
    held.push(key(item));
  }
}

const ineligibleMessage = 'You are ineligible for the membership you selected.';

/** What a basket line is made of: the membership as this customer may buy it, priced by the costs rules. */
export function createMembershipLines(deps: Pick<CartDeps, 'memberships' | 'carts'>) {
  /** The membership type as this customer may buy it at the centre, or a clear refusal. */
  async function purchasable(customer: CustomerRow, typeId: number, optionId: number, venueId: number) {
    const purchase = await deps.memberships.purchase(venueId, typeId, optionId, customer);
    if (purchase.buyable) return purchase;
    if (purchase.reason === 'no-such-option') throw new HttpError(404, itemNotFoundMessage);
    throw new ValidationError({
      membership: [purchase.reason === 'ineligible' ? ineligibleMessage : purchase.message],
    });
  }

  /**
   * A new membership line, priced exactly as the costs call prices it. `member` is who will hold
   * it (the customer, or a dependant they pay for): eligibility is theirs, the billing day the payer's.
   */
  async function priceMembership(
    customer: CustomerRow,
    line: MembershipLine,
    asker: PromotionAsker,
    member: CustomerRow = customer,
  ): Promise<NewCartItem> {
    const { type, option } = await purchasable(member, line.typeId, line.optionId, line.options.venueId);
    const billingDay = billingDayFor({
      recurring: option.paymentType === 'recurring',
      held: customer.billingDay,
      chosen: line.options.billingDay,
    });
    const costs = await deps.memberships.pricedLine(
      type.id,
      option.id,
      { ...line.options, billingDay },
      asker,
    );
    return {
      itemType: 'membership',
      membershipTypeId: type.id,
      paymentOptionId: option.id,
      venueId: line.options.venueId,
      purchasedForCustomerId: member.id,
      renewsMembershipId: null,
      changesMembershipId: null,
      startDate: costs.startDate,
      billingDay: billingDay ?? null,
      promotionId: line.options.promotionCodeId ?? null,
      description: `${type.name}, ${optionLabel(costs)}`,
      amountPence: costs.totalToPayNow,
      costs,
    };
  }

  /** A line of the customer's current basket, or 404. */
  async function requireCartItem(customer: CustomerRow, itemId: number) {
    const cart = await deps.carts.currentCart(customer.id);
    const rows = cart ? await deps.carts.itemsOf(cart.id) : [];
    const found = rows.find((row) => row.item.id === itemId);
    if (!cart || !found) throw new HttpError(404, itemNotFoundMessage);
    return found.item;
  }

  return { purchasable, priceMembership, requireCartItem };
}
export type MembershipLines = ReturnType<typeof createMembershipLines>;
