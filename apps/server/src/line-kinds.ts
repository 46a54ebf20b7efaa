import type { FastifyBaseLogger } from 'fastify';
import { bookingLineKind } from './modules/bookings/index.ts';
import { courseLineKind } from './modules/courses/index.ts';
import { requireDirectDebitFor } from './modules/direct-debit/index.ts';
import type { DirectDebitService } from './modules/direct-debit/index.ts';
import { recoverCollection } from './modules/direct-debit/index.ts';
import type { LineKind, LineKinds } from './modules/line-kinds/index.ts';
import { type MembershipLineKindDeps, membershipLineKind } from './modules/memberships/index.ts';
import { clearSettledPaymentProblem, outstandingBalanceLineKind } from './modules/memberships/index.ts';
import { packageLineKind } from './modules/packages/index.ts';
import { penaltyFeeLineKind } from './modules/penalty-fees/index.ts';

/**
 * Every kind of line sold through the basket (decision 0077; docs/adding-a-line-kind.md), in the
 * order an order's receipt lists them. A new product is one folder and one line here.
 */
export function registeredLineKinds(deps: {
  timeZone: string;
  /** "now" for what the basket warns about (a session inside its cancellation cut-off) */
  clock?: () => Date;
  log: FastifyBaseLogger;
  directDebit: Pick<DirectDebitService, 'recordWithOrder'>;
  /** the basket's rules the membership lines are sold under */
  basket: Pick<MembershipLineKindDeps, 'termsOfLines' | 'dropPromotion'>;
  /** the waiting list's offered place, bought by a saved card without a basket */
  offeredPlace: LineKind;
}): LineKinds {
  return [
    membershipLineKind({
      termsOfLines: (lines) => deps.basket.termsOfLines(lines),
      requireDirectDebitFor,
      recordDirectDebit: deps.directDebit.recordWithOrder,
      // A refused promotion leaves the basket: priced again without it (a failure only logs).
      async dropPromotion(customerId, cartId, promotionId) {
        try {
          await deps.basket.dropPromotion(customerId, cartId, promotionId);
        } catch (error) {
          deps.log.error({ err: error, cartId }, 'basket could not be repriced without a refused promotion');
        }
      },
    }),
    outstandingBalanceLineKind({ recoverCollection, clearSettledPaymentProblem }),
    bookingLineKind({ timeZone: deps.timeZone, clock: deps.clock }),
    packageLineKind(),
    penaltyFeeLineKind({ timeZone: deps.timeZone }),
    courseLineKind(),
    deps.offeredPlace,
  ];
}
