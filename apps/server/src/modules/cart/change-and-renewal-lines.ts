import type { Cart } from '@lido/contracts/cart';
import { renewalStartDate } from '@lido/pricing/change-and-renewal';
import { HttpError, ValidationError } from '../../http/errors.ts';
import type { CustomerRow } from '../auth/index.ts';
import { itemNotFoundMessage } from '../operator/index.ts';
import { type CartDeps, requireOpen } from './cart-deps.ts';
import type { CartView } from './cart-view.ts';
import type { NewCartItem } from './cart.repository.ts';
import { acceptedOwnTerms, type MembershipLines, optionLabel, refuseDuplicates } from './membership-lines.ts';

/**
 * A held membership's next step into the basket: a monthly one's change to another (pricing.md,
 * "Change of membership") and a single payment one's renewal (pricing.md, "Renewal").
 */
export function createChangeAndRenewalLines(
  deps: Pick<CartDeps, 'carts' | 'account' | 'memberships' | 'change' | 'today'>,
  view: CartView,
  membershipLines: MembershipLines,
) {
  const { carts } = deps;

  return {
    /**
     * POST memberships/{id}/change: moving a held monthly membership to another one. The line
     * holds what is due now (the pro-rated difference and any change fee); checkout applies it.
     */
    async addChange(
      customer: CustomerRow,
      membershipId: number,
      choice: {
        membershipTypeId: number;
        paymentOptionId: number;
        startDate: string;
        acceptedTerms?: number[];
      },
    ): Promise<Cart> {
      const quote = await deps.change.quote(customer, membershipId, choice.paymentOptionId, choice.startDate);
      if (quote.type.id !== choice.membershipTypeId)
        throw new ValidationError({ paymentOptionId: ['The payment option is not one of that membership.'] });
      const { held, type, option, costs, nextCollectionDate } = quote;
      const item: NewCartItem = {
        itemType: 'membership_change',
        membershipTypeId: type.id,
        paymentOptionId: option.id,
        venueId: held.homeVenueId,
        purchasedForCustomerId: customer.id,
        renewsMembershipId: null,
        changesMembershipId: held.id,
        startDate: choice.startDate,
        billingDay: held.billingDay,
        promotionId: null,
        acceptedTermIds: await acceptedOwnTerms(deps.memberships, type.id, choice.acceptedTerms),
        description: `Change to ${type.name}, Monthly`,
        amountPence: costs.totalDueNow,
        costs: {
          paymentType: 'recurring',
          fixedDuration: null,
          fixedPeriod: null,
          promotionEnabled: false,
          basePrice: costs.newMembershipPrice,
          fees: {
            joiningFee: costs.changeFee,
            proRataFee: costs.proRataDifference,
            monthInHandFee: 0,
            discount: 0,
          },
          proRataDays: costs.proRataDays,
          startDate: choice.startDate,
          endDate: null,
          firstBillingDate: nextCollectionDate,
          totalToPayNow: costs.totalDueNow,
          change: {
            newMembershipPrice: costs.newMembershipPrice,
            monthlyDifference: costs.monthlyDifference,
          },
        },
      };
      const cart = await carts.withLockedCart(customer.id, true, async (tx, locked) => {
        requireOpen(locked);
        const existing = await carts.itemRows(tx, locked.id);
        // One change per held membership: a new choice replaces the last.
        const earlier = existing.filter((row) => row.changesMembershipId === held.id).map((row) => row.id);
        if (earlier.length > 0) await carts.deleteItems(tx, locked.id, earlier);
        refuseDuplicates(
          existing.filter((row) => !earlier.includes(row.id)),
          [item],
        );
        await carts.insertItem(tx, locked.id, item);
        return locked;
      });
      return view(customer, cart);
    },

    /** POST /memberships/{id}/renew: a single payment membership's next term, into the basket. */
    async addRenewal(customer: CustomerRow, membershipId: number): Promise<Cart> {
      const held = await deps.account.heldMembership(customer.id, membershipId);
      if (!held) throw new HttpError(404, itemNotFoundMessage);
      if (held.billingDay !== null || held.endDate === null)
        throw new ValidationError({
          membershipId: ['Monthly memberships carry on by Direct Debit, so they are not renewed.'],
        });
      if (held.status !== 'active' && held.status !== 'ended')
        throw new ValidationError({ membershipId: ['Only an active or ended membership can be renewed.'] });
      const { type, option } = await membershipLines
        .purchasable(customer, held.membershipTypeId, held.paymentOptionId, held.homeVenueId)
        .catch((error: unknown) => {
          if (error instanceof HttpError && error.statusCode === 404)
            throw new ValidationError({
              membershipId: ['This membership is no longer sold, so it cannot be renewed.'],
            });
          throw error;
        });
      const startDate = renewalStartDate(held.endDate, deps.today());
      const costs = await deps.memberships.renewalCosts(option.id, startDate);
      const item: NewCartItem = {
        itemType: 'membership_renewal',
        membershipTypeId: type.id,
        paymentOptionId: option.id,
        venueId: held.homeVenueId,
        purchasedForCustomerId: customer.id,
        renewsMembershipId: held.id,
        changesMembershipId: null,
        startDate,
        billingDay: null,
        promotionId: null,
        description: `${type.name}, ${optionLabel(costs)} (renewal)`,
        amountPence: costs.totalToPayNow,
        costs,
      };
      const cart = await carts.withLockedCart(customer.id, true, async (tx, locked) => {
        requireOpen(locked);
        refuseDuplicates(await carts.itemRows(tx, locked.id), [item]);
        await carts.insertItem(tx, locked.id, item);
        return locked;
      });
      return view(customer, cart);
    },
  };
}
