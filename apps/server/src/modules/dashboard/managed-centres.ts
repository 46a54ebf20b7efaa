import { allCentres } from '@lido/contracts/dashboard';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import type { StaffUserRow } from '../staff/index.ts';
import * as repo from './dashboard.repository.ts';

export const managersOnly = 'Only a centre manager can see the dashboard.';
export const notYourCentre = (centre: string) =>
  `You don’t manage ${centre}: a manager sees the figures of their own centres only.`;
export const noSuchCentre = 'There is no centre with that name.';
export const allMyCentres = 'All my centres';

export type Centre = { id: number; slug: string; name: string };

/**
 * The centres a query names: the manager's own, one of them by slug, or all of them (`all`, decision
 * 0102). No centre: `whenNone` (the dashboard's first centre, or every centre for an export).
 */
export async function managedCentres(
  db: Db,
  staff: StaffUserRow,
  centre: string | undefined,
  whenNone: 'first' | 'all',
  notAManager: string,
): Promise<{ shown: { slug: string; name: string }; centres: Centre[]; mine: Centre[] }> {
  if (staff.role !== 'manager') throw new HttpError(403, notAManager);
  const all = await repo.centresByName(db);
  const mine = all.filter((c) => staff.centres.includes(c.slug));
  if (mine.length === 0) throw new HttpError(403, notAManager);
  if (centre === allCentres || (centre === undefined && whenNone === 'all'))
    return { shown: { slug: allCentres, name: allMyCentres }, centres: mine, mine };
  const slug = centre ?? mine[0]!.slug;
  const found = all.find((c) => c.slug === slug);
  if (!found) throw new HttpError(404, noSuchCentre);
  if (!mine.includes(found)) throw new HttpError(403, notYourCentre(found.name));
  return { shown: { slug: found.slug, name: found.name }, centres: [found], mine };
}

export const exportsManagersOnly = 'Only a centre manager can export orders and customers.';
export const downloadsManagersOnly = 'Only a centre manager can download the dashboard’s tables.';
