import type { Money } from '@lido/pricing/money';
import type { OrderPayment } from '@lido/contracts/order';

/**
 * How an order was paid, as its confirmation page's receipt says it (decision 0034). Worked out from
 * the amounts rather than the stored method word, so an order paid partly by credit and partly by
 * card reads as both, and an older row with another word still answers one of the contract's three.
 */
export function orderPayment(
  order: {
    totalPence: number;
    creditPence: number;
    cardLastFour: string | null;
    paymentMethod?: string | null;
  },
  money: (pence: number) => Money,
  /** an order taken at the desk: its tenders (decision 0056), which no card paid */
  tenders?: { tenderType: NonNullable<OrderPayment['tenders']>[number]['tenderType']; amountPence: number }[],
): { payment: OrderPayment; enablePrintReceipt: boolean } {
  const credit = Math.min(order.creditPence, order.totalPence);
  const card = order.paymentMethod === 'offline' ? 0 : order.totalPence - credit;
  return {
    payment: {
      method:
        order.paymentMethod === 'offline' ? 'offline' : card > 0 ? 'card' : credit > 0 ? 'credit' : 'none',
      cardLastFour: card > 0 ? order.cardLastFour : null,
      card: money(card),
      credit: money(credit),
      ...(tenders
        ? {
            tenders: tenders.map((tender) => ({
              tenderType: tender.tenderType,
              amount: money(tender.amountPence),
            })),
          }
        : {}),
    },
    // Every basket line allows a printed receipt today (cart-view.ts); a line kind that does not
    // would turn this off for its order.
    enablePrintReceipt: true,
  };
}
