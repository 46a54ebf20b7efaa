import { formatPence } from '@lido/pricing/money';
import type { EmailMessage } from '../../providers/email/email-provider.ts';
import { escapeHtml } from '../../http/escape-html.ts';

/** The receipt sent when an order completes: its reference, lines and total. */
export function receiptEmail(input: {
  operatorName: string;
  to: string;
  firstName: string;
  reference: string;
  symbol: string;
  lines: { description: string; amountPence: number }[];
  totalPence: number;
  cardLastFour?: string | null;
}): EmailMessage {
  const money = (pence: number) => formatPence(pence, input.symbol);
  const text = [
    `Hello ${input.firstName},`,
    '',
    `Thank you for your order ${input.reference} with ${input.operatorName}.`,
    '',
    ...input.lines.map((line) => `${line.description}: ${money(line.amountPence)}`),
    `Total paid: ${money(input.totalPence)}`,
    ...(input.cardLastFour ? [`Paid by card ending ${input.cardLastFour}`] : []),
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(input.firstName)},</p>
<p>Thank you for your order <strong>${escapeHtml(input.reference)}</strong> with ${escapeHtml(input.operatorName)}.</p>
<table>${input.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.description)}</td><td>${escapeHtml(money(line.amountPence))}</td></tr>`,
    )
    .join('')}
<tr><th>Total paid</th><th>${escapeHtml(money(input.totalPence))}</th></tr></table>${
    input.cardLastFour ? `<p>Paid by card ending ${escapeHtml(input.cardLastFour)}</p>` : ''
  }`;
  return { to: input.to, subject: `Your order ${input.reference}`, text, html };
}
