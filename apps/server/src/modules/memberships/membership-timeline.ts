import type { MembershipTimeline, TimelineEntry } from '@lido/contracts/membership-exit';
import { type CalendarDate, prettyDate, todayIn } from '@lido/pricing/calendar-date';
import { currencySymbol, formatPence, toMoney } from '@lido/pricing/money';
import type { Db } from '../../db/client.ts';
import type { MembershipEventKind } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { itemNotFoundMessage, requireOperator } from '../operator/index.ts';
import type { OperatorRepository } from '../operator/index.ts';
import { eventsOfMembership, type MembershipEventRow } from './membership-events.repository.ts';
import { collectionsOf, exitMembershipOf, membershipLinesOfOrder } from './membership-exit.repository.ts';

type Kind = TimelineEntry['kind'];
type Draft = { kind: Kind; title: string; detail: string | null; amountPence: number | null };

const eventKinds: Record<MembershipEventKind, { kind: Kind; title: string }> = {
  joined: { kind: 'joined', title: 'Joined' },
  changed: { kind: 'changed', title: 'Membership changed' },
  renewed: { kind: 'renewed', title: 'Renewed' },
  payment_collected: { kind: 'payment', title: 'Direct Debit collected' },
  payment_failed: { kind: 'payment_failed', title: 'Direct Debit failed' },
  payment_recovered: { kind: 'payment', title: 'Missed payment paid' },
  payment_retried: { kind: 'payment', title: 'Direct Debit tried again' },
  bank_details_changed: { kind: 'notice', title: 'Bank details changed' },
  freeze_scheduled: { kind: 'frozen', title: 'Freeze arranged' },
  frozen: { kind: 'frozen', title: 'Frozen' },
  freeze_ended: { kind: 'frozen', title: 'Freeze ended' },
  cancel_requested: { kind: 'cancel_requested', title: 'Cancelled with notice' },
  cooled_off: { kind: 'cooled_off', title: 'Cancelled in the cooling-off period' },
  cancelled: { kind: 'cancelled', title: 'Membership ended: cancelled' },
  ended: { kind: 'ended', title: 'Membership ended' },
  renewal_reminder_sent: { kind: 'notice', title: 'Renewal reminder sent' },
  price_change_notified: { kind: 'notice', title: 'Price change notice sent' },
  price_changed: { kind: 'changed', title: 'Price changed' },
};

/** A collection's state, as the member reads it. */
const collectionTitles: Record<string, { kind: Kind; title: string }> = {
  scheduled: { kind: 'payment', title: 'Direct Debit due' },
  pending_customer_approval: { kind: 'payment', title: 'Direct Debit due' },
  pending_submission: { kind: 'payment', title: 'Direct Debit due' },
  submitted: { kind: 'payment', title: 'Direct Debit being collected' },
  confirmed: { kind: 'payment', title: 'Direct Debit collected' },
  paid_out: { kind: 'payment', title: 'Direct Debit collected' },
  cancelling: { kind: 'payment', title: 'Direct Debit cancelled' },
  cancel_sent: { kind: 'payment', title: 'Direct Debit cancelled' },
  cancelled: { kind: 'payment', title: 'Direct Debit cancelled' },
  failed: { kind: 'payment_failed', title: 'Direct Debit failed' },
  charged_back: { kind: 'payment_failed', title: 'Direct Debit charged back' },
  recovered: { kind: 'payment_failed', title: 'Direct Debit failed, since paid by card' },
};

const cancellations = new Set<MembershipEventKind>(['cancel_requested', 'cooled_off']);

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The words under an event's title, from what the event kept. */
function eventDetail(event: MembershipEventRow, money: (pence: number) => string): string | null {
  const detail = event.detail;
  const on = (key: string) => {
    const date = text(detail[key]);
    return date ? prettyDate(date) : null;
  };
  switch (event.kind) {
    case 'joined':
    case 'renewed':
      return (
        [
          on('startDate') && `Starts ${on('startDate')}`,
          event.amountPence ? `${money(event.amountPence)} paid` : null,
        ]
          .filter(Boolean)
          .join('. ') || null
      );
    case 'changed':
      return detail.toMembershipId
        ? `Last day ${on('endDate')}, then the new membership`
        : `From ${on('startDate')}`;
    case 'cancel_requested': {
      const last = on('lastCollectionDate');
      return `Last day ${on('lastDay')}. ${last ? `Last collection ${money(event.amountPence ?? 0)} on ${last}.` : 'No more collections.'}`;
    }
    case 'payment_recovered':
      return `Paid by card: the Direct Debit payment due ${on('billingDate')}`;
    case 'cooled_off':
      return `Refund ${money(event.amountPence ?? 0)}.`;
    case 'price_change_notified':
    case 'price_changed': {
      const from = typeof detail.oldPricePence === 'number' ? money(detail.oldPricePence) : null;
      const to = typeof detail.newPricePence === 'number' ? money(detail.newPricePence) : null;
      return from && to ? `${from} to ${to} a month from ${on('firstBillingDate')}` : null;
    }
    case 'cancelled':
      return on('lastDay') ? `Last day was ${on('lastDay')}` : null;
    default:
      return text(detail.description);
  }
}

/**
 * My account → a membership's history (issue 22 item 6): its timeline events, the Direct Debit
 * collections as they stand, and a joining derived from the membership itself when it predates
 * the timeline (set up at a desk, or before migration 0027).
 */
export function createMembershipTimeline(deps: { db: Db; operators: OperatorRepository; timeZone: string }) {
  return async function timeline(customerId: number, membershipId: number): Promise<MembershipTimeline> {
    const operator = await requireOperator(deps.operators);
    const symbol = currencySymbol(operator.currency);
    const row = await exitMembershipOf(deps.db, customerId, membershipId);
    // Another customer's membership looks exactly like one that does not exist (quality.md S17).
    if (!row) throw new HttpError(404, itemNotFoundMessage);
    const [events, collections] = await Promise.all([
      eventsOfMembership(deps.db, membershipId),
      collectionsOf(deps.db, membershipId),
    ]);
    const money = (pence: number) => formatPence(pence, symbol);
    const entries: (Draft & { date: string; day: CalendarDate })[] = [];
    if (!events.some((event) => ['joined', 'changed', 'renewed'].includes(event.kind))) {
      const lines = row.order?.id ? await membershipLinesOfOrder(deps.db, row.order.id) : [];
      const paid = lines.find((line) => line.details?.membershipTypeId === row.membership.membershipTypeId);
      const day = row.order?.completedAt
        ? todayIn(deps.timeZone, row.order.completedAt)
        : row.membership.startDate;
      entries.push({
        kind: 'joined',
        title: 'Joined',
        detail: `Starts ${prettyDate(row.membership.startDate)}`,
        amountPence: paid?.amountPence ?? null,
        date: row.order?.completedAt?.toISOString() ?? day,
        day,
      });
    }
    const collectionIds = new Set(collections.map((collection) => collection.id));
    for (const event of events) {
      // A collection's own event is shown by the collection itself.
      if (typeof event.detail.collectionId === 'number' && collectionIds.has(event.detail.collectionId))
        continue;
      entries.push({
        ...eventKinds[event.kind],
        detail: eventDetail(event, money),
        // A cancellation's amounts (the last collection, the refund) are named in its detail.
        amountPence: cancellations.has(event.kind) ? null : event.amountPence,
        date: event.occurredAt.toISOString(),
        day: todayIn(deps.timeZone, event.occurredAt),
      });
    }
    for (const collection of collections) {
      const shown = collectionTitles[collection.status] ?? {
        kind: 'payment' as const,
        title: 'Direct Debit',
      };
      const day = collection.chargeDate ?? collection.billingDate;
      entries.push({
        ...shown,
        detail: collection.description,
        amountPence: collection.amountPence,
        date: day,
        day,
      });
    }
    entries.sort((a, b) => a.date.localeCompare(b.date));
    return {
      membershipId,
      membershipName: row.typeName,
      entries: entries.map(({ day, amountPence, ...entry }) => ({
        ...entry,
        prettyDate: prettyDate(day),
        amount: amountPence === null ? null : toMoney(amountPence, operator.currency, symbol),
      })),
    };
  };
}
