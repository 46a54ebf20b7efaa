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
  placesLeftAmong,
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
export { seriesOfSlots, weeklySlots, type WeeklySlot } from './weekly-slots.ts';
export {
  seriesSlot,
  seriesSlotOfSession,
  seriesPrices,
  sessionRules,
  withSeriesPrices,
  withSeriesRules,
} from './session-rules.repository.ts';
export { retireWeeklySlotsExcept, storedSlotsOf, writeWeeklySlots } from './series.repository.ts';
export {
  markSessionsCancelled,
  sessionsById,
  sessionsRunningDuring,
  type SessionToCancel,
} from './session-cancel.repository.ts';
export {
  addOneOffSession,
  retireWeeklySeries,
  saveWeeklySeries,
  SeriesRefused,
  seriesAt,
  type SessionMove,
} from './series.service.ts';
