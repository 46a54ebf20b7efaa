import type { MembershipExit } from '@lido/contracts/membership-exit';
import { escapeHtml } from '../../http/escape-html.ts';
import type { EmailMessage } from '../../providers/email/email-provider.ts';

/**
 * The confirmation of a cancellation: everything the page said before the member confirmed (the
 * last day, the last collection or the refund, and what happens to bookings and benefits).
 */
export function cancellationEmail(input: {
  to: string;
  firstName: string;
  operatorName: string;
  contactEmail: string;
  exit: MembershipExit;
}): EmailMessage {
  const { exit } = input;
  const money = exit.lastCollection
    ? `Your last Direct Debit collection is ${exit.lastCollection.amount.formatted} on ${exit.lastCollection.prettyDate}. Nothing will be collected after it, and your Direct Debit Instruction is cancelled once no membership needs it.`
    : exit.refund
      ? `${exit.refund.text} That is what you paid (${exit.refund.paid.formatted}) less ${exit.refund.used.formatted} for ${exit.refund.daysUsed} ${exit.refund.daysUsed === 1 ? 'day' : 'days'} of membership used.`
      : 'There are no more Direct Debit collections for this membership.';
  // Every collection still to come, as the cancel page listed it and the engine will take it.
  const toCome = exit.collectionsToCome ?? [];
  const collections =
    exit.kind === 'notice' && toCome.length > 0
      ? [
          `Direct Debit collections still to come: ${toCome
            .map(
              (collection) =>
                `${collection.amount.formatted} on ${collection.prettyDate} (${collection.description})`,
            )
            .join('; ')}.`,
        ]
      : [];
  const paragraphs = [
    `Hello ${input.firstName},`,
    exit.kind === 'cooling_off'
      ? `You have cancelled your ${exit.membershipName} membership in its cooling-off period. Your membership ends on ${exit.prettyLastDay}.`
      : `You have cancelled your ${exit.membershipName} membership. Your last day of membership is ${exit.prettyLastDay}.`,
    money,
    ...collections,
    ...(exit.kind === 'cooling_off' && exit.collectionsStopped
      ? ['No more Direct Debit payments will be collected for this membership.']
      : []),
    ...exit.afterwards,
    ...(exit.reason ? [`The reason you gave: ${exit.reason}`] : []),
    `If you did not ask for this, or have a question, contact us at ${input.contactEmail}.`,
    input.operatorName,
  ];
  return {
    to: input.to,
    subject: `Your ${exit.membershipName} membership is cancelled: last day ${exit.prettyLastDay}`,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n'),
  };
}
