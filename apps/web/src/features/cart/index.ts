// The cart feature's public surface (the basket page itself is loaded lazily by the bookings site).
export { useBasketCount, useCart } from './get-cart.ts';
export { cartKeys } from './keys.ts';
export { useRenewMembership } from './renew-membership.ts';
export { LineBenefit } from './line-benefit.tsx';
export { useRemoveBenefit } from './remove-benefit.ts';
