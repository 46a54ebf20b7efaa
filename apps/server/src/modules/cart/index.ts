/**
 * The cart module's door (issue 32 item 3, decision 0081): what other modules and the
 * composition root may use. Everything else in this folder is private to it.
 */
export {
  bookableSession,
  bookingFacts,
  type BookingLine,
  type BookingLineRow,
  bookingLinesOf,
  deleteBoughtLines,
  extendHolds,
  holdEnds,
  holdGuestPlace,
  joinSessionFacts,
  sessionFacts,
} from './booking-lines.repository.ts';
export { checkBookable, sessionFull, sessionNotFound } from './booking-rules-check.ts';
export { requireOpen } from './cart-deps.ts';
export { lockCart, markCartCompleted } from './cart-completion.repository.ts';
export { type CartView, createCartView } from './cart-view.ts';
export { type CartRepository, type CartRow, createCartRepository } from './cart.repository.ts';
export { cartRoutes } from './cart.routes.ts';
export { createCartService } from './cart.service.ts';
export { outstandingBalanceRoutes } from './outstanding-balance.routes.ts';
