import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createConnectionGate, GatedPool } from '../src/db/connection-gate.ts';

/** Decision 0067: at most N connections in use, and waiting payments are served first. */
describe('the connection gate', () => {
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('lets N in at once, then serves waiting payments before the rest, each kind in arrival order', async () => {
    const gate = createConnectionGate(2);
    await gate.enter(false);
    await gate.enter(false);
    const served: string[] = [];
    const wait = (name: string, payment: boolean) => gate.enter(payment).then(() => served.push(name));
    const all = [
      wait('page 1', false),
      wait('payment 1', true),
      wait('page 2', false),
      wait('payment 2', true),
    ];
    await settled();
    expect(served).toEqual([]);
    expect(gate.waiting).toBe(4);

    for (let left = 0; left < 4; left += 1) {
      gate.leave();
      await settled();
    }
    await Promise.all(all);
    expect(served).toEqual(['payment 1', 'payment 2', 'page 1', 'page 2']);
    expect(gate.waiting).toBe(0);
  });

  it('frees a place for each leave, so the N+1th waits only until one leaves', async () => {
    const gate = createConnectionGate(1);
    await gate.enter(false);
    let entered = false;
    const next = gate.enter(false).then(() => (entered = true));
    await settled();
    expect(entered).toBe(false);
    gate.leave();
    await next;
    expect(entered).toBe(true);
    gate.leave();
    // Empty again: one enters at once.
    await gate.enter(true);
  });

  /** A pool that hands out clients and records their releases; `failing` makes the next call fail. */
  function fakePool() {
    const released: unknown[] = [];
    const state = { failing: false, inFlight: 0, mostInFlight: 0 };
    const pool = {
      async connect() {
        if (state.failing) throw new Error('connection refused');
        return {
          release: (destroy?: unknown) => released.push(destroy ?? 'kept'),
        } as unknown as pg.PoolClient;
      },
      async query() {
        state.inFlight += 1;
        state.mostInFlight = Math.max(state.mostInFlight, state.inFlight);
        await settled();
        state.inFlight -= 1;
        if (state.failing) throw new Error('query failed');
        return { rows: [] };
      },
    } as unknown as pg.Pool;
    return { pool, released, state };
  }

  it('gives the place back once when a client is released, even if released twice', async () => {
    const gate = createConnectionGate(1);
    const { pool, released } = fakePool();
    const gated = new GatedPool(pool, gate, false);
    const client = await gated.connect();
    let second = false;
    const waiting = gated.connect().then((other) => {
      second = true;
      return other;
    });
    await settled();
    expect(second).toBe(false);
    client.release();
    client.release();
    const other = await waiting;
    expect(second).toBe(true);
    expect(released).toEqual(['kept', 'kept']);
    // Still one place only: the double release did not make two.
    let third = false;
    const after = gated.connect().then(() => (third = true));
    await settled();
    expect(third).toBe(false);
    other.release(new Error('broken'));
    await after;
    expect(released).toContainEqual(new Error('broken'));
  });

  it('gives the place back when connecting or a query fails, and never runs more queries than places', async () => {
    const gate = createConnectionGate(2);
    const { pool, state } = fakePool();
    const gated = new GatedPool(pool, gate, true);
    await Promise.all(Array.from({ length: 10 }, () => gated.query('SELECT 1')));
    expect(state.mostInFlight).toBe(2);

    state.failing = true;
    await expect(gated.connect()).rejects.toThrow('connection refused');
    await expect(gated.query('SELECT 1')).rejects.toThrow('query failed');
    await expect(gated.query('SELECT 1')).rejects.toThrow('query failed');
    state.failing = false;
    // Both places are free again.
    await gate.enter(false);
    await gate.enter(false);
    expect(gate.waiting).toBe(0);
  });
});
