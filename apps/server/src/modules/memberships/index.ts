/**
 * The memberships module's door (issue 32 item 3, decision 0081): what other modules and the
 * composition root may use. Everything else in this folder is private to it.
 */
export { categoryNamesByType } from './category-names.repository.ts';
export { createChangeService } from './change.service.ts';
export { type DoorAnswer, membershipDoorState } from './door-state.ts';
export { changeAnswer, inJsonbKeyOrder } from './costs-answer.ts';
export { recordMembershipEvent } from './membership-events.repository.ts';
export { membershipRefundsNeedingAttention } from './membership-exit.repository.ts';
export { membershipExitRoutes } from './membership-exit.routes.ts';
export { createMembershipExitService } from './membership-exit.service.ts';
export { membershipFreezeRoutes } from './membership-freeze.routes.ts';
export { createMembershipFreezeService } from './membership-freeze.service.ts';
export { membershipLineKind, type MembershipLineKindDeps } from './membership-line-kind.ts';
export { termsForMembership } from './membership-terms.ts';
export { createMembershipTimeline } from './membership-timeline.ts';
export {
  activeTypesWithDetails,
  createMembershipsRepository,
  type MembershipsRepository,
  type MembershipTypeDetails,
  type QuestionRow,
  type TermsRow,
} from './memberships.repository.ts';
export { membershipsRoutes } from './memberships.routes.ts';
export {
  createMembershipsService,
  type PromotionAsker,
  type PromotionClient,
} from './memberships.service.ts';
export {
  clearPaymentProblem,
  clearSettledPaymentProblem,
  markPaymentProblem,
} from './payment-problems.repository.ts';
export { redeemPromotion, savePromotions } from './promotions.repository.ts';
export { outstandingBalanceLineKind, outstandingBalanceOrderItem } from './outstanding-balance-line-kind.ts';
export { waitingPriceNotices } from './price-change-notices.repository.ts';
export { createPriceChangeNotices, type HeldPriceChange } from './price-change-notices.ts';
export { createRenewalReminders } from './renewal-reminders.ts';
