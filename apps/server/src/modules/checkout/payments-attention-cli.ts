import { runCommand } from '../../run-command.ts';
import { formatAttentionLine, paymentsNeedingAttention } from './payments-attention.ts';

/** `npm run payments:attention`: lists the card payments staff must check at the provider. */
runCommand(async (database) => {
  const rows = await paymentsNeedingAttention(database.db);
  if (rows.length === 0) {
    process.stdout.write('No card payments need attention.\n');
    return 0;
  }
  process.stdout.write(`${rows.length} card payment(s) need attention:\n`);
  for (const row of rows) process.stdout.write(`${formatAttentionLine(row)}\n`);
  // A non-zero exit lets a monitoring job alert on it.
  return 3;
});
