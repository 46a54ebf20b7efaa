/**
 * The waiting-list module's door (issue 32 item 3, decision 0081): what other modules and the
 * composition root may use. Everything else in this folder is private to it.
 */
export {
  claimOffer,
  closeListsOfCancelledSessions,
  freePlaces,
  liveEntriesOnSessions,
  offeredSessions,
} from './waiting-list.repository.ts';
export { waitingListRoutes } from './waiting-list.routes.ts';
export { createWaitingListService } from './waiting-list.service.ts';
