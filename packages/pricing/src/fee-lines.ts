import type { PricingWords } from './pricing-words.ts';

/**
 * The fee breakdown of a priced line (joining spec, "Payment summary"; checkout spec, "Order
 * summary"): which fees are listed, in what order and under which label. The joining page's
 * summary, the basket's summary and the order answer all list them from here.
 */

export type FeeLineType = 'joining-fee' | 'month-in-hand' | 'pro-rata' | 'membership-fee' | 'discount';

export interface FeeLine<M> {
  type: FeeLineType;
  label: string;
  price: M;
  /** the days a pro-rata line covers */
  days?: number;
}

export interface FeeLineCosts<M> {
  paymentType: 'recurring' | 'fixed';
  proRataDays: number;
  fees: { joiningFee: M; proRataFee: M; monthInHandFee: M; discount: M };
}

export const feeLabels = {
  joiningFee: 'Setup fee',
  monthInHand: 'Month in hand fee',
  proRata: 'Pro-rata membership payment',
  changeDifference: 'Difference to your next collection',
  membershipFee: 'Membership fee',
  discount: 'Discount',
} as const;

/**
 * Setup fee and month in hand when charged, the pro-rata part of a monthly membership (a change's
 * difference to the next collection), a fixed membership's own fee when `fixedPrice` is given (the
 * joining summary lists it), and a discount when there is one.
 */
export function feeLines<M>(
  costs: FeeLineCosts<M>,
  amountOf: (money: M) => number,
  options: { change?: boolean; fixedPrice?: M } = {},
): FeeLine<M>[] {
  const lines: FeeLine<M>[] = [];
  const { fees } = costs;
  if (amountOf(fees.joiningFee) > 0)
    lines.push({ type: 'joining-fee', label: feeLabels.joiningFee, price: fees.joiningFee });
  if (amountOf(fees.monthInHandFee) > 0)
    lines.push({ type: 'month-in-hand', label: feeLabels.monthInHand, price: fees.monthInHandFee });
  if (costs.paymentType === 'recurring')
    lines.push({
      type: 'pro-rata',
      label: options.change ? feeLabels.changeDifference : feeLabels.proRata,
      price: fees.proRataFee,
      days: costs.proRataDays,
    });
  if (costs.paymentType === 'fixed' && options.fixedPrice !== undefined)
    lines.push({ type: 'membership-fee', label: feeLabels.membershipFee, price: options.fixedPrice });
  if (amountOf(fees.discount) > 0)
    lines.push({ type: 'discount', label: feeLabels.discount, price: fees.discount });
  return lines;
}

/** "1 day", "12 days": how a pro-rata line's days are shown. */
export function daysLabel(days: number, words: PricingWords): string {
  return words.pricing('days', { days });
}

const feeKeys: Record<FeeLineType, string> = {
  'joining-fee': 'feeJoining',
  'month-in-hand': 'feeMonthInHand',
  'pro-rata': 'feeProRata',
  'membership-fee': 'feeMembership',
  discount: 'feeDiscount',
};

/**
 * A fee line's name for the customer reading it: `feeLines`' `label` is the English the order
 * answer carries (the specification's field); the pages and the receipt say it in their language.
 */
export function feeLineLabel(
  line: { type: string; label?: string },
  words: PricingWords,
  options: { change?: boolean } = {},
): string {
  if (line.type === 'pro-rata' && options.change) return words.pricing('feeChangeDifference');
  const key = feeKeys[line.type as FeeLineType] as string | undefined;
  // An answer's fee of a type this code does not know keeps the words it came with.
  return key ? words.pricing(key) : (line.label ?? line.type);
}
