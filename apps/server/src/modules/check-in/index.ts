/**
 * The check-in module's door (issue 35 item 5, decision 0097): membership cards and the desk's
 * check-ins. It owns `membership_cards` and `check_ins`.
 */
export { checkInRoutes } from './check-in.routes.ts';
export { type CheckInService, createCheckInService } from './check-in.service.ts';
