import { sessionWhen } from '@lido/pricing/booking-rules';
import { offeredUntilText } from '@lido/pricing/waiting-list';
import type { Tx } from '../../db/client.ts';
import { escapeHtml } from '../../http/escape-html.ts';
import type { EmailQueue } from '../email/index.ts';
import type { EmailMessage } from '../../providers/email/email-provider.ts';
import { paragraphsEmail } from '../direct-debit/index.ts';
import type { OfferToNotify } from './offer-booking.repository.ts';

/** The waiting list's two emails (decision 0052): a place offered, or booked automatically. */

/** The plain paragraphs, then a link the HTML part names in words (the text part has the address). */
function withLink(message: EmailMessage, words: string, href: string): EmailMessage {
  return {
    ...message,
    text: `${message.text}\n\n${words}: ${href}`,
    html: `${message.html}\n<p><a href="${escapeHtml(href)}">${escapeHtml(words)}</a></p>`,
  };
}

function offerEmail(input: {
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

function bookedEmail(input: {
  offer: OfferToNotify;
  when: string;
  bookingsLink: string;
  /** the saved card it was paid with (decision 0054); absent when it cost nothing */
  paidWithCardEnding?: string | undefined;
}): EmailMessage {
  const { offer } = input;
  const booked = `A place came up on ${offer.activityName} at ${offer.venueName} (${offer.locationName}), ${input.when}, and as you asked, we booked it for you.`;
  const message = paragraphsEmail(offer.email, `You are booked: ${offer.activityName}, ${input.when}`, [
    `Hello ${offer.firstName},`,
    input.paidWithCardEnding
      ? `${booked} We paid for it with your saved card ending ${input.paidWithCardEnding}; your receipt is in a separate email.`
      : `${booked} There is nothing to pay.`,
  ]);
  return withLink(message, 'See or cancel it in My account', input.bookingsLink);
}

/**
 * Tells an offer once (the dedupe key is the entry and its offer time, so only one of the two
 * emails is ever queued for an offer): the place kept for them, or the place booked for them.
 */
export function createOfferNotices(deps: {
  email: EmailQueue;
  timeZone: string;
  bookingsOrigin: string;
  myAccountOrigin: string;
}) {
  const key = (offer: OfferToNotify) =>
    `waiting-list:${offer.entry.id}:${offer.entry.offeredAt?.toISOString() ?? ''}`;
  const when = (offer: OfferToNotify) => sessionWhen(offer.startsAt, offer.endsAt, deps.timeZone);
  return {
    /** `tx` undefined: queued at once (and the sender nudged) */
    async offered(tx: Tx | undefined, offer: OfferToNotify) {
      await deps.email.send(
        offerEmail({
          offer,
          when: when(offer),
          until: offeredUntilText(offer.entry.offerExpiresAt!, deps.timeZone),
          link: `${deps.bookingsOrigin}/sessions/${offer.entry.sessionId}`,
        }),
        { tx, dedupeKey: key(offer) },
      );
    },
    async booked(tx: Tx, offer: OfferToNotify, paidWithCardEnding?: string) {
      await deps.email.send(
        bookedEmail({
          offer,
          when: when(offer),
          bookingsLink: `${deps.myAccountOrigin}/bookings`,
          paidWithCardEnding,
        }),
        { tx, dedupeKey: key(offer) },
      );
    },
  };
}
export type OfferNotices = ReturnType<typeof createOfferNotices>;
