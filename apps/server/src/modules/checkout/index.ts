/**
 * The checkout module's door (issue 32 item 3, decision 0081): what other modules and the
 * composition root may use. Everything else in this folder is private to it.
 */
export { type OfferPayments } from './card-payment-recovery.ts';
export { markOrderVoided, orderLines, type SavedCardRow } from './checkout.repository.ts';
export { checkoutRoutes } from './checkout.routes.ts';
export { createCheckoutService } from './checkout.service.ts';
export { type CompletedOrder, type CreatedOrder, type OfflineSettlement } from './order-completion.ts';
export { attemptOfOrder } from './payment-attempt.repository.ts';
export { type SavedCardChargeResult } from './saved-card-charge.ts';
export { chargeableSavedCard, type SavedCardPaymentStart, startSavedCardPayment } from './card-billing.ts';
