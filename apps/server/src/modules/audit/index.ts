/**
 * The staff audit log's door (issue 32 items 3 and 6; decisions 0074 and 0081): one writer,
 * `recordStaffAction`, called in the transaction of the change it records, by whichever module
 * makes the change; the supervisors' audit page reads it.
 */
export {
  type AuditActor,
  recordStaffAction,
  type StaffAction,
  type StaffAuditAction,
} from './audit.repository.ts';
export { createStaffAuditService } from './audit.service.ts';
export { staffAuditRoutes } from './audit.routes.ts';
