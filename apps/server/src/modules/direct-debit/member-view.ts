import { prettyDate } from '@lido/pricing/calendar-date';
import { currencySymbol, toMoney } from '@lido/pricing/money';
import type { PaymentProblem } from '../../db/schema.ts';
import type { CustomerRow } from '../auth/index.ts';
import { requireOperator } from '../operator/index.ts';
import { type DirectDebitContext, maskedAccount } from './direct-debit-context.ts';
import { collectionsOfInstruction, instructionsOf } from './direct-debit.repository.ts';
import { paymentProblemsOf } from './payment-problems.repository.ts';

/** The member's view of their Direct Debit (GET my-account/direct-debit) and its words. */
export function memberView(ctx: DirectDebitContext) {
  return {
    /** The instruction (masked), its collections and any notices. */
    async forCustomer(customer: CustomerRow) {
      const operator = await requireOperator(ctx.operators);
      const money = (pence: number) => toMoney(pence, operator.currency, currencySymbol(operator.currency));
      const [instruction] = await instructionsOf(ctx.db, customer.id);
      const collections = instruction ? await collectionsOfInstruction(ctx.db, instruction.id) : [];
      const problems = await paymentProblemsOf(ctx.db, customer.id);
      return {
        instruction: instruction
          ? {
              reference: instruction.reference,
              status: instruction.status,
              statusLabel: instructionStatusLabel(instruction.status),
              accountHolder: instruction.accountHolder,
              ...maskedAccount(instruction),
              bankName: instruction.bankName,
            }
          : null,
        collections: collections.map((collection) => {
          const date = collection.chargeDate ?? collection.billingDate;
          return {
            id: collection.id,
            description: collection.description,
            amount: money(collection.amountPence),
            date,
            prettyDate: prettyDate(date),
            status: collection.status,
            statusLabel:
              collection.status === 'failed' &&
              collection.representation === 'planned' &&
              collection.representOn
                ? `Failed: we will collect it again on ${prettyDate(collection.representOn)}`
                : collectionStatusLabel(collection.status),
          };
        }),
        notices: [...new Set(problems)].map((problem) => ({ problem, message: problemText(problem) })),
      };
    },
  };
}

/** Each Direct Debit problem in a line (the membership's mark) and in full (notices, emails). */
export const paymentProblems: Record<PaymentProblem, { label: string; message: string }> = {
  mandate_failed: {
    label: 'Your Direct Debit could not be set up',
    message:
      'Your Direct Debit could not be set up: your bank did not accept the instruction. Please check your bank details with us.',
  },
  mandate_cancelled: {
    label: 'Your Direct Debit was cancelled at your bank',
    message:
      'Your Direct Debit has been cancelled at your bank, so we can’t collect your membership payments. Please set up a new one with us.',
  },
  mandate_expired: {
    label: 'Your Direct Debit has expired',
    message:
      'Your Direct Debit has expired, so we can’t collect your membership payments. Please set up a new one with us.',
  },
  payment_failed: {
    label: 'Your last Direct Debit payment failed',
    message:
      'We couldn’t collect your last Direct Debit payment. Please pay it by card from your Dashboard in My account, so your membership can carry on.',
  },
  payment_charged_back: {
    label: 'Your bank returned your last Direct Debit payment',
    message:
      'Your bank returned your last Direct Debit payment to you. Please contact us to pay it, so your membership can carry on.',
  },
};

export const problemText = (problem: PaymentProblem): string => paymentProblems[problem].message;

function instructionStatusLabel(status: string): string {
  if (status === 'active') return 'Active';
  if (status === 'setting_up' || status === 'pending_submission' || status === 'submitted')
    return 'Being set up';
  if (status === 'cancelled') return 'Cancelled';
  if (status === 'expired') return 'Expired';
  return 'Failed';
}

function collectionStatusLabel(status: string): string {
  if (
    status === 'scheduled' ||
    status === 'held' ||
    status === 'pending_submission' ||
    status === 'pending_customer_approval'
  )
    return 'Scheduled';
  if (status === 'skipped') return 'Nothing to pay';
  if (status === 'recovered') return 'Paid by card';
  if (status === 'retrying') return 'Being collected again';
  if (status === 'submitted') return 'Requested from your bank';
  if (status === 'confirmed' || status === 'paid_out') return 'Collected';
  if (status === 'cancelled' || status === 'cancelling' || status === 'cancel_sent') return 'Cancelled';
  if (status === 'charged_back') return 'Returned by your bank';
  return 'Failed';
}
