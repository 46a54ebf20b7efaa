import { stringify } from 'yaml';
import type { Db } from '../../db/client.ts';
import { seriesOfSlots, storedSlotsOf } from '../activities/index.ts';
import { staffAccountsOf, storedCatalogueFile } from './catalogue-files.repository.ts';
import { openingEntriesOf } from './catalogue-openings.repository.ts';

export const nothingImportedYet =
  'No catalogue file has been imported into this database since exports began: import one with `npm run catalogue:import -- FILE` first.';

/**
 * The current catalogue as a file (issue 35 item 2, decision 0092): the file last imported, with the
 * sections changed since outside the file read back from the tables: the weekly series (the staff
 * site's timetable) and the staff accounts (`npm run staff`). Importing it changes nothing.
 */
export async function exportCatalogue(
  db: Db,
  operatorId: number,
  timeZone = 'Europe/London',
): Promise<{ ok: true; source: string } | { ok: false; message: string }> {
  const stored = await storedCatalogueFile(db, operatorId);
  if (!stored) return { ok: false, message: nothingImportedYet };
  const file = { ...stored };

  // The series in the order the file listed them, then those the staff site added.
  const bySeries = new Map<string, Awaited<ReturnType<typeof storedSlotsOf>>>();
  for (const slot of await storedSlotsOf(db)) {
    const key = slot.key.split(':')[0]!;
    bySeries.set(key, [...(bySeries.get(key) ?? []), slot]);
  }
  const listed = ((file.schedules ?? []) as { key: string }[]).map((schedule) => schedule.key);
  const keys = [
    ...listed.filter((key) => bySeries.has(key)),
    ...[...bySeries.keys()].filter((key) => !listed.includes(key)).sort(),
  ];
  file.schedules = keys.map((key) => seriesOfSlots(bySeries.get(key)!));

  const staff = await staffAccountsOf(db, operatorId);
  file.staff = staff.map((member) => ({
    username: member.username,
    name: member.displayName,
    role: member.role,
    passwordHash: member.passwordHash,
    currencySymbol: member.currencySymbol,
    active: member.active,
    ...(member.role === 'manager' ? { centres: member.centres } : {}),
  }));

  // Openings announced in the staff site as well as the file's, as the tables hold them.
  const openings = await openingEntriesOf(db, operatorId, timeZone);
  if (openings.length > 0 || 'openings' in file) file.openings = openings;

  const header = [
    '# The catalogue as it stands, written by `npm run catalogue:export` (decision 0092).',
    '# Importing it again changes nothing; edit it and import it as the bulk route.',
  ].join('\n');
  return { ok: true, source: `${header}\n${stringify(file, { lineWidth: 0 })}` };
}
