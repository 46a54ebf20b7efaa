import { bankDetailsChange } from './bank-details-change.ts';
import { billingRequestHold } from './billing-request-hold.ts';
import { collectionSchedule } from './collection-schedule.ts';
import { type DirectDebitDeps, directDebitContext } from './direct-debit-context.ts';
import { directDebitWebhooks } from './direct-debit-webhooks.ts';
import { memberView } from './member-view.ts';
import { upcomingView } from './upcoming-collections.ts';

export type { BankDetailsInput, PreparedDirectDebit } from './billing-request-hold.ts';
export { type DirectDebitLine, firstChargeDate } from './collection-schedule.ts';
export { paymentProblems, problemText } from './member-view.ts';

/**
 * Direct Debit from the joining page to the bank (issue 8): the account checked and held by the
 * provider's billing request, the instruction and first collection recorded with the order, the
 * mandate and payment made after the commit with idempotency keys derived from our rows (so a
 * crash or a retry never makes two), the Bacs emails, and the provider's webhooks applied once.
 * One file per concern (decision 0022); their queries are in direct-debit.repository.ts.
 */
export function createDirectDebitService(deps: DirectDebitDeps) {
  const ctx = directDebitContext(deps);
  const hold = billingRequestHold(ctx);
  const schedule = collectionSchedule(ctx);
  return {
    available: () => deps.client !== undefined,
    ...hold,
    ...schedule,
    ...bankDetailsChange(ctx, { prepare: hold.prepare, settle: schedule.settle }),
    ...directDebitWebhooks(ctx),
    ...memberView(ctx),
    ...upcomingView(ctx),
  };
}
export type DirectDebitService = ReturnType<typeof createDirectDebitService>;
