import { todayIn } from '@lido/pricing/calendar-date';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activitySessions } from '../src/db/schema.ts';
import { createActivity, createSession, holdPlace, sessionCounts } from './support/activity-factories.ts';
import { basketWith, catalogueAt, createCustomer } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

describe('the activity tables (migration 0022)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('refuses, in the database, a session with more places taken than it has', async () => {
    const activity = await createActivity(t);
    const session = await createSession(t, activity, { capacity: 2, taken: 2 });
    const overfill = t.database.db
      .update(activitySessions)
      .set({ taken: sql`${activitySessions.taken} + 1` })
      .where(eq(activitySessions.id, session.id));
    const refused = await overfill.then(
      () => 'accepted',
      (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
    );
    expect(refused).toMatch(/activity_sessions_never_oversold/);
    expect(await sessionCounts(t, session.id)).toEqual({ capacity: 2, taken: 2 });
  });

  it('gives every change to a session a larger feed number, for OpenActive readers', async () => {
    const activity = await createActivity(t);
    const session = await createSession(t, activity);
    const [after] = await t.database.db
      .update(activitySessions)
      .set({ taken: 1 })
      .where(eq(activitySessions.id, session.id))
      .returning();
    expect(after!.feedModified).toBeGreaterThan(session.feedModified);
  });

  it('numbers held places and membership lines from one sequence, so a basket item id names one line', async () => {
    const customer = await createCustomer(t);
    const at = await catalogueAt(t);
    const cart = await basketWith(
      t,
      customer,
      [{ slug: 'swim-unlimited', paymentType: 'fixed', startDate: todayIn('Europe/London', new Date()) }],
      at,
    );
    const membershipLineId = cart.items[0]!.id;
    const activity = await createActivity(t);
    const session = await createSession(t, activity, { capacity: 1 });
    const { line } = await holdPlace(t, customer.id, session, activity.price('adult'));
    expect(line.id).toBeGreaterThan(membershipLineId);
    expect(line.cartId).toBe(cart.cartId);
    expect(await sessionCounts(t, session.id)).toEqual({ capacity: 1, taken: 1 });
    await expect(holdPlace(t, customer.id, session, activity.price('adult'))).rejects.toThrow(/no room/);
  });
});
