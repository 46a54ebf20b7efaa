import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { catalogueFiles, staffUsers } from '../../db/schema.ts';
import type { CatalogueFile } from './catalogue-file.schema.ts';

/** Keeps the file just imported (defaults filled in), for `npm run catalogue:export` (decision 0092). */
export async function storeCatalogueFile(tx: Executor, operatorId: number, file: CatalogueFile) {
  const stored = JSON.parse(JSON.stringify(file)) as Record<string, unknown>;
  await tx
    .insert(catalogueFiles)
    .values({ operatorId, file: stored })
    .onConflictDoUpdate({ target: catalogueFiles.operatorId, set: { file: stored, importedAt: new Date() } });
}

export async function storedCatalogueFile(ex: Executor, operatorId: number) {
  const [stored] = await ex
    .select({ file: catalogueFiles.file })
    .from(catalogueFiles)
    .where(eq(catalogueFiles.operatorId, operatorId));
  return stored?.file;
}

/** The staff accounts as the file's `staff:` section lists them (a read; the staff module writes them). */
export function staffAccountsOf(ex: Executor, operatorId: number) {
  return ex
    .select()
    .from(staffUsers)
    .where(eq(staffUsers.operatorId, operatorId))
    .orderBy(asc(staffUsers.id));
}

async function rows<Row>(ex: Executor, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await ex.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** The stored activities and places, standing in for the rest of the file when a series is checked. */
export async function activitiesAndPlaces(ex: Executor) {
  const [activities, locations] = await Promise.all([
    rows<{
      key: string;
      kind: string;
      category: string;
      minAge?: number;
      maxAge?: number;
      prices: { band: string }[];
    }>(
      ex,
      sql`SELECT a.key, a.kind, c.key AS category, a.min_age AS "minAge", a.max_age AS "maxAge",
                 (SELECT coalesce(json_agg(json_build_object('band', p.band)), '[]'::json)
                    FROM activity_prices p WHERE p.activity_id = a.id AND NOT p.retired) AS prices
          FROM activities a
          JOIN activity_categories c ON c.id = a.category_id WHERE a.active`,
    ),
    rows<{ venue: string; key: string; kind: string; name: string }>(
      ex,
      sql`SELECT v.slug AS venue, l.key, l.kind, l.name FROM activity_locations l JOIN venues v ON v.id = l.venue_id`,
    ),
  ]);
  return { activities, locations };
}
