import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { seedDemoIfEmpty } from '../../db/seed/seed-demo.ts';
import { createOperatorRepository } from '../operator/operator.repository.ts';
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
    const result = await importCatalogue(database.db, operator.id, fs.readFileSync(file, 'utf8'));
    if (!result.ok) {
      process.stderr.write(`${formatProblems(path.basename(file), result.problems)}\n`);
      return 65;
    }
    process.stdout.write(
      `Imported ${path.basename(file)}: ${result.types} membership types, ${result.promotions} promotions.\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
