import { formatPence } from '@lido/pricing/money';

/**
 * Where a cancelled booking's money goes (decision 0032). The refund is what was paid for the
 * booking, less nothing. With the operator's method `credit` all of it is account credit. With
 * `card`, an order paid by card gives back to the card the card's share of the booking (the
 * proportion of the order the card paid, rounded down to the penny) and the rest, the part account
 * credit paid, to account credit: so the card never gets back more than it paid, however many of
 * the order's bookings are cancelled, and credit is never turned into cash.
 */
export interface RefundSplit {
  cardPence: number;
  creditPence: number;
  /** the method recorded on the booking: `card` when any of it goes to the card */
  method: 'credit' | 'card';
}

export function refundSplit(input: {
  amountPence: number;
  operatorMethod: 'credit' | 'card';
  /** the order's total, the part paid with credit, and whether a card paid the rest */
  orderTotalPence: number | null;
  orderCreditPence: number | null;
  paidByCard: boolean;
}): RefundSplit {
  const total = input.orderTotalPence ?? 0;
  if (input.operatorMethod === 'credit' || !input.paidByCard || total <= 0 || input.amountPence <= 0)
    return { cardPence: 0, creditPence: input.amountPence, method: 'credit' };
  const cardPaid = total - (input.orderCreditPence ?? 0);
  const cardPence = Math.floor((input.amountPence * cardPaid) / total);
  const creditPence = input.amountPence - cardPence;
  return { cardPence, creditPence, method: cardPence > 0 ? 'card' : 'credit' };
}

/**
 * "£6.50 will be added to your account credit." / "£6.50 will be refunded to your card ending
 * 4242." (after cancelling: "was added", "was refunded").
 */
export function refundText(
  split: RefundSplit,
  options: { symbol: string; cardLastFour: string | null; done: boolean },
): string {
  const money = (pence: number) => formatPence(pence, options.symbol);
  const card = options.cardLastFour ? `your card ending ${options.cardLastFour}` : 'your card';
  const will = options.done ? 'was' : 'will be';
  if (split.cardPence === 0 && split.creditPence === 0)
    return 'This booking was free, so there is nothing to refund.';
  if (split.cardPence === 0) return `${money(split.creditPence)} ${will} added to your account credit.`;
  if (split.creditPence === 0) return `${money(split.cardPence)} ${will} refunded to ${card}.`;
  return `${money(split.cardPence)} ${will} refunded to ${card} and ${money(split.creditPence)} added to your account credit.`;
}
