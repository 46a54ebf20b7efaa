import type {
  ActivitiesRepository,
  LiveSessionRow,
  LiveSessionsRepository,
  SessionRow,
} from '../activities/index.ts';
import { withSeriesPrices, withSeriesRules } from '../activities/index.ts';
import type { MembershipsRepository } from '../memberships/index.ts';
import type { OperatorRepository } from '../operator/index.ts';
import type { CatalogueCache } from './catalogue-cache.ts';
import type { CatalogueSnapshot } from './catalogue-snapshot.repository.ts';
import { createFreshReads } from './fresh-reads.ts';

/**
 * The hot reads answered from the cached catalogue (decision 0038), each with the signature and the
 * answer of the database read it stands in for, so services take either: `buildApp`'s
 * `catalogueCache: false` wires the database ones, and a test compares the two answer by answer.
 */
export type OperatorReads = Pick<OperatorRepository, 'current' | 'venues' | 'venueBySlug' | 'themes'>;
export type MembershipReads = Pick<
  MembershipsRepository,
  'typesAtVenue' | 'typeDetails' | 'optionWithType' | 'terms' | 'questions'
>;
type SessionGroupRow = Awaited<ReturnType<ActivitiesRepository['sessionGroup']>>[number];

export type ActivityReads = Pick<ActivitiesRepository, 'venueContext'> & {
  /** A session page's rows; with `places` 'shared' (visitors) they may be the window old, as below. */
  sessionGroup(
    sessionId: number,
    customerId: number | null,
    places?: 'live' | 'shared',
  ): Promise<SessionGroupRow[]>;
  /**
   * The sessions of the range. With `places` 'shared' (visitors, decision 0061) the places left may
   * be up to the instance's window old, and while they are the very same array is answered to
   * every request, so a caller may keep what it derives from it by the array's identity; the
   * array is replaced whenever the catalogue changes. The database read always reads live.
   */
  sessionsBetween(venueId: number, from: Date, to: Date, places?: 'live' | 'shared'): Promise<SessionRow[]>;
};

/** Where cached reads take the snapshot from: `current` as fresh as the cache's interval, `fresh` without waiting. */
type SnapshotSource = Pick<CatalogueCache, 'current' | 'fresh'>;

/** One snapshot as the source of every read: reads made from it agree with each other. */
export function snapshotSource(snapshot: CatalogueSnapshot): SnapshotSource {
  return { current: () => Promise.resolve(snapshot), fresh: () => snapshot };
}

/** The snapshot when it is this operator's (there is one operator per deployment). */
async function ofOperator(cache: SnapshotSource, operatorId: number): Promise<CatalogueSnapshot | undefined> {
  const snapshot = await cache.current();
  return snapshot.operator?.id === operatorId ? snapshot : undefined;
}

/**
 * `database`: the reads the cache stands in for. A caller inside a transaction passes its executor,
 * and is answered from a fresh snapshot or else by that read on its own transaction.
 */
export function cachedOperatorReads(
  cache: SnapshotSource,
  database: Pick<OperatorReads, 'current'>,
): OperatorReads {
  return {
    async current(executor) {
      if (!executor) return (await cache.current()).operator;
      const fresh = cache.fresh();
      return fresh ? fresh.operator : database.current(executor);
    },
    venues: async (operatorId) => (await ofOperator(cache, operatorId))?.venues ?? [],
    venueBySlug: async (operatorId, slug) =>
      (await ofOperator(cache, operatorId))?.venues.find((venue) => venue.slug === slug),
    themes: async (operatorId) => (await ofOperator(cache, operatorId))?.themes ?? [],
  };
}

export function cachedMembershipReads(cache: SnapshotSource): MembershipReads {
  return {
    async typesAtVenue(operatorId, venueId) {
      const types = (await ofOperator(cache, operatorId))?.types ?? [];
      return types.filter(
        (details) =>
          details.type.coverage === 'national' || details.venues.some((venue) => venue.id === venueId),
      );
    },
    async typeDetails(operatorId, typeId) {
      return (await ofOperator(cache, operatorId))?.types.find((details) => details.type.id === typeId);
    },
    async optionWithType(operatorId, optionId) {
      for (const details of (await ofOperator(cache, operatorId))?.types ?? []) {
        const option = details.options.find((candidate) => candidate.id === optionId);
        if (option) return { option, type: details.type };
      }
      return undefined;
    },
    async terms(operatorId, kind, typeId) {
      return ((await ofOperator(cache, operatorId))?.terms ?? []).filter(
        (row) => row.kind === kind && (row.membershipTypeId === null || row.membershipTypeId === typeId),
      );
    },
    async questions(typeId) {
      return (await cache.current()).questions.filter((row) => row.membershipTypeId === typeId);
    },
  };
}

/** A live session row with its activity and location from the snapshot; none when either is gone. */
function withStructure(snapshot: CatalogueSnapshot, row: LiveSessionRow): SessionRow | undefined {
  const structure = snapshot.activities.get(row.activityId);
  const location = snapshot.locations.get(row.locationId);
  if (!structure || !location) return undefined;
  return {
    session: row.session,
    activity: withSeriesRules(structure.activity, row.seriesRules),
    category: structure.category,
    location: { id: location.id, name: location.name, kind: location.kind },
    prices: withSeriesPrices(structure.prices, row.seriesPrices),
  };
}

const present = <T>(value: T | undefined): value is T => value !== undefined;

/** The weeks (or other ranges) kept for visitors: a few centres times a few weeks people look at. */
const sharedRangesKept = 64;
/** The session pages kept for visitors: a rush is on a few sessions; a crawler is bounded by this. */
const sharedGroupsKept = 512;

/**
 * Timetable reads: structure from the cache; places left (and a customer's memberships) live, or
 * for visitors read at most once per `placesFreshMs` per range (decision 0061).
 */
export function cachedActivityReads(
  cache: CatalogueCache,
  live: LiveSessionsRepository,
  { placesFreshMs, now }: { placesFreshMs: number; now?: () => number },
): ActivityReads {
  const sharedRanges = createFreshReads<SessionRow[]>({
    freshMs: placesFreshMs,
    maxEntries: sharedRangesKept,
    now,
  });
  const sharedGroups = createFreshReads<LiveSessionRow[]>({
    freshMs: placesFreshMs,
    maxEntries: sharedGroupsKept,
    now,
  });
  const joined = async (snapshot: CatalogueSnapshot, venueId: number, from: Date, to: Date) =>
    (await live.between(venueId, from, to)).map((row) => withStructure(snapshot, row)).filter(present);

  const venueAnswer = (snapshot: CatalogueSnapshot, venueId: number) => {
    const venue = snapshot.venues.find((candidate) => candidate.id === venueId);
    if (!venue || !snapshot.operator) return undefined;
    return {
      venue: {
        id: venue.id,
        slug: venue.slug,
        name: venue.name,
        activitiesV2Enabled: venue.activitiesV2Enabled,
      },
      operator: {
        currency: snapshot.operator.currency,
        bookingWindowOpensAt: snapshot.operator.bookingWindowOpensAt,
      },
    };
  };
  const periods = (customerId: number | null) =>
    customerId === null ? Promise.resolve([]) : live.membershipPeriods(customerId);

  return {
    async venueContext(slug, customerId) {
      const snapshot = await cache.current();
      const venue = snapshot.venues.find((candidate) => candidate.slug === slug);
      const answer = venue && venueAnswer(snapshot, venue.id);
      return answer && { ...answer, memberships: await periods(customerId) };
    },
    async sessionsBetween(venueId, from, to, places = 'live') {
      const snapshot = await cache.current();
      if (places === 'live') return joined(snapshot, venueId, from, to);
      const key = `${venueId}|${from.toISOString()}|${to.toISOString()}`;
      return sharedRanges.read(key, snapshot, () => joined(snapshot, venueId, from, to));
    },
    async sessionGroup(sessionId, customerId, places = 'live') {
      const snapshot = await cache.current();
      const rows =
        places === 'live'
          ? await live.group(sessionId)
          : await sharedGroups.read(String(sessionId), snapshot, () => live.group(sessionId));
      const answer = rows[0] && venueAnswer(snapshot, rows[0].venueId);
      if (!answer) return [];
      const memberships = await periods(customerId);
      return rows
        .map((row) => withStructure(snapshot, row))
        .filter(present)
        .map((row) => ({ ...row, ...answer, memberships }));
    },
  };
}
