/**
 * The booking-openings module's door (issue 39, decision 0094): announced openings and their fair
 * queue. Everything else in this folder is private to it.
 */
export {
  type BookingOpeningsService,
  createBookingOpeningsService,
  type GatedSession,
} from './booking-openings.service.ts';
export { bookingOpeningsRoutes } from './booking-openings.routes.ts';
export { createOpeningStaffService } from './opening-staff.service.ts';
export { type NewOpening } from './booking-openings.repository.ts';
export { announcedOpenings, applyOpeningEntries } from './opening-announcements.repository.ts';
