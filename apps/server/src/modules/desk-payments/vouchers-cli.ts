import { migrate } from '../../db/migrate.ts';
import { runCommand } from '../../run-command.ts';
import { runVouchersCommand } from './vouchers-cli-command.ts';

/** `npm run vouchers -- issue --value 10.00 --count 5`: vouchers the desk takes by code (decision 0072). */
runCommand(async (database) => {
  await migrate(database);
  return runVouchersCommand(process.argv.slice(2), database.db, {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  });
});
