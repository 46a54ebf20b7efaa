import type { CalendarDate } from './calendar-date.ts';

/**
 * A basket or order line as it was priced: the facts (integer pence and ISO dates), never the text
 * an answer shows. Stored in `cart_items.costs` and `order_items.details.costs` (migration 0021)
 * and formatted only when answering, so completion and renewals read numbers, not strings.
 */
export interface PricedLine {
  paymentType: 'recurring' | 'fixed';
  fixedDuration: number | null;
  fixedPeriod: string | null;
  promotionEnabled: boolean;
  /** the monthly price, or a fixed membership's price for its whole term */
  basePrice: number;
  fees: { joiningFee: number; proRataFee: number; monthInHandFee: number; discount: number };
  proRataDays: number;
  startDate: CalendarDate;
  endDate: CalendarDate | null;
  firstBillingDate: CalendarDate | null;
  totalToPayNow: number;
}

/** A change line also keeps the prices it was quoted with: the new monthly price and the difference. */
export interface PricedChange {
  newMembershipPrice: number;
  /** new monthly price less the old one (negative when the new membership is cheaper) */
  monthlyDifference: number;
}
