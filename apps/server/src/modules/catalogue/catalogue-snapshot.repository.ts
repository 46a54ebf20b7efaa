import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import {
  activities,
  activityCategories,
  activityLocations,
  catalogueVersion,
  customQuestions,
  operators,
  terms,
  themes,
  venues,
} from '../../db/schema.ts';
import { priceLists, sessionColumns, type SessionPriceRow } from '../activities/index.ts';
import {
  activeTypesWithDetails,
  type MembershipTypeDetails,
  type QuestionRow,
  type TermsRow,
} from '../memberships/index.ts';
import type { OperatorRow, ThemeRow, VenueRow } from '../operator/index.ts';

/** What the timetable takes from a live activity: the same columns as the uncached reads. */
type ActivityStructure = Awaited<ReturnType<typeof activityRowsOn>>[number] & {
  prices: SessionPriceRow[];
};

type LocationStructure = Pick<typeof activityLocations.$inferSelect, 'id' | 'name' | 'kind' | 'venueId'>;

/** The operator's whole catalogue as one consistent read, labelled with the version it was read at. */
export interface CatalogueSnapshot {
  version: number;
  operator: OperatorRow | undefined;
  /** by name, as the centre list shows them */
  venues: VenueRow[];
  themes: ThemeRow[];
  /** active types in catalogue order with their details */
  types: MembershipTypeDetails[];
  /** by id, as `terms` picks the first */
  terms: TermsRow[];
  /** active types' questions by type, then position */
  questions: QuestionRow[];
  /** live (active) activities by id */
  activities: Map<number, ActivityStructure>;
  locations: Map<number, LocationStructure>;
}

async function versionOn(executor: Executor): Promise<number> {
  const [row] = await executor.select({ version: catalogueVersion.version }).from(catalogueVersion);
  return row?.version ?? 0;
}

function activityRowsOn(executor: Executor) {
  return executor
    .select({
      activity: sessionColumns.activity,
      category: sessionColumns.category,
      prices: priceLists.prices,
    })
    .from(activities)
    .innerJoin(activityCategories, eq(activityCategories.id, activities.categoryId))
    .leftJoin(priceLists, eq(priceLists.activityId, activities.id))
    .where(eq(activities.active, true));
}

async function activitiesOn(executor: Executor): Promise<Map<number, ActivityStructure>> {
  const rows = await activityRowsOn(executor);
  return new Map(rows.map((row) => [row.activity.id, { ...row, prices: row.prices ?? [] }]));
}

async function snapshotOn(executor: Executor): Promise<CatalogueSnapshot> {
  // The version first: rows read after it are at least as new, never older than their label.
  const version = await versionOn(executor);
  const [operator] = await executor.select().from(operators).orderBy(asc(operators.id)).limit(1);
  const empty = {
    activities: new Map(),
    locations: new Map(),
    questions: [],
    terms: [],
    themes: [],
    types: [],
  };
  if (!operator) return { version, operator, venues: [], ...empty };
  const venueRows = await executor
    .select()
    .from(venues)
    .where(eq(venues.operatorId, operator.id))
    .orderBy(asc(venues.name));
  const types = await activeTypesWithDetails(executor, operator.id);
  const typeIds = types.map((details) => details.type.id);
  const venueIds = venueRows.map((venue) => venue.id);
  return {
    version,
    operator,
    venues: venueRows,
    themes: await executor.select().from(themes).where(eq(themes.operatorId, operator.id)),
    types,
    terms: await executor
      .select()
      .from(terms)
      .where(eq(terms.operatorId, operator.id))
      .orderBy(asc(terms.id)),
    questions:
      typeIds.length === 0
        ? []
        : await executor
            .select()
            .from(customQuestions)
            .where(inArray(customQuestions.membershipTypeId, typeIds))
            .orderBy(
              asc(customQuestions.membershipTypeId),
              asc(customQuestions.position),
              asc(customQuestions.id),
            ),
    activities: await activitiesOn(executor),
    locations: new Map(
      (venueIds.length === 0
        ? []
        : await executor
            .select({
              id: activityLocations.id,
              name: activityLocations.name,
              kind: activityLocations.kind,
              venueId: activityLocations.venueId,
            })
            .from(activityLocations)
            .where(inArray(activityLocations.venueId, venueIds))
      ).map((row) => [row.id, row]),
    ),
  };
}

/** Reads for the catalogue cache (catalogue-cache.ts): the version alone, and everything at once. */
export function createCatalogueSnapshotRepository(db: Db) {
  return {
    /** One tiny indexed read: what each instance asks at most once per check interval. */
    version: () => versionOn(db),
    /** A read-only repeatable-read transaction, so every table is seen as of one moment. */
    load: () =>
      db.transaction((tx) => snapshotOn(tx), { isolationLevel: 'repeatable read', accessMode: 'read only' }),
  };
}
export type CatalogueSnapshotRepository = ReturnType<typeof createCatalogueSnapshotRepository>;
