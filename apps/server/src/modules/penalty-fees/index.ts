/**
 * The penalty-fees module's door (issue 35 item 6, decision 0101): fees for a no-show or a late
 * cancellation owed on the customer's account, paid through the basket or waived by a manager. It
 * owns `account_penalty_fees` and `cart_penalty_fee_lines`.
 */
export { givePenaltyFee, owedFeesText, waiveNoShowFees } from './penalty-fees.ts';
export { penaltyFeeLineKind } from './penalty-fee-line-kind.ts';
export { createPenaltyFeesService, type PenaltyFeesService } from './penalty-fees.service.ts';
export { penaltyFeesRoutes } from './penalty-fees.routes.ts';
