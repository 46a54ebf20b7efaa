import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { type DatabaseHandle, openDatabase, wrapPglite } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';

/**
 * A clean, migrated database for one test file: a fresh schema in PostgreSQL when DATABASE_URL is
 * set, otherwise in the worker's shared embedded database (PGlite costs ~2 s and ~700 MB to start,
 * so one instance serves every file in a worker).
 */
export async function createTestDatabase(
  options: { logQuery?: (text: string) => void } = {},
): Promise<DatabaseHandle> {
  const schemaName = `test_${randomBytes(6).toString('hex')}`;
  const databaseUrl = process.env.DATABASE_URL;
  let handle: DatabaseHandle;
  if (databaseUrl) {
    handle = await openDatabase({ databaseUrl, schemaName, logQuery: options.logQuery });
  } else {
    const shared = ((globalThis as { __lidoPglite?: Promise<PGlite> }).__lidoPglite ??= PGlite.create());
    handle = await wrapPglite(await shared, { schemaName, ownsClient: false, logQuery: options.logQuery });
  }
  await migrate(handle);
  const close = handle.close.bind(handle);
  return {
    ...handle,
    async close() {
      await handle.runScript(`DROP SCHEMA ${schemaName} CASCADE`);
      await close();
    },
  };
}
