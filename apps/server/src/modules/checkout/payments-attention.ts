import { bookingRefundsNeedingAttention } from '../bookings/index.ts';
import { attemptsNeedingAttention } from './payment-attempt.repository.ts';
import { membershipRefundsNeedingAttention } from '../memberships/index.ts';

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

/** Cancelled bookings whose card refund failed or never finished (decision 0032). */
export const bookingRefundsOwed = bookingRefundsNeedingAttention;

export function formatRefundLine(row: Awaited<ReturnType<typeof bookingRefundsOwed>>[number]) {
  return [
    row.cancelledAt?.toISOString() ?? '-',
    row.customer,
    `£${((row.refundPence ?? 0) / 100).toFixed(2)}`,
    `order ${row.orderReference ?? '-'}`,
    `booking ${row.bookingId}`,
    `card refund ${row.refundStatus}`,
  ].join('  ');
}

/** Cooling-off cancellations whose card refund staff must make by hand (decision 0043). */
export const membershipRefundsOwed = membershipRefundsNeedingAttention;

export function formatMembershipRefundLine(row: Awaited<ReturnType<typeof membershipRefundsOwed>>[number]) {
  return [
    row.cancelledAt?.toISOString() ?? '-',
    row.customer,
    `£${((row.refundPence ?? 0) / 100).toFixed(2)}`,
    `order ${row.orderReference ?? '-'}`,
    `membership ${row.membershipId}`,
    'cooling-off card refund failed',
  ].join('  ');
}
