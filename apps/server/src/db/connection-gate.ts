import type pg from 'pg';

/**
 * At most `size` database connections in use at a time, handed to waiting payments first (decision
 * 0067). When every connection is busy, as in January's joining rush, a customer whose card is
 * authorised finishes paying before the next page view is read: the queue is at the till, not in
 * the middle of it. Work of one kind is served in arrival order.
 */
export function createConnectionGate(size: number) {
  let inUse = 0;
  const waiting = { payments: [] as (() => void)[], rest: [] as (() => void)[] };
  return {
    async enter(payment: boolean): Promise<void> {
      if (inUse < size) {
        inUse += 1;
        return;
      }
      // The connection's leaver hands its place straight to us: `inUse` stays as it is.
      await new Promise<void>((resolve) => (payment ? waiting.payments : waiting.rest).push(resolve));
    },
    leave(): void {
      const next = waiting.payments.shift() ?? waiting.rest.shift();
      if (next) next();
      else inUse -= 1;
    },
    /** how many wait (tests, and a look under load) */
    get waiting() {
      return waiting.payments.length + waiting.rest.length;
    },
  };
}
type ConnectionGate = ReturnType<typeof createConnectionGate>;

/**
 * A pg pool behind the gate, as drizzle's node-postgres driver uses one: single queries, and a
 * client checked out for a transaction (which holds its place until released). Its name has "Pool"
 * in it, which is how the driver knows to check a client out for a transaction.
 */
export class GatedPool {
  constructor(
    private readonly pool: pg.Pool,
    private readonly gate: ConnectionGate,
    private readonly payment: boolean,
  ) {}

  /** A single query, as `pg.Pool#query` takes it (a config or text, and its values). */
  async query(...args: unknown[]): Promise<unknown> {
    await this.gate.enter(this.payment);
    try {
      return await (this.pool.query as (...all: unknown[]) => Promise<unknown>)(...args);
    } finally {
      this.gate.leave();
    }
  }

  async connect(): Promise<pg.PoolClient> {
    await this.gate.enter(this.payment);
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      this.gate.leave();
      throw error;
    }
    const release = client.release.bind(client);
    let released = false;
    client.release = (destroy?: boolean | Error) => {
      if (!released) {
        released = true;
        this.gate.leave();
      }
      return release(destroy);
    };
    return client;
  }
}
