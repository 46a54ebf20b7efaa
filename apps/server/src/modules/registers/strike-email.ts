import type { StrikeRules } from '@lido/pricing/booking-strikes';
import { escapeHtml } from '../../http/escape-html.ts';
import type { EmailMessage } from '../../providers/email/email-provider.ts';

/**
 * The email a strike sends at once (issue 35 item 6, decision 0096): what it was for, how many
 * strikes now count, the rule, and, when online booking is now stopped, why and until when.
 */
export function strikeEmail(input: {
  to: string;
  firstName: string;
  kind: 'no-show' | 'late-cancel';
  /** "Aqua fit, Tue 1 Dec, 18:00" */
  session: string;
  rules: StrikeRules;
  countingStrikes: number;
  /** blockedText's words when this strike stopped online booking */
  blocked: string | null;
  operatorName: string;
  contactEmail: string;
}): EmailMessage {
  const { rules } = input;
  const what =
    input.kind === 'no-show'
      ? `You were booked on ${input.session} but were marked as not attending, so your account has a strike.`
      : `You cancelled ${input.session} within ${rules.lateCancelHours} hours of the start, so your account has a strike.`;
  const strikes = (count: number) => (count === 1 ? '1 strike' : `${count} strikes`);
  const paragraphs = [
    `Hello ${input.firstName},`,
    what,
    `You have ${strikes(input.countingStrikes)} in the last ${rules.strikeWindowDays} days. ` +
      `${strikes(rules.strikesToBlock)} within ${rules.strikeWindowDays} days stop online booking for ${rules.blockDays} ${rules.blockDays === 1 ? 'day' : 'days'}.`,
    ...(input.blocked ? [input.blocked] : []),
    `If you think this is a mistake, contact us at ${input.contactEmail}.`,
    input.operatorName,
  ];
  return {
    to: input.to,
    subject: input.blocked ? 'Online booking is stopped for now' : 'A strike on your account',
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n'),
  };
}
