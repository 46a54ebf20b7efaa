import { creditBalanceOf } from '../account-credit/index.ts';
import type { Cart, CartItem } from '@lido/contracts/cart';
import { sessionWhen } from '@lido/pricing/booking-rules';
import { formatPence, moneyFormat } from '@lido/pricing/money';
import type { CustomerRow } from '../auth/index.ts';
import { requireOperator } from '../operator/index.ts';
import type { OperatorRow } from '../operator/index.ts';
import { type BookingLineRow, bookableSession } from './booking-lines.repository.ts';
import { labelFamilyLines } from '../customers/index.ts';
import type { CartDeps } from './cart-deps.ts';
import type { CartRow } from './cart.repository.ts';

/** Without lines that could use it, no membership credit is offered. */
const noMembershipCredit: Cart['credits']['membership'] = {
  type: 'membership',
  totalAvailable: 0,
  maxApplicable: 0,
};

const expiredMessage =
  'Your place was held for you for a limited time, which has run out, so it was released. Add the session again if spaces are left.';

/**
 * The basket answer (platform spec, "Cart"): each line kind's lines (decision 0077) priced in the
 * operator's money from the facts each line stores, and the totals.
 */
export function createCartView(deps: Pick<CartDeps, 'operators' | 'db' | 'timeZone' | 'kinds'>) {
  const when = (startsAt: Date, endsAt: Date) => sessionWhen(startsAt, endsAt, deps.timeZone);

  /** What the customer is told about lines released by this call. */
  async function expired(released: Pick<BookingLineRow, 'id' | 'sessionId'>[]) {
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
    released: Pick<BookingLineRow, 'id' | 'sessionId'>[] = [],
    /** the operator, when the caller has just read it */
    known?: OperatorRow,
  ): Promise<Cart> {
    const operator = known ?? (await requireOperator(deps.operators));
    const format = moneyFormat(operator.currency);
    // Each kind's lines and what it shows of them, and the account credit on offer, read together.
    const [views, creditPence] = await Promise.all([
      cart
        ? Promise.all(
            deps.kinds.map(async (kind) => {
              const lines = await kind.linesOf(deps.db, cart.id);
              const view = await kind.view(deps.db, lines, {
                format,
                customerId: customer.id,
                timeZone: deps.timeZone,
              });
              return { lines, view };
            }),
          )
        : [],
      creditBalanceOf(deps.db, customer.id),
    ]);
    // Every line, in the order they were added, whoever it is for.
    const items: CartItem[] = (
      await labelFamilyLines(
        deps.db,
        customer.id,
        views.flatMap(({ view }) => view.items),
      )
    )
      .sort((a, b) => a.created.getTime() - b.created.getTime() || a.id - b.id)
      .map((entry, index) => {
        const item: Partial<typeof entry> = { ...entry, sortBy: index + 1 };
        delete item.created;
        return item as CartItem;
      });
    const total = views.reduce((sum, { lines }) => sum + lines.totalPence, 0);
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
        membership:
          views.find(({ view }) => view.membershipCredit)?.view.membershipCredit ?? noMembershipCredit,
        general: {
          type: 'general',
          totalAvailable: creditPence,
          maxApplicable: Math.min(creditPence, total),
        },
      },
      payments: [],
      attendeeWaiversRequired: views.some(({ view }) => view.waiversRequired === true),
      expiredItems: await expired(released),
    };
  };
}
export type CartView = ReturnType<typeof createCartView>;
