import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { LandedMigrationError, migrate } from './migrate.ts';
import { seedDemoIfEmpty } from './seed/seed-demo.ts';

/**
 * `npm run db:reset`: starts over with an empty database and the demo operator. The embedded
 * database's folder is removed; on PostgreSQL the public schema is dropped and recreated.
 */
async function reset(): Promise<void> {
  const config = loadConfig();
  // It drops every customer and order: never on a production database.
  if (config.env === 'production') {
    process.stderr.write(
      'npm run db:reset deletes every customer and order, so it is refused when NODE_ENV=production.\n',
    );
    process.exit(1);
  }
  if (config.databaseUrl) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl });
    await database.runScript('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    await database.close();
  } else {
    fs.rmSync(path.join(config.dataDir, 'pglite'), { recursive: true, force: true });
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(database);
  const seeded = config.seedDemo && (await seedDemoIfEmpty(database.db));
  await database.close();
  process.stdout.write(
    `Database reset (${config.databaseUrl ? 'PostgreSQL' : config.dataDir})${seeded ? '; demo operator loaded' : ''}.\n`,
  );
}

reset().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError || error instanceof LandedMigrationError ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
