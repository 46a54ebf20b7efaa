import type { Cart } from '@lido/contracts/cart';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivity, createSession, sessionCounts } from './support/activity-factories.ts';
import { apiClient } from './support/api.ts';
import { createCustomer } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 33 item 7: a held place that lapses while the customer is away is released by the job,
 * and the basket, opened again, names it rather than only saying it is empty.
 */
describe('places released while the customer was away', () => {
  let t: TestApp;
  const api = apiClient(() => t);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('are named when the basket is next opened, until the session is in the basket again', async () => {
    const customer = await createCustomer(t);
    const activity = await createActivity(t, { name: 'Aqua fit (away)' });
    const session = await createSession(t, activity, { capacity: 5 });
    const added = await api.as(customer).book(session.id, activity.price('adult').id);
    expect(added.status).toBe(200);
    const cartId = added.data.cartId!;
    // The hold runs out while nobody is looking, and the job gives the place back.
    await t.database.db.execute(
      sql`UPDATE cart_booking_lines SET held_until = now() - interval '1 minute' WHERE cart_id = ${cartId}`,
    );
    expect(await t.services().cart.releaseExpired()).toBe(1);
    expect(await sessionCounts(t, session.id)).toMatchObject({ taken: 0 });

    for (let look = 0; look < 2; look += 1) {
      const basket = await api.as(customer).get<Cart>('/api/cart');
      expect(basket.status).toBe(200);
      expect(basket.data.items).toHaveLength(0);
      expect(basket.data.expiredItems).toEqual([
        expect.objectContaining({
          name: 'Aqua fit (away)',
          message:
            'Your place was held for you for a limited time, which has run out, so it was released. Add the session again if spaces are left.',
        }),
      ]);
    }
    // Another customer's basket says nothing of it.
    const other = await createCustomer(t);
    expect((await api.as(other).get<Cart>('/api/cart')).data.expiredItems ?? []).toEqual([]);

    // Added again, the session is no longer named as lost.
    expect((await api.as(customer).book(session.id, activity.price('adult').id)).status).toBe(200);
    const again = await api.as(customer).get<Cart>('/api/cart');
    expect(again.data.items).toHaveLength(1);
    expect(again.data.expiredItems ?? []).toEqual([]);
  });
});
