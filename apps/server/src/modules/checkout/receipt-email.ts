import { formatPence } from '@lido/pricing/money';
import type { EmailMessage } from '../../providers/email/email-provider.ts';
import { escapeHtml } from '../../http/escape-html.ts';

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
  lines: { description: string; amountPence: number }[];
  totalPence: number;
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
    ...input.lines.map((line) => `${line.description}: ${money(line.amountPence)}`),
    `Total paid: ${money(input.totalPence)}`,
    ...(input.cardLastFour ? [`Paid by card ending ${input.cardLastFour}`] : []),
    ...(deskText ? [deskText] : []),
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
      (line) =>
        `<tr><td>${escapeHtml(line.description)}</td><td>${escapeHtml(money(line.amountPence))}</td></tr>`,
    )
    .join('')}
<tr><th>Total paid</th><th>${escapeHtml(money(input.totalPence))}</th></tr></table>${
    input.cardLastFour ? `<p>Paid by card ending ${escapeHtml(input.cardLastFour)}</p>` : ''
  }${deskText ? `<p>${escapeHtml(deskText)}</p>` : ''}`;
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

/** "Paid at the desk: Cash £20.00, Voucher £5.00. Change given: £3.50." */
function paidAtDeskText(
  desk: NonNullable<Parameters<typeof receiptEmail>[0]['desk']>,
  money: (pence: number) => string,
): string | undefined {
  if (desk.tenders.length === 0) return undefined;
  const tenders = desk.tenders.map((tender) => `${tender.label} ${money(tender.amountPence)}`).join(', ');
  return `Paid at the desk: ${tenders}.${desk.changePence > 0 ? ` Change given: ${money(desk.changePence)}.` : ''}`;
}
