/**
 * The activities module's door (issue 32 item 3, decision 0081): what other modules and the
 * composition root may use. Everything else in this folder is private to it.
 */
export {
  type ActivitiesRepository,
  createActivitiesRepository,
  createLiveSessionsRepository,
  type LiveSessionRow,
  type LiveSessionsRepository,
  priceLists,
  sessionColumns,
  type SessionPriceRow,
  type SessionRow,
} from './activities.repository.ts';
export {
  putPlacesOnSale,
  retakePlaces,
  takeFreeCourt,
  takePlaces,
  takeSparePlace,
  withPlacesTaken,
} from './places.repository.ts';
export { activitiesRoutes } from './activities.routes.ts';
export { createActivitiesService } from './activities.service.ts';
export { createScheduledSessions, type KeptSession } from './session-generation.repository.ts';
export {
  createSessionGenerator,
  generationWindow,
  scheduleSessions,
  type SchedulingOutcome,
} from './session-generator.ts';
