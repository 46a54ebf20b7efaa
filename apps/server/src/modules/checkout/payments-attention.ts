import { attemptsNeedingAttention } from './payment-attempt.repository.ts';

/** Card payments staff must look at, oldest first (what `npm run payments:attention` lists). */
export const paymentsNeedingAttention = attemptsNeedingAttention;

/** One line per payment, for a terminal or a log. */
export function formatAttentionLine(row: Awaited<ReturnType<typeof paymentsNeedingAttention>>[number]) {
  const amount = `£${(row.amountPence / 100).toFixed(2)}`;
  return [
    row.createdAt.toISOString(),
    row.customer,
    amount,
    row.provider,
    `ref ${row.vendorTxCode}`,
    `provider id ${row.providerTxId ?? '-'}`,
    `${row.error?.code ?? '-'}: ${row.error?.message ?? ''}`,
  ].join('  ');
}
