import type { Executor } from '../../db/client.ts';
import { namesOf } from './family.repository.ts';

/**
 * Names the person each line is for when it is not the customer themself (one of their
 * dependants), so the basket says who a booking or membership is for (decision 0051).
 */
export async function labelFamilyLines<T extends object>(
  db: Executor,
  customerId: number,
  lines: T[],
): Promise<(T & { purchasedForName?: string })[]> {
  const names = await othersNames(
    db,
    customerId,
    lines.map((line) => personOf(line) ?? null),
  );
  if (names.size === 0) return lines;
  return lines.map((line) => {
    const person = personOf(line);
    const name = person === undefined ? undefined : names.get(person);
    return name === undefined ? line : { ...line, purchasedForName: name };
  });
}

/** Who a line is for; a line for nobody in particular (an outstanding balance) has no one. */
function personOf(line: object): number | undefined {
  return 'purchasedForUserId' in line && typeof line.purchasedForUserId === 'number'
    ? line.purchasedForUserId
    : undefined;
}

/** The names of the people among `ids` who are not the customer themself (their dependants). */
export async function othersNames(
  db: Executor,
  customerId: number,
  ids: (number | null)[],
): Promise<Map<number, string>> {
  const others = [...new Set(ids)].filter((id): id is number => id !== null && id !== customerId);
  return others.length === 0 ? new Map() : namesOf(db, others);
}
