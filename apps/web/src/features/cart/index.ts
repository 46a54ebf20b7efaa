// The cart feature's public surface (the basket page itself is loaded lazily by the bookings site).
export { cartQuery, useBasketCount, useCart } from './get-cart.ts';
export { cartKeys } from './keys.ts';
export { useRenewMembership } from './renew-membership.ts';
export { LineBenefit } from './line-benefit.tsx';
export { useRemoveBenefit } from './remove-benefit.ts';
// The basket's lines, for the staff site's till (issue 19), which shows a selected customer's basket.
export { BookingLineItem } from './booking-line.tsx';
export { useNow } from './hold-time.ts';
export { showCartFailure } from './change-cart.ts';
export { MembershipLineItem } from './membership-line.tsx';
export { PackageLineItem } from './package-line.tsx';
