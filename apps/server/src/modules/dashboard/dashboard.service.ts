import {
  productKindLabels,
  productKinds,
  tenderLabels,
  tenders,
  type Dashboard,
  type DashboardQuery,
} from '@lido/contracts/dashboard';
import type { StaffUserRow } from '../staff/index.ts';
import type { Db } from '../../db/client.ts';
import * as repo from './dashboard.repository.ts';
import { managedCentres, managersOnly } from './managed-centres.ts';
import { createExportsService } from './exports.service.ts';

const sum = <T>(items: T[], of: (item: T) => number) => items.reduce((total, item) => total + of(item), 0);

/** Rows of one key added up across centres, in the order first seen (the queries sort by name). */
function addUp<Row extends Record<string, unknown>>(
  rows: Row[],
  key: keyof Row,
  fields: (keyof Row)[],
): Row[] {
  const merged = new Map<unknown, Row>();
  for (const row of rows) {
    const seen = merged.get(row[key]);
    if (!seen) merged.set(row[key], { ...row });
    else for (const field of fields) (seen[field] as number) += row[field] as number;
  }
  return [...merged.values()];
}

/**
 * The manager's dashboard (issue 37 item 1, decisions 0099 and 0102): one centre's figures for a
 * range, or all the manager's centres' totals with a row per centre.
 */
export function createDashboardService({ db, timeZone }: { db: Db; timeZone: string }) {
  return {
    ...createExportsService({ db, timeZone }),

    async dashboard(staff: StaffUserRow, query: DashboardQuery): Promise<Dashboard> {
      const { shown, centres, mine } = await managedCentres(db, staff, query.centre, 'first', managersOnly);
      const range = { venueIds: centres.map((c) => c.id), from: query.from, to: query.to, timeZone };
      const [perDay, used, byHour, byTender, byProduct, members, collections, waiting] = await Promise.all([
        repo.bookingsPerDay(db, range),
        repo.utilisation(db, range),
        repo.utilisationByHour(db, range),
        repo.revenueByTender(db, range),
        repo.revenueByProduct(db, range),
        repo.membershipMovements(db, range),
        repo.directDebitCollections(db, range),
        repo.waitingListDemand(db, range),
      ]);
      const tendered = new Map(addUp(byTender, 'tender', ['pence']).map((row) => [row.tender, row.pence]));
      const sold = new Map(byProduct.map((row) => [row.kind, row.pence]));
      const activityFields = ['sessions', 'capacity', 'booked', 'attended', 'no_shows'] as const;
      const memberFields = ['joined', 'changed', 'frozen', 'cancelled'] as const;
      return {
        centre: shown,
        centres: mine.map((c) => ({ slug: c.slug, name: c.name })),
        from: query.from,
        to: query.to,
        bookingsPerDay: perDay,
        utilisation: addUp(used, 'activity', [...activityFields]).map((row) => ({
          activity: row.activity,
          sessions: row.sessions,
          capacity: row.capacity,
          booked: row.booked,
          attended: row.attended,
          noShows: row.no_shows,
        })),
        utilisationByHour: byHour,
        revenueByTender: tenders.map((tender) => ({
          tender,
          label: tenderLabels[tender],
          pence: tendered.get(tender) ?? 0,
        })),
        revenueByProduct: productKinds.map((kind) => ({
          kind,
          label: productKindLabels[kind],
          pence: sold.get(kind) ?? 0,
        })),
        memberships: addUp(members, 'type', [...memberFields])
          .filter((row) => row.joined + row.changed + row.frozen + row.cancelled > 0)
          .map(({ type, joined, changed, frozen, cancelled }) => ({
            type,
            joined,
            changed,
            frozen,
            cancelled,
            net: joined - cancelled,
          })),
        directDebit: {
          expected: { count: collections.expected_count!, pence: collections.expected_pence! },
          collected: { count: collections.collected_count!, pence: collections.collected_pence! },
          failed: { count: collections.failed_count!, pence: collections.failed_pence! },
        },
        waitingList: waiting,
        perCentre: centres.map((c) => {
          const ran = used.filter((row) => row.venue_id === c.id);
          const joinedHere = members.filter((row) => row.venue_id === c.id);
          return {
            slug: c.slug,
            name: c.name,
            sessions: sum(ran, (row) => row.sessions),
            capacity: sum(ran, (row) => row.capacity),
            booked: sum(ran, (row) => row.booked),
            attended: sum(ran, (row) => row.attended),
            noShows: sum(ran, (row) => row.no_shows),
            revenuePence: sum(
              byTender.filter((row) => row.venue_id === c.id),
              (row) => row.pence,
            ),
            joined: sum(joinedHere, (row) => row.joined),
            cancelled: sum(joinedHere, (row) => row.cancelled),
          };
        }),
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
