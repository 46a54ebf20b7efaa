import { runCommand } from '../../run-command.ts';
import {
  bookingRefundsOwed,
  formatAttentionLine,
  formatMembershipRefundLine,
  formatRefundLine,
  membershipRefundsOwed,
  paymentsNeedingAttention,
} from './payments-attention.ts';

/**
 * `npm run payments:attention`: lists the card payments staff must check at the provider, and the
 * cancelled bookings and cooling-off cancellations whose card refund they must make by hand.
 */
runCommand(async (database) => {
  const rows = await paymentsNeedingAttention(database.db);
  const refunds = await bookingRefundsOwed(database.db);
  const membershipRefunds = await membershipRefundsOwed(database.db);
  if (rows.length === 0 && refunds.length === 0 && membershipRefunds.length === 0) {
    process.stdout.write('No card payments need attention.\n');
    return 0;
  }
  if (rows.length > 0) process.stdout.write(`${rows.length} card payment(s) need attention:\n`);
  for (const row of rows) process.stdout.write(`${formatAttentionLine(row)}\n`);
  if (refunds.length > 0) process.stdout.write(`${refunds.length} booking refund(s) to make by hand:\n`);
  for (const row of refunds) process.stdout.write(`${formatRefundLine(row)}\n`);
  if (membershipRefunds.length > 0)
    process.stdout.write(`${membershipRefunds.length} cooling-off refund(s) to make by hand:\n`);
  for (const row of membershipRefunds) process.stdout.write(`${formatMembershipRefundLine(row)}\n`);
  // A non-zero exit lets a monitoring job alert on it.
  return 3;
});
