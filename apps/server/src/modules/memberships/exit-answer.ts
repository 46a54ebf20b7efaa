import type { MembershipExit } from '@lido/contracts/membership-exit';
import { type CalendarDate, compareDates, prettyDate } from '@lido/pricing/calendar-date';
import { currencySymbol, toMoney } from '@lido/pricing/money';
import { collectionFor } from '../direct-debit/index.ts';
import type { OperatorRow } from '../operator/index.ts';
import { type ExitTerms, refundSentence } from './exit-terms.ts';
import type { exitMembershipOf } from './membership-exit.repository.ts';

type ExitRow = NonNullable<Awaited<ReturnType<typeof exitMembershipOf>>>;

/**
 * What the cancel page, its confirmation and its email say: the terms in the member's words, the
 * collections still to come as the engine will take them, and what happens to a freeze (issue 33).
 */
export function exitAnswer(
  operator: OperatorRow,
  row: ExitRow,
  terms: ExitTerms,
  today: CalendarDate,
): MembershipExit {
  const symbol = currencySymbol(operator.currency);
  const money = (pence: number) => toMoney(pence, operator.currency, symbol);
  const done = row.membership.cancelRequestedAt !== null;
  const refund = terms.refund;
  const stopped = terms.hasDirectDebit;
  const freezeChange = terms.freezeChange;
  const freezeWords = freezeChange
    ? [
        freezeChange.kind === 'withdrawn'
          ? `Your freeze booked from ${prettyDate(freezeChange.startsOn)} ${done ? 'is' : 'will be'} cancelled: it would start after your last day.`
          : `Your freeze from ${prettyDate(freezeChange.startsOn)} ends with your membership on ${prettyDate(terms.lastDay)}: it does not start again.`,
      ]
    : [];
  const afterwards =
    terms.kind === 'notice'
      ? [
          ...freezeWords,
          `Your membership benefits, including member prices and the activities your membership includes, carry on until ${prettyDate(terms.lastDay)} and end after it.`,
          'Bookings you have already made stay booked: you can cancel any you no longer want under My account, Bookings.',
        ]
      : [
          ...freezeWords,
          `Your membership ends ${compareDates(terms.lastDay, today) === 0 ? 'today' : `on ${prettyDate(terms.lastDay)}`}: its benefits, including member prices and the activities it includes, stop then.`,
          'Bookings you have already made stay booked: you can cancel any you no longer want under My account, Bookings.',
        ];
  return {
    membershipId: row.membership.id,
    membershipName: row.typeName,
    kind: terms.kind,
    cancelledAt: row.membership.cancelRequestedAt?.toISOString() ?? null,
    reason: row.membership.cancelReason,
    lastDay: terms.lastDay,
    prettyLastDay: prettyDate(terms.lastDay),
    lastCollection: terms.lastCollection && {
      date: terms.lastCollection.date,
      prettyDate: prettyDate(terms.lastCollection.date),
      amount: money(terms.lastCollection.amountPence),
      taken: terms.lastCollection.taken,
    },
    collectionsToCome: terms.collectionsToCome.map((collection) => ({
      date: collection.date,
      prettyDate: prettyDate(collection.date),
      amount: money(collection.amountPence),
      description: collectionFor(collection),
    })),
    collectionsStopped: stopped,
    refund: refund && {
      paid: money(refund.paidPence),
      daysUsed: refund.daysUsed,
      used: money(refund.usedPence),
      total: money(refund.refundPence),
      toCard: money(refund.toCardPence),
      toCredit: money(refund.toCreditPence),
      cardLastFour: refund.toCardPence > 0 ? (row.order?.cardLastFour ?? null) : null,
      text: refundSentence(refund, { symbol, cardLastFour: row.order?.cardLastFour ?? null, done }),
    },
    coolingOffEndsOn: terms.coolingOffEndsOn,
    prettyCoolingOffEndsOn: terms.coolingOffEndsOn && prettyDate(terms.coolingOffEndsOn),
    afterwards,
  };
}
