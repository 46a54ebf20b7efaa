import type { CartMembershipItem } from '@lido/contracts/cart';
import type { Costs } from '@lido/contracts/membership';
import { prettyDate } from '@lido/pricing/calendar-date';
import { monthlyDifferenceText } from '@lido/pricing/change-and-renewal';
import { type MoneyFormat } from '@lido/pricing/money';
import type { PricedChange, PricedLine } from '@lido/pricing/priced-line';

/** The costs answer of a priced line: the one place its pence and dates become text. */
export function costsAnswer(line: PricedLine, { money }: MoneyFormat): Costs {
  return {
    paymentType: line.paymentType,
    fixedDuration: line.fixedDuration,
    fixedPeriod: line.fixedPeriod,
    promotionEnabled: line.promotionEnabled,
    globalBasePrice: money(line.basePrice),
    startDate: line.startDate,
    fees: {
      baseFee: money(line.basePrice),
      joiningFee: money(line.fees.joiningFee),
      proRataFee: money(line.fees.proRataFee),
      monthInHandFee: money(line.fees.monthInHandFee),
      discount: money(line.fees.discount),
    },
    proRataDays: line.proRataDays,
    endDate: line.endDate,
    firstBillingDate: line.firstBillingDate,
    prettyFirstBillingDate: line.firstBillingDate === null ? null : prettyDate(line.firstBillingDate),
    totalToPayNow: money(line.totalToPayNow),
  };
}

/** A change line's difference in words and its new monthly price. */
export function changeAnswer(
  change: PricedChange,
  format: MoneyFormat,
): NonNullable<CartMembershipItem['change']> {
  return {
    differenceToOldMembership: monthlyDifferenceText(change.monthlyDifference, format.symbol),
    newMembershipPrice: format.money(change.newMembershipPrice),
  };
}

/**
 * The value with its object keys in the order PostgreSQL's `jsonb` gives them back (shorter keys
 * first, then by their bytes). Basket and order lines were answered straight from `jsonb` before
 * migration 0021, so their answers keep that order, byte for byte.
 */
export function inJsonbKeyOrder<T>(value: T): T {
  if (Array.isArray(value)) return value.map((entry: unknown) => inJsonbKeyOrder(entry)) as T;
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value).sort((a, b) => {
    const [byteA, byteB] = [Buffer.from(a), Buffer.from(b)];
    return byteA.length - byteB.length || Buffer.compare(byteA, byteB);
  });
  return Object.fromEntries(
    keys.map((key) => [key, inJsonbKeyOrder((value as Record<string, unknown>)[key])]),
  ) as T;
}
