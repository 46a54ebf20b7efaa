import { formatPence } from '@lido/pricing/money';
import type { EmailMessage } from '../../providers/email/email-provider.ts';
import { escapeHtml } from '../../http/escape-html.ts';

/**
 * The email a customer gets when a card payment whose answer was lost turns out not to have been
 * taken (issue 33 item 8): they were told on the checkout page that they would hear either way. A
 * payment that was taken gets the order's receipt instead.
 */
export function paymentNotTakenEmail(input: {
  operatorName: string;
  to: string;
  firstName: string;
  amountPence: number;
  symbol: string;
  basketUrl: string;
}): EmailMessage {
  const amount = formatPence(input.amountPence, input.symbol);
  const lines = [
    `Hello ${input.firstName},`,
    '',
    `We have checked with our card provider: your card payment of ${amount} to ${input.operatorName} did not go through, and you have not been charged.`,
    '',
    `Nothing has been booked or bought. If you still want it, your basket is at ${input.basketUrl}`,
  ];
  return {
    to: input.to,
    subject: `Your payment of ${amount} was not taken`,
    text: lines.join('\n'),
    html: `<p>Hello ${escapeHtml(input.firstName)},</p>
<p>We have checked with our card provider: your card payment of ${escapeHtml(amount)} to ${escapeHtml(input.operatorName)} did not go through, and you have not been charged.</p>
<p>Nothing has been booked or bought. If you still want it, <a href="${escapeHtml(input.basketUrl)}">your basket is here</a>.</p>`,
  };
}
