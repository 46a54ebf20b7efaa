import { priceBandLabels } from '@lido/contracts/activities';
import type { CartBookingItem } from '@lido/contracts/activity-answers';
import type { Cart, CartItem } from '@lido/contracts/cart';
import { sessionWhen } from '@lido/pricing/booking-rules';
import { formatPence } from '@lido/pricing/money';
import { prettyDate } from '@lido/pricing/calendar-date';
import { outstandingBalanceWords } from '@lido/contracts/outstanding-balance';
import type { CustomerRow } from '../auth/auth.repository.ts';
import { changeAnswer, costsAnswer, inJsonbKeyOrder, moneyFormat } from '../memberships/costs-answer.ts';
import { requireOperator } from '../operator/current-operator.ts';
import type { OperatorRow } from '../operator/operator.repository.ts';
import {
  type BookingLine,
  type BookingLineRow,
  bookableSession,
  bookingLinesOf,
} from './booking-lines.repository.ts';
import { labelFamilyLines } from '../family/family-lines.ts';
import { packageItems, packageUsagesOf } from '../packages/package-cart-view.ts';
import { packageLinesOf } from '../packages/package-lines.repository.ts';
import type { CartDeps } from './cart-deps.ts';
import { appliedBenefits } from '../benefits/benefit-uses.repository.ts';
import { membershipCredit } from '../benefits/membership-credit.ts';
import type { CartItemRow, CartRow } from './cart.repository.ts';

/** A failed collection's line (`cartOutstandingBalanceItemSchema`): which membership and billing date. */
function outstandingBalanceItem(
  item: CartItemRow,
  membershipName: string,
  venueName: string,
  format: ReturnType<typeof moneyFormat>,
): CartItem {
  return {
    id: item.id,
    type: 'outstanding_balance',
    collectionId: item.recoversCollectionId!,
    membershipName,
    name: outstandingBalanceWords.lineName,
    description: item.description,
    billingDate: item.startDate,
    prettyBillingDate: prettyDate(item.startDate),
    venue: { id: item.venueId, name: venueName },
    price: format.money(item.amountPence),
    sortBy: 0,
    enablePrintReceipt: true,
  };
}

const expiredMessage =
  'Your place was held for you for a limited time, which has run out, so it was released. Add the session again if spaces are left.';

/**
 * The basket answer (platform spec, "Cart"): its lines priced in the operator's money from the
 * facts each line stores, and the totals.
 */
export function createCartView(deps: Pick<CartDeps, 'operators' | 'carts' | 'db' | 'timeZone'>) {
  const when = (startsAt: Date, endsAt: Date) => sessionWhen(startsAt, endsAt, deps.timeZone);

  /** A booking line as the basket shows it (`cartBookingItemSchema`). */
  function bookingItem(
    row: BookingLine,
    format: ReturnType<typeof moneyFormat>,
    benefits: Awaited<ReturnType<typeof appliedBenefits>>,
    packageUsage: CartBookingItem['packageUsage'] = null,
  ): CartItem {
    const { line } = row;
    const benefit = benefits.find((applied) => applied.useId === line.benefitUseId);
    const sessionWhen = when(row.sessionStartsAt, row.sessionEndsAt);
    return {
      id: line.id,
      type: 'booking',
      objectId: line.sessionId,
      pricingOptionId: line.priceId,
      purchasedForUserId: line.purchasedForCustomerId,
      name: row.activityName,
      description: `${row.activityName}, ${sessionWhen}`,
      venue: { id: row.venueId, name: row.venueName },
      categories: [row.categoryName],
      options: { quantity: line.quantity },
      session: {
        id: line.sessionId,
        startsAt: row.sessionStartsAt.toISOString(),
        endsAt: row.sessionEndsAt.toISOString(),
        when: sessionWhen,
        location: row.locationName,
        instructor: row.instructor,
      },
      priceBand: { band: row.band, label: priceBandLabels[row.band] },
      unitPrice: format.money(line.unitPricePence),
      price: format.money(line.amountPence),
      benefit: benefit
        ? { id: benefit.benefitId, name: benefit.name, discount: format.money(benefit.discountPence) }
        : null,
      heldUntil: line.heldUntil.toISOString(),
      waiverRequired: row.waiverRequired,
      waiverText: row.waiverText,
      packageUsage,
      sortBy: 0,
      enablePrintReceipt: true,
      guestName: line.guestName,
    };
  }

  /** What the customer is told about lines released by this call. */
  async function expired(released: BookingLineRow[]) {
    const told = [];
    for (const line of released) {
      const found = await bookableSession(deps.db, line.sessionId);
      if (!found) continue;
      told.push({
        id: line.id,
        name: found.activity.name,
        when: when(found.session.startsAt, found.session.endsAt),
        message: expiredMessage,
      });
    }
    return told;
  }

  return async function view(
    customer: CustomerRow,
    cart: CartRow | undefined,
    completeOrderId: number | null = null,
    released: BookingLineRow[] = [],
    /** the operator, when the caller has just read it */
    known?: OperatorRow,
  ): Promise<Cart> {
    // Independent reads, sent together.
    const [operator, rows, bookings, packages] = await Promise.all([
      known ?? requireOperator(deps.operators),
      cart ? deps.carts.itemsOf(cart.id) : [],
      cart ? bookingLinesOf(deps.db, cart.id) : [],
      cart ? packageLinesOf(deps.db, cart.id) : [],
    ]);
    const usages = await packageUsagesOf(deps.db, bookings);
    const format = moneyFormat(operator.currency);
    const benefits = await appliedBenefits(
      deps.db,
      bookings.flatMap(({ line }) => (line.benefitUseId === null ? [] : [line.benefitUseId])),
    );
    const memberships: (CartItem & { created: Date })[] = rows.map(
      ({ item, typeName, venueName, categories }) => {
        if (item.itemType === 'outstanding_balance')
          return { ...outstandingBalanceItem(item, typeName, venueName, format), created: item.createdAt };
        const { change, ...costs } = item.costs;
        return {
          id: item.id,
          type: item.itemType,
          objectId: item.membershipTypeId,
          pricingOptionId: item.paymentOptionId,
          purchasedForUserId: item.purchasedForCustomerId,
          renewsMembershipId: item.renewsMembershipId,
          changesMembershipId: item.changesMembershipId,
          change: change ? inJsonbKeyOrder(changeAnswer(change, format)) : null,
          name: typeName,
          description: item.description,
          venue: { id: item.venueId, name: venueName },
          categories,
          options: {
            startDate: item.startDate,
            billingDay: item.billingDay,
            venueId: item.venueId,
            promotionCodeId: item.promotionId,
          },
          // The costs call's shape; a change's difference travels separately, in `change`.
          costs: inJsonbKeyOrder(costsAnswer(costs, format)),
          price: format.money(item.amountPence),
          sortBy: 0,
          enablePrintReceipt: true,
          created: item.createdAt,
        };
      },
    );
    // Memberships and bookings together, in the order they were added.
    const items: CartItem[] = (
      await labelFamilyLines(deps.db, customer.id, [
        ...memberships,
        ...bookings.map((row) => ({
          ...bookingItem(row, format, benefits, usages.get(row.line.id)),
          created: row.line.createdAt,
        })),
        ...(await packageItems(deps.db, packages, format)),
      ])
    )
      .sort((a, b) => a.created.getTime() - b.created.getTime() || a.id - b.id)
      .map((entry, index) => {
        const item: Partial<typeof entry> = { ...entry, sortBy: index + 1 };
        delete item.created;
        return item as CartItem;
      });
    const total =
      rows.reduce((sum, row) => sum + row.item.amountPence, 0) +
      bookings.reduce((sum, row) => sum + row.line.amountPence, 0) +
      packages.reduce((sum, row) => sum + row.line.pricePence, 0);
    // Credits are offered, not applied: applying them is a payment step of checkout.
    const balance = total;
    return {
      cartId: cart?.id ?? null,
      uuid: cart?.uuid ?? null,
      items,
      totals: {
        total,
        taxTotal: 0,
        subTotal: total,
        balance,
        itemCount: items.length,
        formattedTotal: formatPence(total, format.symbol),
        formattedBalance: formatPence(balance, format.symbol),
      },
      selectedUserId: customer.id,
      completeOrderId,
      credits: {
        membership: await membershipCredit({
          db: deps.db,
          lines: bookings,
          timeZone: deps.timeZone,
          benefitDiscounts: new Map(benefits.map((applied) => [applied.useId, applied.discountPence])),
        }),
        general: {
          type: 'general',
          totalAvailable: customer.creditBalancePence,
          maxApplicable: Math.min(customer.creditBalancePence, total),
        },
      },
      payments: [],
      attendeeWaiversRequired: bookings.some((row) => row.waiverRequired),
      expiredItems: await expired(released),
    };
  };
}
export type CartView = ReturnType<typeof createCartView>;
