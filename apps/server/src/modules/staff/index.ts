// The staff module's door (house rule 13): what other modules may use. The audit log has one
// writer, `recordStaffAction`, called in the transaction of the change it records (decision 0074).
export {
  type AuditActor,
  recordStaffAction,
  type StaffAction,
  type StaffAuditAction,
} from './staff-audit.repository.ts';
export { deskCustomer, staffOnSite, staffSiteOnly } from './desk-customer.ts';
