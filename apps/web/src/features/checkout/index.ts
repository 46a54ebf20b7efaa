// The checkout feature's public surface: what the staff site's till (issue 19) shares with checkout.
// Checkout's pages themselves are loaded lazily by the sites.
export { useCartTerms } from './complete-order.ts';
export { prefetchCheckout } from './prefetch-checkout.ts';
export { TermsChecks, termsMessage, termsToAsk } from './terms-checks.tsx';
export { receiptRows } from './booking-receipt.tsx';
export { linesNeedingWaivers, waiverFieldId, waiverMessage, Waivers } from './waivers.tsx';
export { CardPayment } from './card/card-payment.tsx';
