import { termsForMembership } from '../memberships/index.ts';
import type { Cart, CartTerms } from '@lido/contracts/cart';
import { HttpError, ValidationError } from '../../http/errors.ts';
import { requireDirectDebitFor } from '../direct-debit/index.ts';
import type { CustomerRow } from '../auth/index.ts';
import type { PromotionClient } from '../memberships/index.ts';
import { itemNotFoundMessage } from '../operator/index.ts';
import { type CartDeps, checkSelectedUser, requireOpen } from './cart-deps.ts';
import type { BookingBasket } from './booking-basket.service.ts';
import { bookingLineRows, deleteBookingLines } from './booking-lines.repository.ts';
import { lapsedWhileAway } from './lapsed-lines.repository.ts';
import type { CartView } from './cart-view.ts';
import { deletePackageLines, packageLineIds } from '../packages/index.ts';
import type { CartItemRow, NewCartItem } from './cart.repository.ts';
import { type MembershipLine, type MembershipLines, refuseDuplicates } from './membership-lines.ts';
import { noBenefitApplied, removeBenefit } from './remove-benefit.ts';

/** How long after paying an empty basket answer still names the order the basket became. */
export const completedOrderShownForSeconds = 10 * 60;

/**
 * The basket's own calls (platform spec, "Cart"): load, empty, add, remove and reprice lines, and
 * the terms to accept. Loading never creates a basket; the first add does.
 */
export function createBasketService(
  deps: Pick<CartDeps, 'carts' | 'memberships' | 'customerById' | 'family' | 'db' | 'kinds'>,
  view: CartView,
  membershipLines: MembershipLines,
  bookings: BookingBasket,
) {
  const { carts } = deps;
  const { priceMembership, requireCartItem } = membershipLines;

  /**
   * The terms a basket's lines need, from the catalogue: what checkout asks for, and what paying
   * checks, from lines the caller has already read (no read of the basket here).
   */
  async function termsOfLines(
    lines: Pick<CartItemRow, 'itemType' | 'membershipTypeId' | 'acceptedTermIds'>[],
  ): Promise<CartTerms[]> {
    const terms: CartTerms[] = [];
    // A failed collection's line agreed no new terms: its membership's were agreed when bought.
    for (const line of lines.filter((row) => row.itemType !== 'outstanding_balance')) {
      for (const found of await termsForMembership(deps.memberships, line.membershipTypeId)) {
        // Accepted only when every line needing these terms accepted them on the joining page.
        const accepted = line.acceptedTermIds.includes(found.id);
        const seen = terms.find((term) => term.id === found.id);
        if (seen) seen.accepted = seen.accepted && accepted;
        else terms.push({ ...found, isRequired: true, accepted });
      }
    }
    return terms;
  }

  return {
    /** GET {checkout} */
    async load(customer: CustomerRow, selectedUserId?: number): Promise<Cart> {
      await checkSelectedUser(deps, customer, selectedUserId);
      const cart = await carts.currentCart(customer.id);
      // Released now, or by the job while the customer was away: both are named (issue 33 item 7).
      const released = [
        ...(await bookings.settleHolds(customer, cart)),
        ...(cart ? await lapsedWhileAway(deps.db, cart.id) : []),
      ];
      // With no basket since, the order the last one became: a page still leaving checkout learns
      // where the customer belongs instead of reading "empty" (decision 0019).
      const completed = cart
        ? null
        : await carts.recentlyCompletedOrderId(customer.id, completedOrderShownForSeconds);
      return view(customer, cart, completed, released);
    },

    /** DELETE {checkout}: empties the basket (a basket being paid for is left alone). */
    async discard(customer: CustomerRow, selectedUserId?: number): Promise<Cart> {
      await checkSelectedUser(deps, customer, selectedUserId);
      await carts.withLockedCart(customer.id, false, async (tx, cart) => {
        if (!cart) return;
        requireOpen(cart);
        // Held places go back on sale with the basket.
        await deleteBookingLines(tx, cart.id);
        await carts.deleteCart(tx, cart.id);
      });
      return view(customer, undefined);
    },

    /** POST {checkout}/add: every line is priced first, then all are added together or none. */
    async addMemberships(
      customer: CustomerRow,
      lines: (MembershipLine & { purchasedForUserId?: number | undefined })[],
      who: { selectedUserId?: number | undefined; membershipUserId?: number | undefined },
      client: Omit<PromotionClient, 'customerId'>,
    ): Promise<Cart> {
      await checkSelectedUser(
        deps,
        customer,
        who.selectedUserId,
        who.membershipUserId,
        ...lines.map((l) => l.purchasedForUserId),
      );
      const priced: NewCartItem[] = [];
      for (const line of lines) {
        // membership_user_id names the member for every line that does not name its own.
        const member = await deps.family.member(customer, line.purchasedForUserId ?? who.membershipUserId);
        priced.push(await priceMembership(customer, line, { ...client, customerId: customer.id }, member));
      }
      const cart = await carts.withLockedCart(customer.id, true, async (tx, locked) => {
        requireOpen(locked);
        refuseDuplicates(await carts.itemRows(tx, locked.id), priced);
        for (const item of priced) await carts.insertItem(tx, locked.id, item);
        // A new monthly membership is billed by Direct Debit: without one it is refused here.
        await requireDirectDebitFor(tx, { customerId: customer.id, cartId: locked.id, lines: priced });
        return locked;
      });
      return view(customer, cart);
    },

    /** POST {checkout}/remove */
    async removeItems(
      customer: CustomerRow,
      itemIds: number[],
      who: { selectedUserId?: number | undefined; membershipUserId?: number | undefined },
    ): Promise<Cart> {
      await checkSelectedUser(deps, customer, who.selectedUserId, who.membershipUserId);
      const cart = await carts.withLockedCart(customer.id, false, async (tx, locked) => {
        requireOpen(locked);
        const memberships = new Set((await carts.itemRows(tx, locked.id)).map((row) => row.id));
        const held = new Set((await bookingLineRows(tx, locked.id)).map((row) => row.id));
        const packages = await packageLineIds(tx, locked.id);
        const ours = itemIds.filter((id) => memberships.has(id) || held.has(id) || packages.has(id));
        // Lines of the kinds that remove their own (a penalty fee, decision 0101).
        const others = new Set<number>();
        for (const kind of deps.kinds) {
          const rest = itemIds.filter((id) => !ours.includes(id) && !others.has(id));
          if (rest.length === 0 || !kind.removeLines) continue;
          for (const id of await kind.removeLines(tx, locked.id, rest)) others.add(id);
        }
        const missing = itemIds.filter((id) => !ours.includes(id) && !others.has(id));
        if (missing.length > 0)
          throw new ValidationError({ cartItemIds: ['That item is no longer in your basket.'] });
        await carts.deleteItems(
          tx,
          locked.id,
          itemIds.filter((id) => memberships.has(id)),
        );
        // A removed booking's places go back on sale in the same transaction.
        const bookingIds = itemIds.filter((id) => held.has(id));
        if (bookingIds.length > 0) await deleteBookingLines(tx, locked.id, bookingIds);
        await deletePackageLines(
          tx,
          locked.id,
          itemIds.filter((id) => packages.has(id)),
        );
        return locked;
      });
      return view(customer, cart);
    },

    /**
     * Takes a membership benefit or a package's usage off a basket line (platform spec §7). Only
     * activity bookings carry either; any other line of the customer's answers that it has none,
     * and changes nothing. Another customer's line is not found (404).
     */
    async removeUsage(
      customer: CustomerRow,
      itemId: number,
      kind: 'benefit' | 'package',
      selectedUserId?: number,
    ) {
      await checkSelectedUser(deps, customer, selectedUserId);
      if (kind === 'benefit') {
        const cart = await removeBenefit(carts, customer.id, itemId);
        if (cart) return view(customer, cart);
      }
      if (!(await bookings.isBookingLine(customer, itemId))) await requireCartItem(customer, itemId);
      const message = kind === 'benefit' ? noBenefitApplied : 'This item has no package usage applied.';
      throw new ValidationError({ cartItemId: [message] });
    },

    /** PUT {checkout}/{cartItemId}: new dates, billing day or promotion, priced again. */
    async updateItem(
      customer: CustomerRow,
      itemId: number,
      options: Partial<MembershipLine['options']>,
      client: Omit<PromotionClient, 'customerId'>,
      selectedUserId?: number,
    ): Promise<Cart> {
      await checkSelectedUser(deps, customer, selectedUserId);
      const current = await requireCartItem(customer, itemId);
      // Only a newly chosen promotion is checked; the line's own is kept as it was given.
      const newPromotion =
        options.promotionCodeId !== undefined && options.promotionCodeId !== current.promotionId;
      if (current.itemType === 'outstanding_balance')
        throw new ValidationError({
          options: ['An outstanding balance is paid as it is: remove it from your basket instead.'],
        });
      if (current.itemType !== 'membership')
        throw new ValidationError({
          options: ['A renewal starts when the current membership ends and cannot be changed.'],
        });
      const member = await deps.family.member(customer, current.purchasedForCustomerId);
      const repriced = await priceMembership(
        customer,
        {
          typeId: current.membershipTypeId,
          optionId: current.paymentOptionId,
          options: {
            startDate: options.startDate ?? current.startDate,
            billingDay: options.billingDay ?? current.billingDay ?? undefined,
            venueId: options.venueId ?? current.venueId,
            promotionCodeId: options.promotionCodeId ?? current.promotionId ?? undefined,
          },
        },
        newPromotion ? { ...client, customerId: customer.id } : 'already-applied',
        member,
      );
      const cart = await carts.withLockedCart(customer.id, false, async (tx, locked) => {
        requireOpen(locked);
        const existing = await carts.itemRows(tx, locked.id);
        if (!existing.some((row) => row.id === itemId)) throw new HttpError(404, itemNotFoundMessage);
        await carts.updateItem(tx, locked.id, itemId, repriced);
        return locked;
      });
      return view(customer, cart);
    },

    /**
     * A promotion refused when the order completed (its limit was reached meanwhile) comes off the
     * basket's lines, which are priced again without it; a line that can no longer be priced leaves.
     */
    async dropPromotion(customerId: number, cartId: number, promotionId: number): Promise<void> {
      const customer = await deps.customerById(customerId);
      const cart = await carts.currentCart(customerId);
      if (!customer || cart?.id !== cartId) return;
      const lines = (await carts.itemsOf(cart.id))
        .map((row) => row.item)
        .filter((item) => item.promotionId === promotionId && item.itemType === 'membership');
      const repriced = new Map<number, NewCartItem | undefined>();
      for (const line of lines) {
        const member = (await deps.customerById(line.purchasedForCustomerId)) ?? customer;
        const item = await priceMembership(
          customer,
          {
            typeId: line.membershipTypeId,
            optionId: line.paymentOptionId,
            options: {
              startDate: line.startDate,
              billingDay: line.billingDay ?? undefined,
              venueId: line.venueId,
            },
          },
          'already-applied',
          member,
        ).catch((error: unknown) => {
          if (error instanceof HttpError) return undefined;
          throw error;
        });
        repriced.set(line.id, item);
      }
      await carts.withLockedCart(customerId, false, async (tx, locked) => {
        if (locked?.id !== cartId) return;
        const current = await carts.itemRows(tx, locked.id);
        for (const [itemId, item] of repriced) {
          const still = current.find((row) => row.id === itemId && row.promotionId === promotionId);
          if (!still) continue;
          if (item) await carts.updateItem(tx, locked.id, itemId, item);
          else await carts.deleteItems(tx, locked.id, [itemId]);
        }
      });
    },

    /** GET /api/terms?cart_id: the terms to accept at checkout for what is in the basket. */
    async terms(customer: CustomerRow, cartId: number): Promise<CartTerms[]> {
      const cart = await carts.cartOf(customer.id, cartId);
      if (!cart) throw new HttpError(404, itemNotFoundMessage);
      return termsOfLines((await carts.itemsOf(cart.id)).map((row) => row.item));
    },

    termsOfLines,
  };
}
