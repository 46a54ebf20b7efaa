import type { Db } from '../../db/client.ts';
import { parseCatalogue, type CatalogueProblem } from './catalogue-file.ts';
import { applyCatalogue, venueSlugsOf } from './catalogue.repository.ts';

export type ImportResult =
  { ok: true; types: number; promotions: number } | { ok: false; problems: CatalogueProblem[] };

/** Checks the whole file against the operator's centres first; writes only when there is no problem. */
export async function importCatalogue(db: Db, operatorId: number, source: string): Promise<ImportResult> {
  const parsed = parseCatalogue(source, await venueSlugsOf(db, operatorId));
  if (!parsed.ok) return parsed;
  await applyCatalogue(db, operatorId, parsed.catalogue);
  return { ok: true, types: parsed.catalogue.types.length, promotions: parsed.catalogue.promotions.length };
}
