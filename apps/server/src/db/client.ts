import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction's handle, for work that must commit (or not) with its caller's. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One database, embedded or server, behind the same small surface. */
export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs a multi-statement SQL script inside one transaction (migrations, resets). */
  runScript(script: string): Promise<void>;
  /** A single parameterised query, for the few places that need raw SQL. */
  query<Row extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** Confine every unqualified table name to this schema (tests isolate themselves this way). */
  schemaName?: string | undefined;
}

const schemaNamePattern = /^[a-z_][a-z0-9_]{0,62}$/;

function checkedSchemaName(name: string): string {
  if (!schemaNamePattern.test(name)) throw new Error(`Invalid schema name "${name}"`);
  return name;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.schemaName);
  if (!options.dataDir) throw new Error('Either a DATABASE_URL or a data directory is needed');
  const dir = path.join(options.dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir);
  await client.waitReady;
  return wrapPglite(client, { schemaName: options.schemaName, ownsClient: true });
}

export async function wrapPglite(
  client: PGlite,
  { schemaName, ownsClient }: { schemaName?: string | undefined; ownsClient: boolean },
): Promise<DatabaseHandle> {
  if (schemaName) {
    const name = checkedSchemaName(schemaName);
    await client.exec(`CREATE SCHEMA IF NOT EXISTS ${name}; SET search_path TO ${name};`);
  }
  return {
    kind: 'pglite',
    db: drizzlePglite(client, { schema }) as unknown as Db,
    async runScript(script) {
      await client.transaction(async (tx) => {
        await tx.exec(script);
      });
    },
    async query<Row extends Record<string, unknown>>(text: string, params: unknown[] = []) {
      const result = await client.query<Row>(text, params);
      return result.rows;
    },
    async close() {
      if (ownsClient) await client.close();
    },
  };
}

async function openPostgres(databaseUrl: string, schemaName: string | undefined): Promise<DatabaseHandle> {
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
    max: 10,
    ...(schemaName ? { options: `-c search_path=${checkedSchemaName(schemaName)}` } : {}),
  });
  // Fail fast with a clear message when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  return {
    kind: 'postgres',
    db: drizzlePostgres(pool, { schema }) as unknown as Db,
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
      const result = await pool.query<Row>(text, params);
      return result.rows;
    },
    async close() {
      await pool.end();
    },
  };
}
