// The joining journey's public surface (the joining page itself is loaded lazily by its site).
export { isNewMandate } from './bank-details.ts';
export { prefetchJoining } from './prefetch-joining.ts';
export { resetJoiningJourney } from './reset-journey.ts';
