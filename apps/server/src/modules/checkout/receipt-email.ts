import {
  directDebitGuarantee,
  directDebitGuaranteeText,
  directDebitGuaranteeTitle,
} from '@lido/contracts/direct-debit-guarantee';
import { chargeExplanations } from '@lido/pricing/fee-explanations';
import { daysLabel, feeLines } from '@lido/pricing/fee-lines';
import { formatPence } from '@lido/pricing/money';
import type { PricedLine } from '@lido/pricing/priced-line';
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
function explainedCharges(details: unknown, money: (pence: number) => string): ExplainedCharges | null {
  const { kind, costs } = (details ?? {}) as LineDetails;
  if (kind !== 'membership' || !costs) return null;
  const explained = chargeExplanations({
    paymentType: costs.paymentType,
    startDate: costs.startDate,
    firstBillingDate: costs.firstBillingDate,
    proRataDays: costs.proRataDays,
    monthInHand: costs.fees.monthInHandFee > 0,
    monthlyPrice: money(costs.basePrice),
  });
  const fees = feeLines(costs, (pence) => pence)
    .filter((fee) => fee.price > 0)
    .map((fee) => ({
      label: fee.days === undefined ? fee.label : `${fee.label} (${daysLabel(fee.days)})`,
      amountPence: fee.price,
      explanation: explained.fees[fee.type],
    }));
  return { fees, firstCollection: explained.firstCollection };
}

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
  const money = (pence: number) => formatPence(pence, input.symbol);
  const bookings = input.bookings ?? [];
  const deskText = input.desk && paidAtDeskText(input.desk, money);
  const charges = input.lines.map((line) => explainedCharges(line.details, money));
  const guarantee =
    input.serviceUserName && charges.some((explained) => explained?.firstCollection)
      ? input.serviceUserName
      : null;
  const text = [
    `Hello ${input.firstName},`,
    '',
    `Thank you for your order ${input.reference} with ${input.operatorName}.`,
    '',
    ...(bookings.length > 0
      ? [
          'You are booked on:',
          ...bookings.flatMap((booking) => [
            `${booking.what}`,
            `  When: ${booking.when}`,
            `  Where: ${booking.where}`,
          ]),
          '',
          'The attached calendar file adds your booking to your calendar.',
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
    `Total paid: ${money(input.totalPence)}`,
    ...(input.cardLastFour ? [`Paid by card ending ${input.cardLastFour}`] : []),
    ...(deskText ? [deskText] : []),
    ...(guarantee ? ['', directDebitGuaranteeText(guarantee)] : []),
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(input.firstName)},</p>
<p>Thank you for your order <strong>${escapeHtml(input.reference)}</strong> with ${escapeHtml(input.operatorName)}.</p>
${
  bookings.length > 0
    ? `<h2>You are booked on</h2><ul>${bookings
        .map(
          (booking) =>
            `<li><strong>${escapeHtml(booking.what)}</strong><br>When: ${escapeHtml(booking.when)}<br>Where: ${escapeHtml(booking.where)}</li>`,
        )
        .join('')}</ul><p>The attached calendar file adds your booking to your calendar.</p>`
    : ''
}<table>${input.lines
    .map(
      (line, index) =>
        `<tr><td>${escapeHtml(line.description)}</td><td>${escapeHtml(money(line.amountPence))}</td></tr>${chargesHtml(charges[index], money)}`,
    )
    .join('')}
<tr><th>Total paid</th><th>${escapeHtml(money(input.totalPence))}</th></tr></table>${
    input.cardLastFour ? `<p>Paid by card ending ${escapeHtml(input.cardLastFour)}</p>` : ''
  }${deskText ? `<p>${escapeHtml(deskText)}</p>` : ''}${guarantee ? guaranteeHtml(guarantee) : ''}`;
  return {
    to: input.to,
    subject:
      bookings.length > 0 ? `Your booking is confirmed: ${input.reference}` : `Your order ${input.reference}`,
    text,
    html,
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
): string | undefined {
  if (desk.tenders.length === 0) return undefined;
  const tenders = desk.tenders.map((tender) => `${tender.label} ${money(tender.amountPence)}`).join(', ');
  return `Paid at the desk: ${tenders}.${desk.changePence > 0 ? ` Change given: ${money(desk.changePence)}.` : ''}`;
}
