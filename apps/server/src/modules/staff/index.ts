/**
 * The staff module's door (issue 32 item 3, decision 0081): what other modules and the
 * composition root may use. Everything else in this folder is private to it.
 */
export { registerActingAudit } from './acting-audit.ts';
export { deskAccountRoutes } from './desk-account.routes.ts';
export { deskCustomersRoutes } from './desk-customers.routes.ts';
export { createDeskCustomersService } from './desk-customers.service.ts';
export { createStaffAccounts } from './staff-accounts.ts';
export { type AuthenticatedStaff, createStaffAuthService } from './staff-auth.service.ts';
export { importStaff } from './staff-import.ts';
export { registerStaffSiteOnly } from './staff-site-only.ts';
export { type StaffUserRow } from './staff.repository.ts';
export { staffRoutes } from './staff.routes.ts';
export { createTimetableService } from './timetable.service.ts';
export { timetableRoutes } from './timetable.routes.ts';
