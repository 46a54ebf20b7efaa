import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { createConnectionGate, GatedPool } from './connection-gate.ts';
import { copyPgliteTemplate } from './pglite-template.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction's handle, for work that must commit (or not) with its caller's. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What a repository function runs on: the database, or the caller's transaction. */
export type Executor = Db | Tx;

/** One database, embedded or server, behind the same small surface. */
export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** The same database for the payment path: first in line for a connection (decision 0067). */
  payments: Db;
  /** How many statements wait for a connection this moment (a look under load, and tests). */
  waitingForConnections(): number;
  /** Runs a multi-statement SQL script inside one transaction (migrations, resets). */
  runScript(script: string): Promise<void>;
  /** A single parameterised query, for the few places that need raw SQL. */
  query<Row extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  /**
   * Runs `work` holding a named lock that every process on this database shares (a session-level
   * advisory lock on a connection of its own, released when the work ends or the process dies).
   * With `wait: false` it answers at once, `acquired: false`, while another holder has it.
   */
  withLock<T>(name: string, work: () => Promise<T>, options?: { wait?: boolean }): Promise<LockOutcome<T>>;
  close(): Promise<void>;
}

type LockOutcome<T> = { acquired: true; value: T } | { acquired: false };

interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** Confine every unqualified table name to this schema (tests isolate themselves this way). */
  schemaName?: string | undefined;
  /** Called with every statement the app runs (tests count the queries a request makes). */
  logQuery?: ((text: string) => void) | undefined;
  /**
   * A migrated PGlite data directory (pglite-template.ts) an empty `dataDir` starts as a copy of
   * instead of a new cluster; a directory that already holds a database ignores it.
   */
  pgliteTemplate?: string | undefined;
}

const schemaNamePattern = /^[a-z_][a-z0-9_]{0,62}$/;

function checkedSchemaName(name: string): string {
  if (!schemaNamePattern.test(name)) throw new Error(`Invalid schema name "${name}"`);
  return name;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.schemaName, options.logQuery);
  if (!options.dataDir) throw new Error('Either a DATABASE_URL or a data directory is needed');
  const dir = path.join(options.dataDir, 'pglite');
  const holdsDatabase = fs.existsSync(path.join(dir, 'PG_VERSION'));
  if (!holdsDatabase && options.pgliteTemplate) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    copyPgliteTemplate(options.pgliteTemplate, dir);
  } else {
    fs.mkdirSync(dir, { recursive: true });
  }
  const client = new PGlite({ dataDir: dir });
  await client.waitReady;
  return wrapPglite(client, { schemaName: options.schemaName, ownsClient: true, logQuery: options.logQuery });
}

export async function wrapPglite(
  client: PGlite,
  {
    schemaName,
    ownsClient,
    logQuery,
  }: { schemaName?: string | undefined; ownsClient: boolean; logQuery?: OpenOptions['logQuery'] },
): Promise<DatabaseHandle> {
  if (schemaName) {
    const name = checkedSchemaName(schemaName);
    await client.exec(`CREATE SCHEMA IF NOT EXISTS ${name}; SET search_path TO ${name};`);
  }
  const db = drizzlePglite(client, { schema, logger: drizzleLogger(logQuery) }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    // One connection in one process: there is no line to go first in.
    payments: db,
    waitingForConnections: () => 0,
    async runScript(script) {
      await client.transaction(async (tx) => {
        await tx.exec(script);
      });
    },
    async query<Row extends Record<string, unknown>>(text: string, params: unknown[] = []) {
      logQuery?.(text);
      const result = await client.query<Row>(text, params);
      return result.rows;
    },
    // PGlite lives in one process, so a lock held in memory is held everywhere.
    withLock: createInProcessLocks(),
    async close() {
      if (ownsClient) await client.close();
    },
  };
}

/** Connections for queries and transactions at a time, per process (several run on one database). */
const gatedConnections = 10;
/** Connections beyond those for the job locks (three jobs run on one instance) and migrations. */
const lockConnections = 4;

async function openPostgres(
  databaseUrl: string,
  schemaName: string | undefined,
  logQuery: OpenOptions['logQuery'],
): Promise<DatabaseHandle> {
  if (schemaName) {
    const name = checkedSchemaName(schemaName);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${name}`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    // The gate hands out the queries' and transactions' connections; the rest are for the named
    // locks the one-instance jobs hold while they run, and for migrations.
    max: gatedConnections + lockConnections,
    ...(schemaName ? { options: `-c search_path=${checkedSchemaName(schemaName)}` } : {}),
  });
  // Fail fast with a clear message when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const gate = createConnectionGate(gatedConnections);
  const inArrivalOrder = new GatedPool(pool, gate, false);
  const gated = (through: GatedPool) =>
    drizzlePostgres(through as unknown as pg.Pool, {
      schema,
      logger: drizzleLogger(logQuery),
    }) as unknown as Db;
  return {
    kind: 'postgres',
    db: gated(inArrivalOrder),
    payments: gated(new GatedPool(pool, gate, true)),
    waitingForConnections: () => gate.waiting,
    async runScript(script) {
      const connection = await pool.connect();
      try {
        await connection.query('BEGIN');
        await connection.query(script);
        await connection.query('COMMIT');
      } catch (error) {
        await connection.query('ROLLBACK');
        throw error;
      } finally {
        connection.release();
      }
    },
    async query<Row extends Record<string, unknown>>(text: string, params: unknown[] = []) {
      logQuery?.(text);
      const result = (await inArrivalOrder.query(text, params)) as pg.QueryResult<Row>;
      return result.rows;
    },
    async withLock(name, work, options = {}) {
      const connection = await pool.connect();
      // Keyed by schema too: test files share one database, each in a schema of its own.
      const key = `hashtextextended(current_schema() || ':' || $1, 0)`;
      let broken: Error | undefined;
      try {
        const [row] = (
          await connection.query<{ locked: boolean }>(
            options.wait === false
              ? `SELECT pg_try_advisory_lock(${key}) AS locked`
              : `SELECT pg_advisory_lock(${key}) IS NOT NULL AS locked`,
            [name],
          )
        ).rows;
        if (!row?.locked) return { acquired: false };
        try {
          return { acquired: true, value: await work() };
        } finally {
          await connection.query(`SELECT pg_advisory_unlock(${key})`, [name]).catch((error: Error) => {
            broken = error;
          });
        }
      } finally {
        // A connection whose unlock failed is closed rather than pooled: closing releases the lock.
        connection.release(broken ?? false);
      }
    },
    async close() {
      await pool.end();
    },
  };
}

/** Drizzle's logger hook, only when someone listens (drizzle skips logging entirely without one). */
function drizzleLogger(logQuery: OpenOptions['logQuery']) {
  return logQuery ? { logQuery: (text: string) => logQuery(text) } : false;
}

/** Named locks for a database only this process opens: each name runs one holder at a time. */
function createInProcessLocks(): DatabaseHandle['withLock'] {
  const held = new Map<string, Promise<unknown>>();
  return async function withLock<T>(
    name: string,
    work: () => Promise<T>,
    options: { wait?: boolean } = {},
  ): Promise<LockOutcome<T>> {
    while (held.has(name)) {
      if (options.wait === false) return { acquired: false };
      await held.get(name)!.catch(() => undefined);
    }
    const running = work();
    held.set(name, running);
    try {
      return { acquired: true, value: await running };
    } finally {
      held.delete(name);
    }
  };
}
