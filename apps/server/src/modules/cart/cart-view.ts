import type { Cart, CartItem } from '@lido/contracts/cart';
import { formatPence } from '@lido/pricing/money';
import type { CustomerRow } from '../auth/auth.repository.ts';
import { changeAnswer, costsAnswer, inJsonbKeyOrder, moneyFormat } from '../memberships/costs-answer.ts';
import { requireOperator } from '../operator/current-operator.ts';
import type { CartDeps } from './cart-deps.ts';
import type { CartRow } from './cart.repository.ts';

/**
 * The basket answer (platform spec, "Cart"): its lines priced in the operator's money from the
 * facts each line stores, and the totals.
 */
export function createCartView(deps: Pick<CartDeps, 'operators' | 'carts'>) {
  return async function view(
    customer: CustomerRow,
    cart: CartRow | undefined,
    completeOrderId: number | null = null,
  ): Promise<Cart> {
    const operator = await requireOperator(deps.operators);
    const format = moneyFormat(operator.currency);
    const rows = cart ? await deps.carts.itemsOf(cart.id) : [];
    const items: CartItem[] = rows.map(({ item, typeName, venueName, categories }, index) => {
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
        sortBy: index + 1,
        enablePrintReceipt: true,
      };
    });
    const total = rows.reduce((sum, row) => sum + row.item.amountPence, 0);
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
        membership: { type: 'membership', totalAvailable: 0, maxApplicable: 0 },
        general: {
          type: 'general',
          totalAvailable: customer.creditBalancePence,
          maxApplicable: Math.min(customer.creditBalancePence, total),
        },
      },
      payments: [],
      attendeeWaiversRequired: false,
    };
  };
}
export type CartView = ReturnType<typeof createCartView>;
