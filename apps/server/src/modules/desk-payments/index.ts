/**
 * The desk-payments module's door (issue 32 item 3, decision 0081): what other modules and the
 * composition root may use. Everything else in this folder is private to it.
 */
export { recordDeskCardOrder, refuseStoredCardsAtDesk } from './desk-card.ts';
export { createDeskOrdersService } from './desk-orders.service.ts';
export { deskPayment, type DeskStaff } from './desk-pay.ts';
export { tendersOf } from './desk-payments.repository.ts';
export { deskPaymentsRoutes } from './desk-payments.routes.ts';
