import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import type { PaymentAttemptStatus } from '../src/db/schema.ts';
import { seedDemoIfEmpty } from '../src/db/seed/seed-demo.ts';
import {
  assertAttemptMove,
  attemptTransitions,
  canMoveAttempt,
  IllegalAttemptTransition,
} from '../src/modules/checkout/payment-attempt-transitions.ts';
import {
  findAttempt,
  insertAttempt,
  moveAttempt,
} from '../src/modules/checkout/payment-attempt.repository.ts';
import { createTestDatabase } from './support/test-database.ts';

const finished: PaymentAttemptStatus[] = ['failed', 'completed', 'voided', 'refunded', 'needs_attention'];

describe('the payment attempt transition table', () => {
  it('lets a finished attempt move nowhere', () => {
    for (const from of finished) expect(attemptTransitions[from]).toEqual([]);
  });

  it('refuses an illegal transition: a declined or completed payment is never authorised again', () => {
    expect(canMoveAttempt('failed', 'authorised')).toBe(false);
    expect(canMoveAttempt('completed', 'authorised')).toBe(false);
    expect(canMoveAttempt('created', 'completed')).toBe(false);
    expect(canMoveAttempt('authorised', 'failed')).toBe(false);
    expect(() => assertAttemptMove(['authorised', 'failed'], 'completed')).toThrow(IllegalAttemptTransition);
    expect(() => assertAttemptMove([], 'failed')).toThrow(IllegalAttemptTransition);
  });

  it('allows the moves a card payment makes', () => {
    expect(canMoveAttempt('created', 'pending_sca')).toBe(true);
    expect(canMoveAttempt('pending_sca', 'authorised')).toBe(true);
    expect(canMoveAttempt('authorised', 'completed')).toBe(true);
    expect(canMoveAttempt('authorised', 'reversing')).toBe(true);
    expect(canMoveAttempt('reversing', 'voided')).toBe(true);
    expect(() => assertAttemptMove(['created', 'unknown'], 'needs_attention')).not.toThrow();
  });
});

describe('moving a stored payment attempt', () => {
  let database: DatabaseHandle;
  let customerId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoIfEmpty(database.db);
    const [customer] = await database.query<{ id: number }>(
      `INSERT INTO customers (operator_id, reference, email, password_hash, first_name, last_name)
       SELECT id, 'C' || nextval('customer_reference_seq')::text, 'transitions@example.com', 'x', 'Tess', 'Transitions' FROM operators LIMIT 1
       RETURNING id`,
    );
    customerId = customer!.id;
  });
  afterAll(async () => {
    await database.close();
  });

  async function attemptIn(status: PaymentAttemptStatus): Promise<string> {
    const uuid = randomUUID();
    await insertAttempt(database.db, {
      uuid,
      customerId,
      provider: 'sandbox',
      vendorTxCode: `T-${uuid}`,
      amountPence: 1000,
      currency: 'GBP',
      status,
      billing: {
        firstName: 'Tess',
        lastName: 'Transitions',
        line1: '1 Pool Lane',
        city: 'Leeds',
        postcode: 'LS1 1AA',
        country: 'GB',
      },
    });
    return uuid;
  }

  it('refuses an illegal transition and leaves the row as it was', async () => {
    const uuid = await attemptIn('failed');
    await expect(moveAttempt(database.db, uuid, ['failed'], 'authorised')).rejects.toThrow(
      IllegalAttemptTransition,
    );
    expect((await findAttempt(database.db, uuid))?.status).toBe('failed');
  });

  it('moves only from the states it names, and says whether it moved', async () => {
    const uuid = await attemptIn('pending_sca');
    expect(await moveAttempt(database.db, uuid, ['created', 'unknown'], 'authorised')).toBeUndefined();
    expect((await findAttempt(database.db, uuid))?.status).toBe('pending_sca');
    const moved = await moveAttempt(database.db, uuid, ['pending_sca'], 'failed', {
      error: { code: 'sca', message: '3D Secure verification failed' },
    });
    expect(moved).toMatchObject({ status: 'failed', error: { code: 'sca' } });
  });

  it('lets exactly one of two racing callers claim an authorised payment to give it back', async () => {
    const uuid = await attemptIn('authorised');
    const claims = await Promise.all([
      moveAttempt(database.db, uuid, ['authorised'], 'reversing'),
      moveAttempt(database.db, uuid, ['authorised'], 'reversing'),
    ]);
    expect(claims.filter((claim) => claim !== undefined)).toHaveLength(1);
  });
});
