import { membershipPriceWords } from './membership-price-words.ts';

interface PricedOption {
  paymentType: 'recurring' | 'fixed';
  fixedDuration: number | null;
  fixedPeriod: string | null;
}

/** "3 months", "1 year": a single payment membership's duration. */
export function durationLabel(option: Pick<PricedOption, 'fixedDuration' | 'fixedPeriod'>): string {
  const count = option.fixedDuration ?? 1;
  return membershipPriceWords('duration', { count, period: option.fixedPeriod ?? 'month' });
}

/** "£30.00 per month" or "£60.00 for 3 months". */
export function priceLabel(option: PricedOption & { price: { formatted: string } }): string {
  if (option.paymentType === 'recurring')
    return membershipPriceWords('perMonth', { price: option.price.formatted });
  return membershipPriceWords('forDuration', {
    price: option.price.formatted,
    duration: durationLabel(option),
  });
}
