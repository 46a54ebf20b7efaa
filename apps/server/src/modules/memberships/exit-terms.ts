import {
  addPeriod,
  type CalendarDate,
  compareDates,
  daysBetween,
  type Period,
  todayIn,
} from '@lido/pricing/calendar-date';
import {
  type CoolingOffRefund,
  coolingOffLastDay,
  coolingOffRefund,
  nextDateOnDay,
  noticeCancellation,
  withinCoolingOff,
} from '@lido/pricing/membership-exit';
import { formatPence } from '@lido/pricing/money';
import { collectionOn } from '@lido/pricing/collection-plan';
import type { UpcomingCollection } from '../direct-debit/index.ts';
import { addDays } from '@lido/pricing/calendar-date';
import type { ExitKind } from '@lido/contracts/membership-exit';
import { HttpError } from '../../http/errors.ts';
import { refundSplit } from '../order-refunds/index.ts';
import type {
  collectionsOf,
  ExitMembershipRow,
  membershipLinesOfOrder,
} from './membership-exit.repository.ts';

/** What cancelling a membership now does: the facts the page shows and the confirmation applies. */
export interface ExitTerms {
  kind: ExitKind;
  lastDay: CalendarDate;
  /** the end date stored on the membership (none for one cancelled before it started) */
  endDate: CalendarDate | null;
  lastCollection: { date: CalendarDate; amountPence: number; taken: boolean } | null;
  /** collections after this date are stopped (all not yet taken when null) */
  collectionsAfter: CalendarDate | null;
  /** every collection still to be taken up to the last day, as the engine will take it (issue 33) */
  collectionsToCome: UpcomingCollection[];
  /** what cancelling does to a freeze not yet over: cut at the last day, or withdrawn (issue 33) */
  freezeChange: FreezeChange | null;
  hasDirectDebit: boolean;
  coolingOffEndsOn: CalendarDate | null;
  refund:
    | (CoolingOffRefund & {
        paidPence: number;
        toCardPence: number;
        toCreditPence: number;
        /** the part the membership's order gives back (the rest was collected by Direct Debit) */
        fromOrderPence?: number;
      })
    | null;
}

export interface FreezeChange {
  kind: 'cut' | 'withdrawn';
  startsOn: CalendarDate;
  /** the freeze's first day not frozen: the day after the last day when cut */
  endsOn: CalendarDate;
}

type OpenFreeze = { id: number; startsOn: CalendarDate; endsOn: CalendarDate; monthlyFeePence: number };

/**
 * A freeze not yet over when the membership's last day is `lastDay`: one that would start after
 * it is withdrawn (none of it happens); one running past it ends with the membership.
 */
export function freezeChangeOf(freeze: OpenFreeze | undefined, lastDay: CalendarDate): FreezeChange | null {
  if (!freeze) return null;
  if (compareDates(freeze.startsOn, lastDay) > 0)
    return { kind: 'withdrawn', startsOn: freeze.startsOn, endsOn: freeze.endsOn };
  const dayAfter = addDays(lastDay, 1);
  if (compareDates(freeze.endsOn, dayAfter) <= 0) return null;
  return { kind: 'cut', startsOn: freeze.startsOn, endsOn: dayAfter };
}

const alreadyEnded = 'This membership has already ended, so there is nothing to cancel.';
export const alreadyCancelled = 'This membership has already been cancelled.';

/** Collections that have (or are about to have) the money: counted as paid for a refund. */
const takenStatuses = new Set(['submitted', 'confirmed', 'paid_out']);

interface ExitInputs {
  row: NonNullable<ExitMembershipRow>;
  /** the event that started the membership (joined, renewed or changed), when it has one */
  start: { kind: string; detail: Record<string, unknown> } | undefined;
  collections: Awaited<ReturnType<typeof collectionsOf>>;
  orderLines: Awaited<ReturnType<typeof membershipLinesOfOrder>>;
  /** price changes the member was told of and not yet in effect, latest first */
  priceNotices?: { newPricePence: number; firstBillingDate: CalendarDate }[];
  /** the membership's freeze not yet over, if any */
  freeze?: OpenFreeze | undefined;
  /** its Direct Debit collections, recorded and still to be made, as the engine has them */
  upcoming?: UpcomingCollection[];
  operator: { cancellationNoticeMonths: number; coolingOffDays: number };
  today: CalendarDate;
  timeZone: string;
  cardRefundsPossible: boolean;
}

/** The order line that bought this membership (an order may hold several). */
function lineOf(inputs: ExitInputs) {
  return inputs.orderLines.find(
    (line) => line.details?.membershipTypeId === inputs.row.membership.membershipTypeId,
  );
}

/**
 * The day the contract was made: the order's (joining or renewing), or for a membership set up
 * without an order, the earlier of its record and its start.
 */
function contractDate(inputs: ExitInputs): CalendarDate {
  const { membership, order } = inputs.row;
  const recordedDay = inputs.start?.detail.contractDate;
  if (typeof recordedDay === 'string') return recordedDay;
  const made = order?.completedAt ?? order?.createdAt;
  if (made) return todayIn(inputs.timeZone, made);
  const recorded = todayIn(inputs.timeZone, membership.createdAt);
  return compareDates(recorded, membership.startDate) < 0 ? recorded : membership.startDate;
}

/** The refusal, in words, of a membership that cannot be cancelled online; null when it can. */
function refusal(inputs: ExitInputs, coolingOff: boolean): string | null {
  const { membership, paymentType } = inputs.row;
  if (membership.cancelRequestedAt) return alreadyCancelled;
  if (!['pending', 'pending_eligibility', 'active'].includes(membership.status)) return alreadyEnded;
  if (coolingOff) return null;
  if (paymentType !== 'recurring')
    return 'A single payment membership ends by itself at the end of its term with nothing more to pay, so there is nothing to cancel.';
  if (membership.endDate) return 'This membership already has an end date, so there is nothing to cancel.';
  if (membership.billingDay === null)
    return 'This membership cannot be cancelled online: please contact your centre.';
  return null;
}

/** The cancellation open to this membership today, or the reason there is none (422). */
export function exitTerms(inputs: ExitInputs): ExitTerms {
  const line = lineOf(inputs);
  const made = contractDate(inputs);
  // A change of membership is not a new contract: only joining and renewing start a cooling-off.
  const changed = inputs.start
    ? inputs.start.kind === 'changed'
    : line?.details?.kind === 'membership_change';
  const coolingOff =
    !changed &&
    withinCoolingOff({
      today: inputs.today,
      contractDate: made,
      coolingOffDays: inputs.operator.coolingOffDays,
    });
  const refused = refusal(inputs, coolingOff);
  if (refused)
    throw new HttpError(refused === alreadyCancelled ? 409 : 422, refused, {
      errors: { membership: [refused] },
    });
  const hasDirectDebit = inputs.collections.length > 0;
  return coolingOff
    ? coolingOffTerms(inputs, made, line?.amountPence ?? 0, hasDirectDebit)
    : noticeTerms(inputs, hasDirectDebit);
}

function noticeTerms(inputs: ExitInputs, hasDirectDebit: boolean): ExitTerms {
  const { membership } = inputs.row;
  const billingDay = membership.billingDay!;
  // Collections fall on the billing day from the first one made; one never made starts at the anchor.
  const firstCollectionDate =
    inputs.collections[0]?.billingDate ?? nextDateOnDay(addDays(membership.startDate, -1), billingDay);
  const notice = noticeCancellation({
    today: inputs.today,
    startDate: membership.startDate,
    billingDay,
    noticeMonths: inputs.operator.cancellationNoticeMonths,
    pricePence: membership.pricePence,
    firstCollectionDate,
  });
  const last = notice.lastCollection;
  // What the engine will take up to the last day: its rows, then its months not made yet (a frozen
  // month collects the freeze's fee), so the page, the email and the collections agree.
  const collectionsToCome = (inputs.upcoming ?? []).filter(
    (collection) =>
      (collection.state === 'due' || collection.state === 'requested') &&
      compareDates(collection.billingDate, notice.lastDay) <= 0,
  );
  const engine =
    last &&
    (inputs.upcoming ?? []).find(
      (collection) => collection.billingDate === last.date && collection.state !== 'cancelled',
    );
  const recorded = last && inputs.collections.find((collection) => collection.billingDate === last.date);
  return {
    kind: 'notice',
    lastDay: notice.lastDay,
    endDate: notice.lastDay,
    lastCollection: last && {
      date: last.date,
      // Not made yet: by the engine's rule (a freeze's fee, a price the member was told of; 0047).
      amountPence:
        engine?.amountPence ??
        recorded?.amountPence ??
        collectionOn(last.date, {
          pricePence: last.amountPence,
          freezes: inputs.freeze ? [inputs.freeze] : [],
          priceNotices: inputs.priceNotices ?? [],
        }).amountPence,
      taken: compareDates(last.date, inputs.today) <= 0,
    },
    collectionsAfter: notice.lastDay,
    collectionsToCome,
    freezeChange: freezeChangeOf(inputs.freeze, notice.lastDay),
    hasDirectDebit,
    coolingOffEndsOn: null,
    refund: null,
  };
}

function coolingOffTerms(
  inputs: ExitInputs,
  made: CalendarDate,
  orderPaidPence: number,
  hasDirectDebit: boolean,
): ExitTerms {
  const { membership, order, paymentType, fixedDuration, fixedPeriod } = inputs.row;
  const collectedPence = inputs.collections
    .filter((collection) => takenStatuses.has(collection.status))
    .reduce((sum, collection) => sum + collection.amountPence, 0);
  const termEnd =
    paymentType === 'fixed' && fixedDuration && fixedPeriod
      ? addPeriod(membership.startDate, fixedDuration, fixedPeriod as Period)
      : null;
  const refund = coolingOffRefund({
    paidPence: orderPaidPence + collectedPence,
    today: inputs.today,
    startDate: membership.startDate,
    daily: termEnd
      ? {
          kind: 'term',
          pricePence: membership.pricePence,
          termDays: Math.max(daysBetween(membership.startDate, termEnd), 1),
        }
      : { kind: 'monthly', monthlyPricePence: membership.pricePence },
  });
  // The order's share goes back the way it was paid (the card's part to the card); the part
  // collected by Direct Debit, which cannot be sent back through the mandate, to account credit.
  const fromOrder = Math.min(refund.refundPence, orderPaidPence);
  const split = refundSplit({
    amountPence: fromOrder,
    operatorMethod: 'card',
    orderTotalPence: order?.totalPence ?? null,
    orderCreditPence: order?.creditPence ?? null,
    paidByCard: order?.paymentMethod === 'card' && inputs.cardRefundsPossible,
  });
  const started = compareDates(membership.startDate, inputs.today) <= 0;
  return {
    kind: 'cooling_off',
    lastDay: inputs.today,
    endDate: started ? inputs.today : null,
    lastCollection: null,
    collectionsAfter: null,
    // Every collection not yet taken is stopped: none is to come.
    collectionsToCome: [],
    freezeChange: freezeChangeOf(inputs.freeze, inputs.today),
    hasDirectDebit,
    coolingOffEndsOn: coolingOffLastDay(made, inputs.operator.coolingOffDays),
    refund: {
      ...refund,
      paidPence: orderPaidPence + collectedPence,
      toCardPence: split.cardPence,
      toCreditPence: split.creditPence + refund.refundPence - fromOrder,
      fromOrderPence: fromOrder,
    },
  };
}

/** "£28.87 will be refunded to your card ending 0006." and the like ("was" once done). */
export function refundSentence(
  refund: { toCardPence: number; toCreditPence: number },
  options: { symbol: string; cardLastFour: string | null; done: boolean },
): string {
  const money = (pence: number) => formatPence(pence, options.symbol);
  const card = options.cardLastFour ? `your card ending ${options.cardLastFour}` : 'your card';
  const will = options.done ? 'was' : 'will be';
  const { toCardPence: toCard, toCreditPence: toCredit } = refund;
  if (toCard === 0 && toCredit === 0)
    return 'Nothing has been paid for the days you have not used, so there is nothing to refund.';
  if (toCard === 0) return `${money(toCredit)} ${will} added to your account credit.`;
  if (toCredit === 0) return `${money(toCard)} ${will} refunded to ${card}.`;
  return `${money(toCard)} ${will} refunded to ${card} and ${money(toCredit)} added to your account credit.`;
}
