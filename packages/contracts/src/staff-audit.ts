import { z } from 'zod';
import { calendarDate, databaseId } from './limits.ts';

/**
 * The supervisor's audit page on the staff site (issue 32 item 6, decision 0074): who did what,
 * when, for which customer, from the append-only `staff_audit_log`. The spec says "Staff
 * capabilities: not shown", so the shapes are Lido's.
 */

/** At most this many entries a page; `nextBefore` continues with older ones. */
export const staffAuditPageSize = 50;

/** GET /api/staff/audit?date=YYYY-MM-DD&staff_id=N&before=N (supervisor): date defaults to today. */
export const staffAuditQuerySchema = z.object({
  date: calendarDate('The day').optional(),
  staffId: databaseId('The member of staff').optional(),
  /** an entry's id: the page continues with the entries written before it */
  before: databaseId('The entry to continue from').optional(),
});
export type StaffAuditQuery = z.infer<typeof staffAuditQuerySchema>;

export const staffAuditEntrySchema = z.object({
  id: z.number().int(),
  /** when, as an instant (ISO 8601) */
  at: z.string(),
  /** the member of staff, or null for a tool (the command line, a catalogue import, the login limit) */
  staff: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** who, in words: the member of staff's name, or "Command line" */
  who: z.string(),
  /** what was done, as the log names it: 'order.pay', 'customer.create', … */
  action: z.string(),
  /** what was done, in plain words: "Took payment £12.50 (cash) for order LD-100035" */
  description: z.string(),
  customer: z.object({ id: z.number().int(), name: z.string(), reference: z.string() }).nullable(),
  /** anything else worth knowing, in words (a void's reason, the change given), or null */
  details: z.string().nullable(),
});
export type StaffAuditEntry = z.infer<typeof staffAuditEntrySchema>;

export const staffAuditAnswerSchema = z.object({
  date: z.string(),
  /** "Saturday 28 November 2026" */
  prettyDate: z.string(),
  /** newest first */
  entries: z.array(staffAuditEntrySchema),
  /** the `before` of the next (older) page, or null when this is the last */
  nextBefore: z.number().int().nullable(),
  /** the operator's staff, for the "Member of staff" filter (closed accounts too: they did things) */
  staffMembers: z.array(z.object({ id: z.number().int(), name: z.string(), active: z.boolean() })),
});
export type StaffAuditAnswer = z.infer<typeof staffAuditAnswerSchema>;
