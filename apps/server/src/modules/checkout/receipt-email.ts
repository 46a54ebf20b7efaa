import {
  directDebitGuarantee,
  directDebitGuaranteeText,
  directDebitGuaranteeTitle,
} from '@lido/contracts/direct-debit-guarantee';
import { chargeExplanations } from '@lido/pricing/fee-explanations';
import { daysLabel, feeLineLabel, feeLines } from '@lido/pricing/fee-lines';
import type { PricingWords } from '@lido/pricing/pricing-words';
import { formatPence } from '@lido/pricing/money';
import type { PricedLine } from '@lido/pricing/priced-line';
import type { Language } from '@lido/messages/languages';
import { type ServerWords, serverPricingWords, serverWords } from '@lido/messages/server-words';
import type { EmailMessage } from '../../providers/email/email-provider.ts';
import { escapeHtml } from '../../http/escape-html.ts';

/** A receipt line's details, when it is a membership's (an order item's `details`). */
interface LineDetails {
  kind?: string;
  costs?: PricedLine;
}

/** A new membership's charges under its line: what each pays for, and the first collection. */
interface ExplainedCharges {
  fees: { label: string; amountPence: number; explanation: string | undefined }[];
  firstCollection: string | null;
}

/**
 * The charges of a new membership's line, each with what it pays for, and its first Direct Debit
 * collection (issue 33 item 3, decision 0087); nothing for other lines, or a change's.
 */
function explainedCharges(
  details: unknown,
  money: (pence: number) => string,
  words: PricingWords,
): ExplainedCharges | null {
  const { kind, costs } = (details ?? {}) as LineDetails;
  if (kind !== 'membership' || !costs) return null;
  const explained = chargeExplanations(
    {
      paymentType: costs.paymentType,
      startDate: costs.startDate,
      firstBillingDate: costs.firstBillingDate,
      proRataDays: costs.proRataDays,
      monthInHand: costs.fees.monthInHandFee > 0,
      monthlyPrice: money(costs.basePrice),
    },
    words,
  );
  const fees = feeLines(costs, (pence) => pence)
    .filter((fee) => fee.price > 0)
    .map((fee) => ({
      label:
        fee.days === undefined
          ? feeLineLabel(fee, words)
          : `${feeLineLabel(fee, words)} (${daysLabel(fee.days, words)})`,
      amountPence: fee.price,
      explanation: explained.fees[fee.type],
    }));
  return { fees, firstCollection: explained.firstCollection };
}

/** Stands in for the order's reference in the translated sentence, to be made bold in HTML. */
const referenceMark = '\u0001reference\u0001';

/** A booked session as the confirmation lists it: what, when and where. */
interface ConfirmedBooking {
  what: string;
  when: string;
  where: string;
}

/**
 * The receipt sent when an order completes: its reference, lines and total. An order that books
 * sessions is a booking confirmation: what, when and where each is, with the calendar file attached.
 */
export function receiptEmail(input: {
  /** the customer's language (decision 0108): the receipt's own words are in it */
  language?: Language;
  operatorName: string;
  to: string;
  firstName: string;
  reference: string;
  symbol: string;
  /** each line; a membership's `details` explain its charges and first collection */
  lines: { description: string; amountPence: number; details?: unknown }[];
  totalPence: number;
  /**
   * The operator's Direct Debit Service User name: an order with a monthly membership carries the
   * Direct Debit Guarantee naming it (decision 0087).
   */
  serviceUserName?: string;
  cardLastFour?: string | null;
  /** paid at the front desk: each tender's share (cash less the change), and the change given */
  desk?: { tenders: { label: string; amountPence: number }[]; changePence: number };
  bookings?: ConfirmedBooking[];
  /** the bookings' .ics file */
  calendar?: { filename: string; content: string };
}): EmailMessage {
  const language = input.language ?? 'en';
  const words = serverWords(language);
  const pricingWords = serverPricingWords(language);
  const money = (pence: number) => formatPence(pence, input.symbol);
  const bookings = input.bookings ?? [];
  const deskText = input.desk && paidAtDeskText(input.desk, money, words);
  const charges = input.lines.map((line) => explainedCharges(line.details, money, pricingWords));
  const guarantee =
    input.serviceUserName && charges.some((explained) => explained?.firstCollection)
      ? input.serviceUserName
      : null;
  const text = [
    words('email.helloName', { firstName: input.firstName }),
    '',
    words('email.receiptThanks', { reference: input.reference, operator: input.operatorName }),
    '',
    ...(bookings.length > 0
      ? [
          words('email.receiptBookedOn'),
          ...bookings.flatMap((booking) => [
            `${booking.what}`,
            `  ${words('email.receiptWhen', { when: booking.when })}`,
            `  ${words('email.receiptWhere', { where: booking.where })}`,
          ]),
          '',
          words('email.receiptCalendar'),
          '',
        ]
      : []),
    ...input.lines.flatMap((line, index) => [
      `${line.description}: ${money(line.amountPence)}`,
      ...(charges[index]?.fees ?? []).flatMap((fee) => [
        `  ${fee.label}: ${money(fee.amountPence)}`,
        ...(fee.explanation ? [`    ${fee.explanation}`] : []),
      ]),
      ...(charges[index]?.firstCollection ? [`  ${charges[index].firstCollection}`] : []),
    ]),
    `${words('email.receiptTotalPaid')}: ${money(input.totalPence)}`,
    ...(input.cardLastFour ? [words('email.receiptPaidByCard', { lastFour: input.cardLastFour })] : []),
    ...(deskText ? [deskText] : []),
    ...(guarantee ? ['', directDebitGuaranteeText(guarantee)] : []),
  ].join('\n');
  // The reference is bold inside the translated sentence, wherever the language puts it.
  const thanks = escapeHtml(
    words('email.receiptThanks', { reference: referenceMark, operator: input.operatorName }),
  ).replace(referenceMark, `<strong>${escapeHtml(input.reference)}</strong>`);
  const html = `<p>${escapeHtml(words('email.helloName', { firstName: input.firstName }))}</p>
<p>${thanks}</p>
${
  bookings.length > 0
    ? `<h2>${escapeHtml(words('email.receiptBookedOnHeading'))}</h2><ul>${bookings
        .map(
          (booking) =>
            `<li><strong>${escapeHtml(booking.what)}</strong><br>${escapeHtml(
              words('email.receiptWhen', { when: booking.when }),
            )}<br>${escapeHtml(words('email.receiptWhere', { where: booking.where }))}</li>`,
        )
        .join('')}</ul><p>${escapeHtml(words('email.receiptCalendar'))}</p>`
    : ''
}<table>${input.lines
    .map(
      (line, index) =>
        `<tr><td>${escapeHtml(line.description)}</td><td>${escapeHtml(money(line.amountPence))}</td></tr>${chargesHtml(charges[index], money)}`,
    )
    .join('')}
<tr><th>${escapeHtml(words('email.receiptTotalPaid'))}</th><th>${escapeHtml(money(input.totalPence))}</th></tr></table>${
    input.cardLastFour
      ? `<p>${escapeHtml(words('email.receiptPaidByCard', { lastFour: input.cardLastFour }))}</p>`
      : ''
  }${deskText ? `<p>${escapeHtml(deskText)}</p>` : ''}${guarantee ? guaranteeHtml(guarantee) : ''}`;
  return {
    to: input.to,
    subject: words(bookings.length > 0 ? 'email.receiptSubjectBooking' : 'email.receiptSubject', {
      reference: input.reference,
    }),
    text,
    html: language === 'en' ? html : `<div lang="${language}">\n${html}\n</div>`,
    ...(input.calendar
      ? {
          attachments: [
            {
              filename: input.calendar.filename,
              contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
              contentBase64: Buffer.from(input.calendar.content, 'utf8').toString('base64'),
            },
          ],
        }
      : {}),
  };
}

/** A membership line's charges, each with what it pays for, then its first collection. */
function chargesHtml(charges: ExplainedCharges | null | undefined, money: (pence: number) => string): string {
  if (!charges) return '';
  const fees = charges.fees
    .map(
      (fee) =>
        `<tr><td style="padding-left:1em">${escapeHtml(fee.label)}${
          fee.explanation ? `<br><small>${escapeHtml(fee.explanation)}</small>` : ''
        }</td><td>${escapeHtml(money(fee.amountPence))}</td></tr>`,
    )
    .join('');
  const first = charges.firstCollection
    ? `<tr><td colspan="2" style="padding-left:1em"><strong>${escapeHtml(charges.firstCollection)}</strong></td></tr>`
    : '';
  return fees + first;
}

/** The Direct Debit Guarantee, in the scheme's words, naming the operator. */
function guaranteeHtml(name: string): string {
  const points = directDebitGuarantee(name)
    .map(
      (point) =>
        `<li>${escapeHtml(point.text)}${point.sub ? `<ul><li>${escapeHtml(point.sub)}</li></ul>` : ''}</li>`,
    )
    .join('');
  return `<h2>${escapeHtml(directDebitGuaranteeTitle)}</h2><ul>${points}</ul>`;
}

/** "Paid at the desk: Cash £20.00, Voucher £5.00. Change given: £3.50." */
function paidAtDeskText(
  desk: NonNullable<Parameters<typeof receiptEmail>[0]['desk']>,
  money: (pence: number) => string,
  words: ServerWords,
): string | undefined {
  if (desk.tenders.length === 0) return undefined;
  const tenders = desk.tenders.map((tender) => `${tender.label} ${money(tender.amountPence)}`).join(', ');
  const paid = words('email.receiptPaidAtDesk', { tenders });
  return desk.changePence > 0
    ? `${paid} ${words('email.receiptChangeGiven', { amount: money(desk.changePence) })}`
    : paid;
}
