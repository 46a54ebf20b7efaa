import { penaltyFeeWords, type PenaltyFee } from '@lido/contracts/penalty-fees';
import { untilText } from '@lido/pricing/booking-strikes';
import { moneyFormat, type MoneyFormat } from '@lido/pricing/money';
import type { Executor, Tx } from '../../db/client.ts';
import { addCredit } from '../account-credit/index.ts';
import { escapeHtml } from '../../http/escape-html.ts';
import type { EmailQueue } from '../email/index.ts';
import * as repo from './penalty-fees.repository.ts';

/**
 * Fees for a no-show or a late cancellation (issue 35 item 6, decision 0101), as the registers
 * module gives them: in the mark's (or the cancellation's) transaction, once per booking, with the
 * customer's email queued in it.
 */

/** "No-show: Spin, Tue 1 Dec, 18:00" */
export const feeAbout = (row: Pick<repo.FeeRow, 'kind' | 'activity_name' | 'starts_at'>, timeZone: string) =>
  `${penaltyFeeWords.kinds[row.kind]}: ${row.activity_name}, ${untilText(row.starts_at, timeZone)}`;

const prettyDay = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone }).format(at);

export function feeAnswer(row: repo.FeeRow, format: MoneyFormat, timeZone: string): PenaltyFee {
  return {
    id: row.id,
    kind: row.kind,
    about: feeAbout(row, timeZone),
    amount: format.money(row.amount_pence),
    givenAt: row.given_at.toISOString(),
    prettyGivenAt: prettyDay(row.given_at, timeZone),
    status: row.given_back ? 'given-back' : row.paid ? 'paid' : row.waived ? 'waived' : 'owed',
    waivedReason: row.waived ? row.waived_reason : null,
  };
}

/** Gives a booking its fee (once however often it is asked, even at once) and emails the customer. */
export async function givePenaltyFee(
  tx: Tx,
  fee: { customerId: number; bookingId: number; kind: repo.FeeKind; amountPence: number; at: Date },
  context: { email: EmailQueue; timeZone: string; currency: string },
): Promise<boolean> {
  if (fee.amountPence <= 0) return false;
  const given = await repo.giveFee(tx, fee);
  if (!given) return false;
  const facts = await repo.emailFacts(tx, fee.bookingId);
  if (!facts) return true;
  const amount = moneyFormat(context.currency).money(fee.amountPence).formatted;
  const session = `${facts.activity_name}, ${untilText(facts.starts_at, context.timeZone)}`;
  const paragraphs = [
    `Hello ${facts.first_name},`,
    fee.kind === 'no-show'
      ? `You were booked on ${session} but were marked as not attending, so a fee of ${amount} has been added to your account.`
      : `You cancelled ${session} late, so a fee of ${amount} has been added to your account.`,
    'You can pay it in My account. Until it is paid you can’t book online, but you can still book at the centre’s reception.',
    `If you think this is a mistake, contact us at ${facts.contact_email}.`,
    facts.operator_name,
  ];
  await context.email.send(
    {
      to: facts.email,
      subject: 'A fee on your account',
      text: paragraphs.join('\n\n'),
      html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n'),
    },
    { tx, dedupeKey: `penalty-fee:${fee.bookingId}:${fee.at.toISOString()}` },
  );
  return true;
}

/**
 * A no-show corrected to attended: its unpaid fee is no longer owed (it is owed again if re-marked),
 * and one already paid is given back as account credit, once.
 */
export async function waiveNoShowFees(tx: Executor, bookingIds: number[]): Promise<void> {
  await repo.waiveNoShowFees(tx, bookingIds);
  for (const fee of await repo.giveBackPaidNoShowFees(tx, bookingIds))
    await addCredit(tx, fee.customer_id, fee.amount_pence);
}

/**
 * Why online booking is stopped while a fee is owed, or null: "Online booking is stopped until you
 * pay £5.00 owed on your account (No-show: Spin, Tue 1 Dec, 18:00). Pay it in My account. You can
 * still book at the centre’s reception."
 */
export async function owedFeesText(
  ex: Executor,
  customerId: number,
  context: { timeZone: string; currency: string },
): Promise<string | null> {
  const owed = await repo.feesOf(ex, customerId, { owed: true });
  if (owed.length === 0) return null;
  const { money } = moneyFormat(context.currency);
  const total = money(owed.reduce((sum, row) => sum + row.amount_pence, 0)).formatted;
  const what = owed.map((row) => feeAbout(row, context.timeZone)).join('; ');
  return (
    `Online booking is stopped until you pay ${total} owed on your account (${what}). ` +
    'Pay it in My account. You can still book at the centre’s reception.'
  );
}
