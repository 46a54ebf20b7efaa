import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { LandedMigrationError, migrate } from '../../db/migrate.ts';
import { seedDemoIfEmpty } from '../../db/seed/seed-demo.ts';
import { createOperatorRepository } from '../operator/index.ts';
import { formatProblems } from './catalogue-file.ts';
import { importCatalogue } from './catalogue-import.ts';

/** `npm run catalogue:import -- FILE`: checks the whole file, then applies it in one transaction. */
async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write('Usage: npm run catalogue:import -- FILE (a YAML or JSON catalogue file)\n');
    return 64;
  }
  if (!fs.existsSync(file)) {
    process.stderr.write(`${file}: no such file\n`);
    return 66;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(database);
    if (config.seedDemo) await seedDemoIfEmpty(database.db);
    const operator = await createOperatorRepository(database.db).current();
    if (!operator) {
      process.stderr.write('No operator is set up in this database, so there is nothing to import into.\n');
      return 69;
    }
    const result = await importCatalogue(database.db, operator.id, fs.readFileSync(file, 'utf8'), {
      timeZone: config.timeZone,
    });
    if (!result.ok) {
      process.stderr.write(`${formatProblems(path.basename(file), result.problems)}\n`);
      return 65;
    }
    process.stdout.write(
      `Imported ${path.basename(file)}: ${result.types} membership types, ${result.promotions} promotions, ` +
        `${result.activities} activities in ${result.weeklySlots} weekly slots; ` +
        `${result.sessionsCreated} sessions created, ${result.sessionsDeleted} removed.\n`,
    );
    for (const kept of result.sessionsKept) {
      process.stdout.write(
        `  Kept ${kept.activity} at ${kept.venue} on ${kept.startsAt.toISOString()} (session ${kept.sessionId}): ` +
          `its schedule left the file but ${kept.taken} place(s) are booked or held. It is closed to online booking.\n`,
      );
    }
    for (const kept of result.pricesKept) {
      process.stdout.write(
        `  Kept the ${kept.band} price of ${kept.activity}: it left the file but a basket or booking names it.\n`,
      );
    }
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
