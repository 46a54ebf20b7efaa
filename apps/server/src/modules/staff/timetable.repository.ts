import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { PriceBand } from '../../db/schema.ts';

async function rows<Row>(ex: Executor, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await ex.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** Every centre's name by slug (reads only: the operator module writes venues). */
export async function centreNamesOf(ex: Executor): Promise<Map<string, string>> {
  const found = await rows<{ slug: string; name: string }>(ex, sql`SELECT slug, name FROM venues`);
  return new Map(found.map((row) => [row.slug, row.name]));
}

/** The places at the centres given, and the live activities, for the manager's series form. */
export async function placesAndActivities(ex: Executor, centres: string[]) {
  const [places, activities] = await Promise.all([
    rows<{ venue: string; key: string; name: string; kind: string }>(
      ex,
      sql`SELECT v.slug AS venue, l.key, l.name, l.kind FROM activity_locations l JOIN venues v ON v.id = l.venue_id
          WHERE v.slug = ANY(${`{${centres.join(',')}}`}::text[]) ORDER BY l.name`,
    ),
    rows<{
      key: string;
      name: string;
      kind: 'session' | 'facility';
      prices: { band: PriceBand; pricePence: number; bookingWindowDays: number }[];
    }>(
      ex,
      // its own price bands, which a series may price its own way (decision 0100)
      sql`SELECT a.key, a.name, a.kind,
                 (SELECT coalesce(json_agg(json_build_object('band', p.band, 'pricePence', p.price_pence,
                           'bookingWindowDays', p.booking_window_days) ORDER BY p.id), '[]'::json)
                    FROM activity_prices p WHERE p.activity_id = a.id AND NOT p.retired) AS prices
          FROM activities a WHERE a.active ORDER BY a.name`,
    ),
  ]);
  return { places, activities };
}
