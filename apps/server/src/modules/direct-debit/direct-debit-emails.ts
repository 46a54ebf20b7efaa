import { prettyDate } from '@lido/pricing/calendar-date';
import { formatPence } from '@lido/pricing/money';
import { escapeHtml } from '../../http/escape-html.ts';
import type { EmailMessage } from '../../providers/email/email-provider.ts';

/** Who the payer deals with: Bacs wants the merchant's name on the SUN and its contact details. */
export interface Merchant {
  name: string;
  serviceUserName: string;
  email: string;
  address: string;
}

const guaranteeLine =
  'Your payments are protected by the Direct Debit Guarantee: https://www.directdebit.co.uk/direct-debit-explained/direct-debit-guarantee/';

/** An email of plain paragraphs, as text and as HTML. */
export function paragraphsEmail(to: string, subject: string, paragraphs: string[]): EmailMessage {
  return {
    to,
    subject,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`).join('\n'),
  };
}

const contact = (merchant: Merchant) => `${merchant.name}\n${merchant.address}\n${merchant.email}`;

/** The set-up confirmation Bacs requires within 3 working days (payments-reference.md §3.4). */
export function mandateConfirmationEmail(input: {
  to: string;
  firstName: string;
  merchant: Merchant;
  reference: string;
  accountHolder: string;
  maskedAccountNumber: string;
  maskedSortCode: string;
}): EmailMessage {
  return paragraphsEmail(
    input.to,
    `Important: Confirmation of the set up of your Direct Debit to ${input.merchant.serviceUserName}`,
    [
      `Hello ${input.firstName},`,
      `Your Direct Debit Instruction to ${input.merchant.serviceUserName} has been set up.`,
      `Account holder: ${input.accountHolder}\nSort code: ${input.maskedSortCode}\nAccount number: ${input.maskedAccountNumber}\nMandate reference: ${input.reference}`,
      `The name ${input.merchant.serviceUserName} will appear on your bank statement. We will tell you the amount and date of each payment at least 3 working days before it is taken.`,
      guaranteeLine,
      `If anything here is wrong, or you have a question, contact us:\n${contact(input.merchant)}`,
    ],
  );
}

/** What a notice of a coming collection says: to whom, the amount and the date it is taken. */
interface CollectionNotice {
  to: string;
  firstName: string;
  merchant: Merchant;
  reference: string;
  description: string;
  amountPence: number;
  symbol: string;
  chargeDate: string;
}

/** The advance notice: at least 3 working days before each collection (§3.4). */
export function advanceNoticeEmail(input: CollectionNotice): EmailMessage {
  const amount = formatPence(input.amountPence, input.symbol);
  return paragraphsEmail(
    input.to,
    `Your Direct Debit payment of ${amount} on ${prettyDate(input.chargeDate)}`,
    [
      `Hello ${input.firstName},`,
      `On or just after ${prettyDate(input.chargeDate)} we will collect ${amount} by Direct Debit for ${input.description}.`,
      `Mandate reference: ${input.reference}. It will show on your bank statement as ${input.merchant.serviceUserName}.`,
      guaranteeLine,
      `Questions about this payment:\n${contact(input.merchant)}`,
    ],
  );
}

/** What went wrong, in words a member can act on. */
export function problemEmail(input: {
  to: string;
  firstName: string;
  merchant: Merchant;
  kind: 'mandate' | 'payment';
  detail: string;
}): EmailMessage {
  const subject =
    input.kind === 'mandate'
      ? 'Your Direct Debit could not be set up'
      : 'We could not collect your Direct Debit payment';
  return paragraphsEmail(input.to, subject, [
    `Hello ${input.firstName},`,
    input.detail,
    'Please sign in to your account, or contact us, so that your membership can carry on.',
    contact(input.merchant),
  ]);
}

/**
 * A failed collection to be re-presented: the advance notice of its amount and new date (at least
 * 3 working days ahead, §3.4), sent with the news of the failure, and the card payment instead.
 */
export function representationNoticeEmail(input: CollectionNotice): EmailMessage {
  const amount = formatPence(input.amountPence, input.symbol);
  return paragraphsEmail(
    input.to,
    `We will try your Direct Debit payment of ${amount} again on ${prettyDate(input.chargeDate)}`,
    [
      `Hello ${input.firstName},`,
      `We couldn’t collect ${amount} by Direct Debit for ${input.description}: your bank did not pay it.`,
      `On or just after ${prettyDate(input.chargeDate)} we will ask your bank for ${amount} again, once. If you would rather pay it now, sign in to your account and pay it by card: we will then not collect it again.`,
      `Mandate reference: ${input.reference}. It will show on your bank statement as ${input.merchant.serviceUserName}.`,
      guaranteeLine,
      `Questions about this payment:\n${contact(input.merchant)}`,
    ],
  );
}

/** A re-presented collection that failed again: it is owed, and is paid by card. */
export function failedAgainEmail(input: {
  to: string;
  firstName: string;
  merchant: Merchant;
  description: string;
  amountPence: number;
  symbol: string;
}): EmailMessage {
  const amount = formatPence(input.amountPence, input.symbol);
  return paragraphsEmail(input.to, `Your Direct Debit payment of ${amount} failed again`, [
    `Hello ${input.firstName},`,
    `We asked your bank again for ${amount} for ${input.description}, and it could not be paid. We won’t ask your bank for it again.`,
    'Please sign in to your account and pay it by card, so that your membership can carry on.',
    `Questions about this payment:\n${contact(input.merchant)}`,
  ]);
}

/**
 * New bank details: the confirmation Bacs requires of the new instruction, saying which one it
 * replaces (cancelled) and that payments carry on from the new account.
 */
export function bankDetailsChangedEmail(input: {
  to: string;
  firstName: string;
  merchant: Merchant;
  reference: string;
  accountHolder: string;
  maskedAccountNumber: string;
  maskedSortCode: string;
  oldAccountNumber: string;
}): EmailMessage {
  return paragraphsEmail(
    input.to,
    `Important: Your Direct Debit to ${input.merchant.serviceUserName} now uses your new bank details`,
    [
      `Hello ${input.firstName},`,
      `Your new Direct Debit Instruction to ${input.merchant.serviceUserName} has been set up. Your payments will now be collected from this account:`,
      `Account holder: ${input.accountHolder}\nSort code: ${input.maskedSortCode}\nAccount number: ${input.maskedAccountNumber}\nMandate reference: ${input.reference}`,
      `It replaces your Direct Debit from the account ending ${input.oldAccountNumber.slice(-2)}, which we are cancelling. The amounts and dates of your payments do not change, and we will tell you the amount and date of each payment at least 3 working days before it is taken.`,
      guaranteeLine,
      `If you did not ask for this, or anything here is wrong, contact us at once:\n${contact(input.merchant)}`,
    ],
  );
}
