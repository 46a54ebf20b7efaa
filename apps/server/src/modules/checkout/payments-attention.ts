import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers, paymentAttempts } from '../../db/schema.ts';

/**
 * Card payments staff must look at, oldest first: ones whose outcome the provider could not tell
 * within 30 minutes (LIDO_PAYMENT_UNRESOLVED) and ones that could not be given back.
 */
export async function paymentsNeedingAttention(db: Db) {
  return db
    .select({
      attempt: paymentAttempts.uuid,
      customer: customers.reference,
      provider: paymentAttempts.provider,
      vendorTxCode: paymentAttempts.vendorTxCode,
      providerTxId: paymentAttempts.providerTxId,
      amountPence: paymentAttempts.amountPence,
      error: paymentAttempts.error,
      createdAt: paymentAttempts.createdAt,
    })
    .from(paymentAttempts)
    .innerJoin(customers, eq(customers.id, paymentAttempts.customerId))
    .where(eq(paymentAttempts.status, 'needs_attention'))
    .orderBy(asc(paymentAttempts.createdAt));
}

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
