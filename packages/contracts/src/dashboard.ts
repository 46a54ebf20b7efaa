import { z } from 'zod';
import { isoDate, key } from './catalogue-fields.ts';
import { firstYear, lastYear } from './limits.ts';

/**
 * The manager's dashboard (issue 37 item 1, decision 0099). Not in the specification: the shapes
 * are Lido's. Every figure is for one centre and the local days `from` to `to`, both included;
 * money is in integer pence.
 */

export const dashboardMaxDays = 366;

/** `centre=all`: every centre the manager manages at once, with a row per centre (decision 0102). */
export const allCentres = 'all';

const rangeDate = isoDate.refine(
  (date) => Number(date.slice(0, 4)) >= firstYear && Number(date.slice(0, 4)) <= lastYear,
  { error: `must be a date from ${firstYear} to ${lastYear}` },
);

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export const dashboardQuerySchema = z
  .object({ from: rangeDate, to: rangeDate, centre: key.optional() })
  .refine((query) => query.from <= query.to, {
    error: 'The start of the range must be on or before its end.',
    path: ['to'],
  })
  .refine((query) => daysBetween(query.from, query.to) < dashboardMaxDays, {
    error: `The range can be at most ${dashboardMaxDays} days.`,
    path: ['to'],
  });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

export const tenders = ['card', 'direct-debit', 'cash', 'voucher', 'cheque', 'credit'] as const;
export type Tender = (typeof tenders)[number];
export const tenderLabels: Record<Tender, string> = {
  card: 'Card',
  'direct-debit': 'Direct Debit',
  cash: 'Cash',
  voucher: 'Voucher',
  cheque: 'Cheque',
  credit: 'Account credit',
};

export const productKinds = ['membership', 'booking', 'package', 'fee', 'outstanding_balance'] as const;
export const productKindLabels: Record<(typeof productKinds)[number], string> = {
  membership: 'Memberships',
  booking: 'Bookings',
  package: 'Packages',
  fee: 'Fees',
  outstanding_balance: 'Outstanding balances',
};

const count = z.number().int();
const pence = z.number().int();

export const dashboardSchema = z.object({
  /** the centre shown, or `{ slug: 'all', name: 'All my centres' }` */
  centre: z.object({ slug: z.string(), name: z.string() }),
  /** the centres this manager may choose between */
  centres: z.array(z.object({ slug: z.string(), name: z.string() })),
  from: z.string(),
  to: z.string(),
  /** every day of the range, with the places booked in sessions starting that day (none cancelled) */
  bookingsPerDay: z.array(z.object({ date: z.string(), places: count })),
  /** by activity: sessions run (not cancelled), their capacity, places booked, attended and no-shows */
  utilisation: z.array(
    z.object({
      activity: z.string(),
      sessions: count,
      capacity: count,
      booked: count,
      attended: count,
      noShows: count,
    }),
  ),
  /** by local weekday (1 Monday to 7 Sunday) and start hour: sessions run, their capacity, places booked */
  utilisationByHour: z.array(
    z.object({
      weekday: z.number().int().min(1).max(7),
      hour: z.number().int().min(0).max(23),
      sessions: count,
      capacity: count,
      booked: count,
    }),
  ),
  /** money taken at the centre in the range, by tender (every tender, zero when none) */
  revenueByTender: z.array(z.object({ tender: z.enum(tenders), label: z.string(), pence })),
  /** completed orders' lines at the centre in the range, by what was sold */
  revenueByProduct: z.array(z.object({ kind: z.enum(productKinds), label: z.string(), pence })),
  /** by membership type, home centre this one: joined, changed, frozen, cancelled in the range, and the net */
  memberships: z.array(
    z.object({
      type: z.string(),
      joined: count,
      changed: count,
      frozen: count,
      cancelled: count,
      net: count,
    }),
  ),
  /** collections billed in the range for members of this centre */
  directDebit: z.object({
    expected: z.object({ count, pence }),
    collected: z.object({ count, pence }),
    failed: z.object({ count, pence }),
  }),
  /** by activity: people who joined a waiting list for a session in the range, and how many got a place */
  waitingList: z.array(z.object({ activity: z.string(), joined: count, booked: count })),
  /**
   * Each centre shown (one row for one centre, every managed centre for `all`): sessions run, their
   * capacity, places booked, attended, no-shows, money taken (every tender), members joined and
   * cancelled. The rows add up to the totals above (decision 0102).
   */
  perCentre: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      sessions: count,
      capacity: count,
      booked: count,
      attended: count,
      noShows: count,
      revenuePence: pence,
      joined: count,
      cancelled: count,
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
