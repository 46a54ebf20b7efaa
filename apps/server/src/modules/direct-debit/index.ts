/**
 * The direct-debit module's door (issue 32 item 3, decision 0081): what other modules and the
 * composition root may use. Everything else in this folder is private to it.
 */
export { owesBlockingBalance } from './blocking-balance.ts';
export { repriceCollections } from './collection-repricing.ts';
export { paragraphsEmail } from './direct-debit-emails.ts';
export { DirectDebitRequiredError, requireDirectDebitFor } from './direct-debit-required.ts';
export { findInstruction, instructionsOf, updateInstruction } from './direct-debit.repository.ts';
export { collectionFor, type UpcomingCollection, upcomingCollections } from './upcoming-collections.ts';
export {
  claimMandateCancel,
  mandatesAfterCancellations,
  stopCollections,
} from './membership-ending.repository.ts';
export { directDebitRoutes } from './direct-debit.routes.ts';
export {
  createDirectDebitService,
  type DirectDebitLine,
  type DirectDebitService,
  paymentProblems,
} from './direct-debit.service.ts';
export {
  type FailedCollection,
  failedCollectionsOf,
  recoverCollection,
} from './outstanding-balance.repository.ts';
