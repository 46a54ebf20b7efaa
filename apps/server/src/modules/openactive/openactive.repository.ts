import type { DatabaseHandle } from '../../db/client.ts';

/** Where a feed page starts: after this `modified` and id (0, 0 is the start of the feed). */
export interface FeedPosition {
  modified: number;
  id: number;
}

export interface PriceRow {
  band: 'adult' | 'junior' | 'concession' | 'member';
  pricePence: number;
}

interface FeedRow {
  id: number;
  modified: number;
  deleted: boolean;
}

export interface SeriesRow extends FeedRow {
  activityKey: string | null;
  openactiveActivityId: string | null;
  openactiveActivityLabel: string | null;
  name: string | null;
  description: string | null;
  minAge: number | null;
  maxAge: number | null;
  categoryName: string | null;
  venueSlug: string | null;
  venueName: string | null;
  address1: string | null;
  address2: string | null;
  town: string | null;
  postcode: string | null;
  lat: number | null;
  lng: number | null;
  operatorName: string | null;
  currency: string | null;
  prices: PriceRow[] | null;
  schedules: ScheduleRow[] | null;
}

/** A weekly slot of the series: ISO weekday 1 (Monday) to 7, local start time "HH:MM:SS". */
export interface ScheduleRow {
  weekday: number;
  startTime: string;
  durationMinutes: number;
  instructor: string | null;
}

export interface OperatorRow {
  name: string;
  logoUrl: string | null;
  /** the customer service address, where the dataset page sends questions about the data */
  email: string;
  /** when the operator came to Lido, which began publishing its open data */
  createdAt: Date;
}

export interface SessionRow extends FeedRow {
  seriesId: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  capacity: number | null;
  taken: number | null;
  instructor: string | null;
  cancelled: boolean | null;
  onlineBookingEnabled: boolean | null;
  locationName: string | null;
  currency: string | null;
  prices: PriceRow[] | null;
}

// Each page is one query: the live rows after the position, walked on their (modified, id) index,
// merged with the tombstones walked on theirs, and cut at the page size. The two walks stop at the
// page size each, so a page costs the same at the start of the feed as at its end.
const pricesJson = `(SELECT coalesce(json_agg(json_build_object('band', p.band, 'pricePence', p.price_pence) ORDER BY p.id), '[]'::json)
     FROM activity_prices p WHERE p.activity_id = a.id AND NOT p.retired)`;

// A session's offers: its activity's bands, each at its series' own amount where the series sets
// one (decision 0100); \`sc\` is the session's slot, or the slot it was set apart from.
const sessionPricesJson = `(SELECT coalesce(json_agg(json_build_object('band', p.band, 'pricePence',
       coalesce((SELECT (own->>'pricePence')::int FROM jsonb_array_elements(sc.prices) own
                  WHERE own->>'band' = p.band), p.price_pence)) ORDER BY p.id), '[]'::json)
     FROM activity_prices p WHERE p.activity_id = a.id AND NOT p.retired)`;

const seriesSql = `
SELECT * FROM (
  (SELECT sr.id, sr.modified, NOT a.active AS deleted, a.key AS activity_key,
          a.openactive_activity_id, a.openactive_activity_label, a.name, a.description,
          a.min_age, a.max_age, c.name AS category_name, v.slug AS venue_slug, v.name AS venue_name,
          v.address1, v.address2, v.town, v.postcode, v.lat, v.lng,
          o.name AS operator_name, o.currency, ${pricesJson} AS prices,
          (SELECT coalesce(json_agg(json_build_object('weekday', sc.weekday, 'startTime', sc.start_time,
                    'durationMinutes', sc.duration_minutes, 'instructor', sc.instructor) ORDER BY sc.weekday, sc.start_time), '[]'::json)
             FROM activity_schedules sc JOIN activity_locations sl ON sl.id = sc.location_id
            WHERE sc.activity_id = a.id AND sl.venue_id = sr.venue_id AND sc.active) AS schedules
     FROM openactive_series sr
     JOIN activities a ON a.id = sr.activity_id
     JOIN activity_categories c ON c.id = a.category_id
     JOIN venues v ON v.id = sr.venue_id
     JOIN operators o ON o.id = v.operator_id
    WHERE sr.kind = $1 AND (sr.modified, sr.id) > ($2::bigint, $3::int)
    ORDER BY sr.modified, sr.id LIMIT $4)
  UNION ALL
  (SELECT d.item_id, d.modified, true, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
          NULL, NULL, NULL, NULL, NULL, NULL
     FROM openactive_deleted_items d
    WHERE d.feed = $5 AND (d.modified, d.item_id) > ($2::bigint, $3::int)
    ORDER BY d.modified, d.item_id LIMIT $4)
) page ORDER BY modified, id LIMIT $4`;

const sessionsSql = `
SELECT * FROM (
  (SELECT s.id, s.feed_modified AS modified, NOT a.active AS deleted, sr.id AS series_id, s.starts_at, s.ends_at,
          s.capacity, s.taken, s.instructor, s.cancelled, s.online_booking_enabled, l.name AS location_name,
          (SELECT o.currency FROM operators o ORDER BY o.id LIMIT 1) AS currency, ${sessionPricesJson} AS prices
     FROM activity_sessions s
     JOIN activities a ON a.id = s.activity_id
     LEFT JOIN activity_schedules sc ON sc.id = coalesce(s.schedule_id, s.origin_schedule_id)
     JOIN openactive_series sr ON sr.activity_id = s.activity_id AND sr.venue_id = s.venue_id
     JOIN activity_locations l ON l.id = s.location_id
    WHERE a.kind = $1 AND (s.feed_modified, s.id) > ($2::bigint, $3::int)
    ORDER BY s.feed_modified, s.id LIMIT $4)
  UNION ALL
  (SELECT d.item_id, d.modified, true, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
     FROM openactive_deleted_items d
    WHERE d.feed = $5 AND (d.modified, d.item_id) > ($2::bigint, $3::int)
    ORDER BY d.modified, d.item_id LIMIT $4)
) page ORDER BY modified, id LIMIT $4`;

const camel = (key: string) => key.replace(/_([a-z])/g, (_m, letter: string) => letter.toUpperCase());

/** Rows with camelCase keys; `bigint` arrives as a string from PostgreSQL and becomes a number. */
function normalise<T>(rows: Record<string, unknown>[]): T[] {
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row)) out[camel(key)] = value;
    out.modified = Number(row.modified);
    out.id = Number(row.id);
    if (typeof out.prices === 'string') out.prices = JSON.parse(out.prices) as unknown;
    if (typeof out.schedules === 'string') out.schedules = JSON.parse(out.schedules) as unknown;
    return out as T;
  });
}

export function createOpenActiveRepository(database: DatabaseHandle) {
  return {
    async seriesPage(
      kind: 'session' | 'facility',
      feed: 'session-series' | 'facility-uses',
      after: FeedPosition,
      limit: number,
    ): Promise<SeriesRow[]> {
      const rows = await database.query(seriesSql, [kind, after.modified, after.id, limit, feed]);
      return normalise<SeriesRow>(rows);
    },
    async sessionsPage(
      kind: 'session' | 'facility',
      feed: 'scheduled-sessions' | 'slots',
      after: FeedPosition,
      limit: number,
    ): Promise<SessionRow[]> {
      const rows = await database.query(sessionsSql, [kind, after.modified, after.id, limit, feed]);
      return normalise<SessionRow>(rows);
    },
    /** The operator the dataset page describes, with the logo of its own theme (not a venue's). */
    async operator(): Promise<OperatorRow | undefined> {
      const rows = await database.query<{
        name: string;
        logo_url: string | null;
        customer_service_email: string;
        created_at: Date | string;
      }>(
        `SELECT o.name, o.customer_service_email, o.created_at,
                (SELECT t.logo_url FROM themes t WHERE t.operator_id = o.id AND t.venue_id IS NULL LIMIT 1) AS logo_url
           FROM operators o ORDER BY o.id LIMIT 1`,
      );
      const row = rows[0];
      return (
        row && {
          name: row.name,
          logoUrl: row.logo_url,
          email: row.customer_service_email,
          createdAt: new Date(row.created_at),
        }
      );
    },
  };
}
export type OpenActiveRepository = ReturnType<typeof createOpenActiveRepository>;
