import { escapeHtml } from '../../http/escape-html.ts';
import type { EmailMessage } from '../../providers/email/email-provider.ts';
import { paragraphsEmail } from '../direct-debit/direct-debit-emails.ts';
import type { OfferToNotify } from './waiting-list.repository.ts';

/** The waiting list's two emails (decision 0052): a place offered, or booked automatically. */

/** The plain paragraphs, then a link the HTML part names in words (the text part has the address). */
function withLink(message: EmailMessage, words: string, href: string): EmailMessage {
  return {
    ...message,
    text: `${message.text}\n\n${words}: ${href}`,
    html: `${message.html}\n<p><a href="${escapeHtml(href)}">${escapeHtml(words)}</a></p>`,
  };
}

export function offerEmail(input: {
  offer: OfferToNotify;
  when: string;
  until: string;
  link: string;
}): EmailMessage {
  const { offer } = input;
  const message = paragraphsEmail(offer.email, `A place is free: ${offer.activityName}, ${input.when}`, [
    `Hello ${offer.firstName},`,
    `A place has come up on ${offer.activityName} at ${offer.venueName} (${offer.locationName}), ${input.when}, and it is kept for you as the first on the waiting list.`,
    `${input.until}. If you do not book it by then, it is offered to the next person on the list. If you no longer want it, leave the waiting list in My account and it goes to them at once.`,
  ]);
  return withLink(message, 'Book your place', input.link);
}

export function bookedEmail(input: {
  offer: OfferToNotify;
  when: string;
  bookingsLink: string;
}): EmailMessage {
  const { offer } = input;
  const message = paragraphsEmail(offer.email, `You are booked: ${offer.activityName}, ${input.when}`, [
    `Hello ${offer.firstName},`,
    `A place came up on ${offer.activityName} at ${offer.venueName} (${offer.locationName}), ${input.when}, and as you asked, we booked it for you. There is nothing to pay.`,
  ]);
  return withLink(message, 'See or cancel it in My account', input.bookingsLink);
}
