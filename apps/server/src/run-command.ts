import { type Config, ConfigError, loadConfig } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { LandedMigrationError } from './db/migrate.ts';

/**
 * Runs an `npm run` command against the configured database and exits with its code; a settings
 * problem or a changed landed migration prints its message alone, and the database is closed
 * whatever happens.
 */
export function runCommand(work: (database: DatabaseHandle, config: Config) => Promise<number>): void {
  const run = async () => {
    const config = loadConfig();
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      return await work(database, config);
    } finally {
      await database.close();
    }
  };
  run().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(
        `${error instanceof ConfigError || error instanceof LandedMigrationError ? error.message : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
