import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { seedDemoIfEmpty } from '../src/db/seed/seed-demo.ts';
import { redeemPromotion } from '../src/modules/memberships/index.ts';
import { createTestDatabase } from './support/test-database.ts';

describe('redeeming promotions when orders complete', () => {
  let database: DatabaseHandle;
  let limitedId: number;
  let openId: number;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoIfEmpty(database.db);
    const rows = await database.query<{ id: number; code: string }>(
      `SELECT id, code FROM promotions WHERE code IN ('FIRST5', 'WELCOME20')`,
    );
    limitedId = rows.find((row) => row.code === 'FIRST5')!.id;
    openId = rows.find((row) => row.code === 'WELCOME20')!.id;
  });
  afterAll(async () => {
    await database.close();
  });
  /** The code as a test wants it: never redeemed, with this limit (FIRST5 is imported with 5). */
  const freshPromotion = async (id: number, maxRedemptions: number | null) => {
    await database.query(`UPDATE promotions SET redemption_count = 0, max_redemptions = $2 WHERE id = $1`, [
      id,
      maxRedemptions,
    ]);
    await database.query(`DELETE FROM promotion_redemptions WHERE promotion_id = $1`, [id]);
  };

  it('never exceeds the limit: 50 concurrent redemptions of a code limited to 5 give exactly 5', async () => {
    await freshPromotion(limitedId, 5);
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        redeemPromotion(database.db, {
          promotionId: limitedId,
          orderReference: `order-${i}`,
          customerReference: `customer-${i}`,
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'redeemed')).toHaveLength(5);
    expect(outcomes.filter((outcome) => outcome === 'exhausted')).toHaveLength(45);
    const [promotion] = await database.query<{ redemption_count: number }>(
      `SELECT redemption_count FROM promotions WHERE id = $1`,
      [limitedId],
    );
    expect(promotion?.redemption_count).toBe(5);
    const [count] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM promotion_redemptions WHERE promotion_id = $1`,
      [limitedId],
    );
    expect(count?.n).toBe(5);
  });

  it('counts a retried completion of the same order once', async () => {
    await freshPromotion(openId, null);
    const first = await redeemPromotion(database.db, {
      promotionId: openId,
      orderReference: 'order-retry',
      customerReference: null,
    });
    const again = await redeemPromotion(database.db, {
      promotionId: openId,
      orderReference: 'order-retry',
      customerReference: null,
    });
    expect([first, again]).toEqual(['redeemed', 'already-redeemed-for-order']);
    const [promotion] = await database.query<{ redemption_count: number }>(
      `SELECT redemption_count FROM promotions WHERE id = $1`,
      [openId],
    );
    expect(promotion?.redemption_count).toBe(1);
  });

  it('lets a customer use a once-only code once', async () => {
    await freshPromotion(limitedId, null);
    const first = await redeemPromotion(database.db, {
      promotionId: limitedId,
      orderReference: 'order-a',
      customerReference: 'C100',
    });
    const second = await redeemPromotion(database.db, {
      promotionId: limitedId,
      orderReference: 'order-b',
      customerReference: 'C100',
    });
    expect([first, second]).toEqual(['redeemed', 'already-used-by-customer']);
    const [promotion] = await database.query<{ redemption_count: number }>(
      `SELECT redemption_count FROM promotions WHERE id = $1`,
      [limitedId],
    );
    expect(promotion?.redemption_count).toBe(1);
  });
});
