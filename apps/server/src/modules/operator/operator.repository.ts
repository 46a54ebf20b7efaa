import { asc, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { operators, themes, venues } from '../../db/schema.ts';

export type OperatorRow = typeof operators.$inferSelect;
export type VenueRow = typeof venues.$inferSelect;
export type ThemeRow = typeof themes.$inferSelect;

/** The operator this deployment serves, its venues and its themes. */
export function createOperatorRepository(db: Db) {
  return {
    /** `executor`: a transaction that needs the operator (PGlite runs one statement at a time). */
    async current(executor: Executor = db): Promise<OperatorRow | undefined> {
      const [row] = await executor.select().from(operators).orderBy(asc(operators.id)).limit(1);
      return row;
    },
    async venues(operatorId: number): Promise<VenueRow[]> {
      return db.select().from(venues).where(eq(venues.operatorId, operatorId)).orderBy(asc(venues.name));
    },
    async venueBySlug(operatorId: number, slug: string): Promise<VenueRow | undefined> {
      const rows = await db.select().from(venues).where(eq(venues.slug, slug)).limit(1);
      const row = rows[0];
      return row && row.operatorId === operatorId ? row : undefined;
    },
    async themes(operatorId: number): Promise<ThemeRow[]> {
      return db.select().from(themes).where(eq(themes.operatorId, operatorId));
    },
  };
}
export type OperatorRepository = ReturnType<typeof createOperatorRepository>;
