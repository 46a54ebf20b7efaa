import readline from 'node:readline';
import { ConfigError, loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { LandedMigrationError, migrate } from '../../db/migrate.ts';
import { seedDemoIfEmpty } from '../../db/seed/seed-demo.ts';
import { hashPassword } from '../auth/index.ts';
import { passwordProblems } from '../customers/index.ts';
import { createOperatorRepository } from '../operator/index.ts';
import { createStaffAccounts } from './staff-accounts.ts';
import { runStaffCommand } from './staff-cli-commands.ts';

/** The first line of standard input (so a password never appears in the shell's history). */
async function firstLine(): Promise<string> {
  const lines = readline.createInterface({ input: process.stdin, terminal: false });
  if (process.stdin.isTTY) process.stderr.write('New password (shown as you type): ');
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

async function main(): Promise<number> {
  // A hash needs no database.
  if (process.argv[2] === 'hash') {
    const password = process.env.STAFF_PASSWORD ?? (await firstLine());
    const problems = passwordProblems(password);
    if (problems.length > 0) {
      process.stderr.write(`${problems.join('\n')}\n`);
      return 65;
    }
    process.stdout.write(`${await hashPassword(password)}\n`);
    return 0;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(database);
    if (config.seedDemo) await seedDemoIfEmpty(database.db);
    const operator = await createOperatorRepository(database.db).current();
    if (!operator) {
      process.stderr.write('No operator is set up in this database, so there are no staff to manage.\n');
      return 69;
    }
    return await runStaffCommand(
      process.argv.slice(2),
      createStaffAccounts({ db: database.db, clock: () => new Date() }),
      operator.id,
      {
        out: (text) => process.stdout.write(text),
        err: (text) => process.stderr.write(text),
        readPassword: async () => process.env.STAFF_PASSWORD ?? (await firstLine()),
      },
    );
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
