import { useSite } from '../../app/site-mode/site-context.tsx';

/**
 * Which site a checkout runs on, as the checkout calls' `source` says it (platform spec §7); the
 * till's card step (decision 0058) pays as front-of-house.
 */
export type CheckoutSource = 'online-joining' | 'bookings' | 'front-of-house';

/** The joining site pays as online-joining; the bookings site (and any other) as bookings. */
export function useCheckoutSource(): CheckoutSource {
  return useSite() === 'online-joining' ? 'online-joining' : 'bookings';
}

/**
 * What a checkout sends beside the card or the terms: its source, the waivers the customer agreed
 * to (the booking lines' ids: `completed_waivers`), and why it can't pay yet when a waiver is not
 * agreed (null when it can).
 */
export interface CheckoutExtras {
  source: CheckoutSource;
  completedWaivers: number[];
  waiverProblem: { message: string; fieldId: string } | null;
}

export const joiningExtras: CheckoutExtras = {
  source: 'online-joining',
  completedWaivers: [],
  waiverProblem: null,
};
