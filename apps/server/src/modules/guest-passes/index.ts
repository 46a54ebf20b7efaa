/**
 * The guest-passes module's door (issue 32 item 3, decision 0081): what other modules and the
 * composition root may use. Everything else in this folder is private to it.
 */
export { returnPassOfBooking, spendHeldPasses } from './guest-passes.repository.ts';
export { guestPassesRoutes } from './guest-passes.routes.ts';
export { createGuestPassesService } from './guest-passes.service.ts';
