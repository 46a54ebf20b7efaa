import { operators, themes, venues } from '../schema.ts';
import type { Db } from '../client.ts';
import { demoOperator, demoOperatorTheme, demoVenues } from './demo-operator.ts';

/** Fills an empty database with the demo operator; a database that has an operator is left alone. */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const existing = await db.select({ id: operators.id }).from(operators).limit(1);
  if (existing.length > 0) return false;
  await db.transaction(async (tx) => {
    const [operator] = await tx.insert(operators).values(demoOperator).returning({ id: operators.id });
    if (!operator) throw new Error('Demo operator was not created');
    await tx.insert(themes).values({ operatorId: operator.id, ...demoOperatorTheme });
    for (const { theme, ...venue } of demoVenues) {
      const [created] = await tx
        .insert(venues)
        .values({ ...venue, operatorId: operator.id })
        .returning({ id: venues.id });
      if (theme && created)
        await tx.insert(themes).values({ operatorId: operator.id, venueId: created.id, ...theme });
    }
  });
  return true;
}
