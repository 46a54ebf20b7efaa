import { csvLine, csvPounds, type CsvCell } from '@lido/contracts/csv';
import { dashboardQuerySchema, tenderLabels, type Tender } from '@lido/contracts/dashboard';
import {
  customerExportColumns,
  orderExportColumns,
  type ExportKind,
  type ExportQuery,
  type TableDownload,
} from '@lido/contracts/staff-exports';
import { Readable } from 'node:stream';
import type { Db } from '../../db/client.ts';
import { parseInput } from '../../http/errors.ts';
import { recordStaffAction } from '../audit/index.ts';
import type { StaffUserRow } from '../staff/index.ts';
import { downloadsManagersOnly, exportsManagersOnly, managedCentres } from './managed-centres.ts';
import type { Range } from './dashboard.repository.ts';
import * as repo from './exports.repository.ts';

/** Rows read from the database at a time: a big operator's year streams out a page at a time. */
export const exportPageSize = 500;

type Counted = { rows: number; up_to: number };
type Pager<Row> = (db: Db, r: Range, page: repo.Page) => Promise<(Row & { id: number })[]>;

const money = (pence: number) => [pence, csvPounds(pence)];

/** What paid an order, as the dashboard's revenue by tender counts it (decision 0099). */
function tendersOf(order: Awaited<ReturnType<typeof repo.orderPage>>[number]): string {
  const paid: [string, number][] = order.tenders.map((t) => [
    tenderLabels[(t.type === 'offline-voucher' ? 'voucher' : t.type) as Tender] ?? t.type,
    t.pence,
  ]);
  if (order.payment_method === 'card') paid.push([tenderLabels.card, order.total_pence - order.credit_pence]);
  if (order.tenders.length === 0 && order.credit_pence > 0)
    paid.push([tenderLabels.credit, order.credit_pence]);
  return paid.map(([label, pence]) => `${label} ${csvPounds(pence)}`).join('; ');
}

const orderCells = (o: Awaited<ReturnType<typeof repo.orderPage>>[number]): CsvCell[] => [
  o.reference,
  o.date,
  o.time,
  o.centre,
  o.source,
  o.customer,
  o.lines.map((line) => `${line.description} (${csvPounds(line.pence)})`).join('; '),
  o.lines.length,
  ...money(o.total_pence),
  ...money(o.credit_pence),
  tendersOf(o),
];

const customerCells = (c: Awaited<ReturnType<typeof repo.customerPage>>[number]): CsvCell[] => [
  c.reference,
  c.first_name,
  c.last_name,
  c.email,
  c.phone,
  c.postcode,
  c.centre,
  c.registered,
  c.memberships,
  c.holder,
];

/** The header, then each page's rows, read only as the client takes them. */
async function* csvPages<Row>(
  db: Db,
  r: Range,
  counted: Counted,
  columns: readonly string[],
  page: Pager<Row>,
  cells: (row: Row) => CsvCell[],
): AsyncGenerator<string> {
  yield csvLine(columns);
  let after = 0;
  for (;;) {
    const found = await page(db, r, { after, upTo: counted.up_to, limit: exportPageSize });
    if (found.length === 0) return;
    yield found.map((row) => csvLine(cells(row))).join('');
    after = found.at(-1)!.id;
  }
}

/**
 * Orders and customers as CSV for the operator's own systems, and the audit of the dashboard's
 * in-browser table downloads (issue 37 item 2, decision 0102). Managers only, their centres only;
 * every file is written in the staff audit log (who, what, range, centres, rows) before it is sent.
 */
export function createExportsService({ db, timeZone }: { db: Db; timeZone: string }) {
  const actor = (staff: StaffUserRow) => ({ staff: { id: staff.id, username: staff.username } });
  return {
    async exportFile(
      staff: StaffUserRow,
      kind: ExportKind,
      query: ExportQuery,
    ): Promise<{ fileName: string; rows: number; body: Readable }> {
      const { shown, centres } = await managedCentres(db, staff, query.centre, 'all', exportsManagersOnly);
      const r: Range = { venueIds: centres.map((c) => c.id), from: query.from, to: query.to, timeZone };
      const counted = kind === 'orders' ? await repo.orderCount(db, r) : await repo.customerCount(db, r);
      await recordStaffAction(db, {
        by: actor(staff),
        action: kind === 'orders' ? 'export.orders' : 'export.customers',
        details: {
          from: query.from,
          to: query.to,
          centre: shown.slug,
          centreName: shown.name,
          rows: counted.rows,
        },
      });
      const body =
        kind === 'orders'
          ? csvPages(db, r, counted, orderExportColumns, repo.orderPage, orderCells)
          : csvPages(db, r, counted, customerExportColumns, repo.customerPage, customerCells);
      return {
        fileName: `${kind}-${shown.slug}-${query.from}-to-${query.to}.csv`,
        rows: counted.rows,
        body: Readable.from(body),
      };
    },

    /** A dashboard table downloaded as CSV in the browser: checked as the dashboard is, then logged. */
    async tableDownloaded(staff: StaffUserRow, download: TableDownload): Promise<void> {
      const query = parseInput(dashboardQuerySchema, {
        from: download.from,
        to: download.to,
        centre: download.centre,
      });
      const { shown } = await managedCentres(db, staff, query.centre, 'first', downloadsManagersOnly);
      await recordStaffAction(db, {
        by: actor(staff),
        action: 'dashboard.table-downloaded',
        details: {
          table: download.table,
          from: query.from,
          to: query.to,
          centre: shown.slug,
          centreName: shown.name,
          rows: download.rows,
        },
      });
    },
  };
}
