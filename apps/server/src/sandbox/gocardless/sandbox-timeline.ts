import { todayIn } from '@lido/pricing/calendar-date';
import { addWorkingDays, isWorkingDay } from '@lido/pricing/working-days';

/**
 * The sandbox's Bacs timeline (payments-reference.md §6.2) on the working-day clock: when each
 * mandate and payment moves on, and how the magic account-holder names (§6.3) end. Times are
 * sandbox approximations; the real adapter always reads GoCardless's own dates.
 */

const sandboxTimeZone = 'Europe/London';
const day = (ms: number) => todayIn(sandboxTimeZone, new Date(ms));
/** The daily Bacs submission run: 10:00 (UTC here; an hour out in summer, which is fine for a sandbox). */
const runAt = (date: string) => Date.parse(`${date}T10:00:00Z`);

/** The first submission run after `ms`. */
function nextSubmissionRun(ms: number): number {
  const today = day(ms);
  return isWorkingDay(today) && ms < runAt(today) ? runAt(today) : runAt(addWorkingDays(today, 1));
}

const workingDaysAfter = (ms: number, count: number): number => runAt(addWorkingDays(day(ms), count));
export const dateOf = day;

export interface Step {
  at: number;
  status: string;
  cause: string;
  description: string;
  reasonCode?: string;
  origin: 'bank' | 'gocardless' | 'api';
}

const step = (at: number, status: string, cause: string, description: string, extra: Partial<Step> = {}) => ({
  at,
  status,
  cause,
  description,
  origin: 'gocardless' as const,
  ...extra,
});

/** A step the payer's bank causes, with its Bacs reason code. */
const fromBank = (at: number, status: string, cause: string, description: string, reasonCode: string) =>
  step(at, status, cause, description, { origin: 'bank', reasonCode });

export function mandateSteps(createdMs: number, holderName: string, bankClosed: boolean): Step[] {
  const submitted = nextSubmissionRun(createdMs);
  const active = workingDaysAfter(submitted, 2);
  const name = holderName.trim().toUpperCase();
  const submit = step(
    submitted,
    'submitted',
    'mandate_submitted',
    'The mandate has been submitted to the banks.',
  );
  if (bankClosed)
    return [
      submit,
      fromBank(
        submitted,
        'failed',
        'bank_account_closed',
        'The bank account for this mandate has been closed.',
        'ADDACS-B',
      ),
    ];
  if (name === 'MANDATE FAILED')
    return [
      submit,
      fromBank(
        active,
        'failed',
        'invalid_bank_details',
        'The specified bank account does not exist or was closed.',
        'AUDDIS-5',
      ),
    ];
  const activate = step(active, 'active', 'mandate_activated', 'The mandate has been successfully set up.');
  const later = workingDaysAfter(active, 1);
  if (name === 'MANDATE CANCELLED')
    return [
      submit,
      activate,
      fromBank(
        later,
        'cancelled',
        'bank_account_closed',
        'The mandate was cancelled at the payer’s bank.',
        'ADDACS-B',
      ),
    ];
  // Real Bacs expires a mandate after 13 months without a collection; the sandbox compresses it.
  if (name === 'MANDATE EXPIRED')
    return [
      submit,
      activate,
      step(later, 'expired', 'mandate_expired', 'The mandate expired because no collection was made.'),
    ];
  return [submit, activate];
}

export function paymentSteps(createdMs: number, chargeDate: string, holderName: string): Step[] {
  const charge = runAt(chargeDate);
  const submitted = Math.max(nextSubmissionRun(createdMs), runAt(addWorkingDays(chargeDate, -2)));
  const paidOut = workingDaysAfter(charge, 1);
  const afterPayout = workingDaysAfter(paidOut, 1);
  const name = holderName.trim().toUpperCase();
  const submit = step(submitted, 'submitted', 'payment_submitted', 'Payment submitted to the banks.');
  const confirm = step(charge, 'confirmed', 'payment_confirmed', 'Payment was confirmed as collected.');
  const payOut = step(
    paidOut,
    'paid_out',
    'payment_paid_out',
    'The payment has been paid out by GoCardless.',
  );
  if (name === 'PAYMENT FAILED')
    return [
      submit,
      fromBank(
        charge,
        'failed',
        'insufficient_funds',
        'The customer’s account had insufficient funds.',
        'ARUDD-0',
      ),
    ];
  if (name === 'PAYMENT LATE FAILURE')
    return [
      submit,
      confirm,
      payOut,
      fromBank(
        afterPayout,
        'failed',
        'insufficient_funds',
        'The payment failed after it was paid out (late failure).',
        'ARUDD-0',
      ),
    ];
  if (name === 'CHARGEBACK')
    return [
      submit,
      confirm,
      payOut,
      fromBank(
        afterPayout,
        'charged_back',
        'refund_requested',
        'The customer asked their bank for an indemnity refund.',
        'DDICA-1',
      ),
    ];
  return [submit, confirm, payOut];
}

/** `next_possible_charge_date`: activation plus 3 working days (the advance-notice rule), never in the past. */
export function nextPossibleChargeDate(activeMs: number, nowMs: number): string {
  return addWorkingDays(day(Math.max(activeMs, nowMs)), 3);
}
