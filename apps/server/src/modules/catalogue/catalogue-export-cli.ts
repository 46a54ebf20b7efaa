import fs from 'node:fs';
import { ConfigError, loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { LandedMigrationError, migrate } from '../../db/migrate.ts';
import { seedDemoIfEmpty } from '../../db/seed/seed-demo.ts';
import { createOperatorRepository } from '../operator/index.ts';
import { exportCatalogue } from './catalogue-export.ts';

/** `npm run catalogue:export -- [FILE]`: the current catalogue, to FILE or standard output. */
async function main(): Promise<number> {
  const file = process.argv[2];
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(database);
    if (config.seedDemo) await seedDemoIfEmpty(database.db);
    const operator = await createOperatorRepository(database.db).current();
    if (!operator) {
      process.stderr.write('No operator is set up in this database, so there is nothing to export.\n');
      return 69;
    }
    const exported = await exportCatalogue(database.db, operator.id, config.timeZone);
    if (!exported.ok) {
      process.stderr.write(`${exported.message}\n`);
      return 69;
    }
    if (file) {
      fs.writeFileSync(file, exported.source);
      process.stderr.write(`Wrote the catalogue to ${file}.\n`);
    } else process.stdout.write(exported.source);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof ConfigError || error instanceof LandedMigrationError ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
