import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { membershipCategories, membershipTypeCategories } from '../../db/schema.ts';

/** The category names of each membership type, in catalogue order: what lists of held or basket memberships show. */
export async function categoryNamesByType(db: Executor, typeIds: number[]): Promise<Map<number, string[]>> {
  const names = new Map<number, string[]>(typeIds.map((typeId) => [typeId, []]));
  if (typeIds.length === 0) return names;
  const rows = await db
    .select({ typeId: membershipTypeCategories.membershipTypeId, name: membershipCategories.name })
    .from(membershipTypeCategories)
    .innerJoin(membershipCategories, eq(membershipCategories.id, membershipTypeCategories.categoryId))
    .where(inArray(membershipTypeCategories.membershipTypeId, [...new Set(typeIds)]))
    .orderBy(membershipCategories.id);
  for (const row of rows) names.get(row.typeId)?.push(row.name);
  return names;
}
