import { z } from 'zod';
import { dashboardQuerySchema } from './dashboard.ts';

/**
 * Exports for the operator's own systems and the audit of the dashboard's CSV downloads (issue 37
 * item 2, decision 0102). Managers only. Not in the specification: the shapes and columns are Lido's.
 */

/** The same range and centre rules as the dashboard; no centre (or `all`) is every managed centre. */
export const exportQuerySchema = dashboardQuerySchema;
export type ExportQuery = z.infer<typeof exportQuerySchema>;

export const exportKinds = ['orders', 'customers'] as const;
export type ExportKind = (typeof exportKinds)[number];

/**
 * Completed orders (not voided) at the centres, by local completion day: the orders the dashboard's
 * revenue counts. Money in pence and in pounds; lines as "description (£)" joined by "; ".
 */
export const orderExportColumns = [
  'Order ID',
  'Date',
  'Time',
  'Centre',
  'Channel',
  'Customer ID',
  'Lines',
  'Line count',
  'Total (pence)',
  'Total (£)',
  'Account credit (pence)',
  'Account credit (£)',
  'Tender',
] as const;

/**
 * Customers whose home centre is one of the centres, registered in the range: what a CRM needs to
 * reach them and know their membership. No date of birth or street address, never a password, card
 * or bank detail.
 */
export const customerExportColumns = [
  'Customer ID',
  'First name',
  'Last name',
  'Email',
  'Phone',
  'Postcode',
  'Home centre',
  'Registered on',
  'Memberships',
  'Account holder ID',
] as const;

/** The dashboard's tables, each downloadable as CSV in the browser. */
export const dashboardTables = [
  'bookings-per-day',
  'utilisation',
  'utilisation-by-hour',
  'revenue-by-tender',
  'revenue-by-product',
  'memberships',
  'direct-debit',
  'waiting-lists',
  'per-centre',
] as const;
export type DashboardTable = (typeof dashboardTables)[number];

/** POST /api/staff/dashboard/downloads: a table was downloaded, for the staff audit log. */
export const tableDownloadSchema = z.object({
  table: z.enum(dashboardTables),
  from: z.string(),
  to: z.string(),
  centre: z.string(),
  rows: z.number().int().min(0).max(100_000),
});
export type TableDownload = z.infer<typeof tableDownloadSchema>;
