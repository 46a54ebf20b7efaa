import { todayIn } from '@lido/pricing/calendar-date';
import type { Db } from '../../db/client.ts';
import type { KeptSession } from '../activities/index.ts';
import { parseCatalogue, type CatalogueProblem } from './catalogue-file.ts';
import type { KeptPrice } from './catalogue-activities.repository.ts';
import { applyCatalogue, venueSlugsOf } from './catalogue.repository.ts';
import { storedPriceChangeNoticeDays, storedPriceChanges } from './catalogue-price-changes.repository.ts';
import { priceChangeProblems } from './price-change-checks.ts';

type ImportResult =
  | {
      ok: true;
      types: number;
      promotions: number;
      activities: number;
      /** one per schedule, day, start time and court */
      weeklySlots: number;
      sessionsCreated: number;
      sessionsDeleted: number;
      /** future sessions of removed schedules that stay because someone booked or holds a place */
      sessionsKept: KeptSession[];
      /** price bands that left the file but stay because a basket or booking names them */
      pricesKept: KeptPrice[];
    }
  | { ok: false; problems: CatalogueProblem[] };

/**
 * Checks the whole file against the operator's centres first; writes only when there is no problem.
 * Sessions are made in the operator's time zone (Europe/London unless told) from `now` on.
 */
export async function importCatalogue(
  db: Db,
  operatorId: number,
  source: string,
  clock: { timeZone?: string; now?: Date } = {},
): Promise<ImportResult> {
  const now = clock.now ?? new Date();
  const timeZone = clock.timeZone ?? 'Europe/London';
  const [stored, noticeDays] = await Promise.all([
    storedPriceChanges(db, operatorId),
    storedPriceChangeNoticeDays(db, operatorId),
  ]);
  const parsed = parseCatalogue(source, await venueSlugsOf(db, operatorId), (file) =>
    priceChangeProblems(file, stored, todayIn(timeZone, now), noticeDays),
  );
  if (!parsed.ok) return parsed;
  const applied = await applyCatalogue(db, operatorId, parsed.catalogue, { timeZone, now });
  return {
    ok: true,
    types: parsed.catalogue.types.length,
    promotions: parsed.catalogue.promotions.length,
    activities: parsed.catalogue.activities.length,
    weeklySlots: applied.weeklySlots,
    sessionsCreated: applied.sessions.created,
    sessionsDeleted: applied.sessions.deleted,
    sessionsKept: applied.sessions.kept,
    pricesKept: applied.keptPrices,
  };
}
