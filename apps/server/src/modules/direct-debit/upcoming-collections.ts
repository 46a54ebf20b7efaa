import { addDays, addMonths, type CalendarDate, compareDates, prettyDate } from '@lido/pricing/calendar-date';
import {
  type CollectionFacts,
  type CollectionReason,
  collectionOn,
  collectionReasonText,
  collectionsAfter,
} from '@lido/pricing/collection-plan';
import { currencySymbol, toMoney } from '@lido/pricing/money';
import type { CollectionState, UpcomingCollections } from '@lido/contracts/direct-debit';
import type { Executor } from '../../db/client.ts';
import type { CustomerRow } from '../auth/index.ts';
import { requireOperator } from '../operator/index.ts';
import { type DirectDebitContext, endedMandate } from './direct-debit-context.ts';
import { instructionsOf } from './direct-debit.repository.ts';
import {
  collectionRowsOf,
  freezesOfMemberships,
  membershipsForCollections,
  monthlyMembershipIdsOf,
} from './upcoming-collections.repository.ts';

/**
 * A membership's Direct Debit collections from a little before today on (issue 33 items 1 and 2):
 * the collection engine's own rows, then the months it will make next by the engine's own rule
 * (`collectionOn`, the one `scheduleNextCollections` applies), so what the member is told is what
 * the engine does. One reader for My account's upcoming collections, the Memberships card's next
 * collection and the cancel page's collections still to come.
 */
export interface UpcomingCollection {
  /** the engine's row; null for a month it has not made yet (it makes each 14 days ahead) */
  id: number | null;
  membershipId: number;
  billingDate: CalendarDate;
  /** the day the bank is asked to pay it: its charge date once requested, else its billing date */
  date: CalendarDate;
  amountPence: number;
  description: string;
  reason: CollectionReason;
  /** the engine's status ('planned' for a month not made yet) */
  status: string;
  state: CollectionState;
  /** a failed one to be collected again on this day */
  representOn: CalendarDate | null;
}

/** Collections taken or settled this long ago are still shown: the last one paid, or failed. */
const recentDays = 35;
/** How far ahead the months not yet made are shown. */
const monthsAhead = 3;

const running = new Set(['pending', 'active', 'pending_eligibility']);

/** The engine's status in the member's five words. */
export function collectionState(status: string): CollectionState {
  if (['scheduled', 'held', 'skipped', 'planned'].includes(status)) return 'due';
  if (['pending_submission', 'pending_customer_approval', 'submitted', 'retrying'].includes(status))
    return 'requested';
  if (['confirmed', 'paid_out', 'recovered'].includes(status)) return 'paid';
  if (['cancelling', 'cancel_sent', 'cancelled'].includes(status)) return 'cancelled';
  return 'failed';
}

type PriceNotice = { customerMembershipId: number; firstBillingDate: CalendarDate; newPricePence: number };

export async function upcomingCollections(
  db: Executor,
  input: {
    membershipIds: number[];
    today: CalendarDate;
    /** price changes the members were told of, latest first (the memberships module's) */
    priceNotices: PriceNotice[];
    /** the months not made yet are shown up to this day (3 months ahead by default) */
    until?: CalendarDate;
  },
): Promise<Map<number, UpcomingCollection[]>> {
  const { membershipIds, today } = input;
  const [rows, memberships, freezes] = await Promise.all([
    collectionRowsOf(db, membershipIds),
    membershipsForCollections(db, membershipIds),
    freezesOfMemberships(db, membershipIds),
  ]);
  const shownFrom = addDays(today, -recentDays);
  const answer = new Map<number, UpcomingCollection[]>();
  for (const membership of memberships) {
    const mine = rows.filter((row) => row.collection.customerMembershipId === membership.id);
    if (mine.length === 0) continue;
    const own = <T extends { customerMembershipId: number }>(list: T[]) =>
      list.filter((item) => item.customerMembershipId === membership.id);
    const facts: CollectionFacts = {
      pricePence: membership.pricePence,
      // The engine collects by the freezes not yet over; ones over only name a past month's fee.
      freezes: own(freezes).filter((freeze) => ['scheduled', 'active'].includes(freeze.status)),
      priceNotices: own(input.priceNotices),
    };
    const allFreezes = { ...facts, freezes: own(freezes) };
    const recorded: UpcomingCollection[] = mine
      .map(({ collection }) => {
        const planned = collectionOn(collection.billingDate, allFreezes);
        const state = collectionState(collection.status);
        return {
          id: collection.id,
          membershipId: membership.id,
          billingDate: collection.billingDate,
          date: collection.chargeDate ?? collection.billingDate,
          amountPence: collection.amountPence,
          description: collection.description,
          reason: planned.amountPence === collection.amountPence ? planned.reason : 'price',
          status: collection.status,
          state,
          representOn: collection.representation === 'planned' ? collection.representOn : null,
        } satisfies UpcomingCollection;
      })
      .filter(
        (collection) =>
          collection.state === 'due' ||
          collection.state === 'requested' ||
          compareDates(collection.date, shownFrom) >= 0,
      );
    // The months the engine makes next: a month after its latest live row, while all still runs.
    const live = mine.filter(({ collection }) => collectionState(collection.status) !== 'cancelled');
    const latest = live.at(-1);
    const instructionStatus = latest?.replacementStatus ?? latest?.instructionStatus;
    const projected =
      latest && running.has(membership.status) && !endedMandate.has(instructionStatus ?? '')
        ? collectionsAfter({
            latestBillingDate: latest.collection.billingDate,
            endDate: membership.endDate,
            until: input.until ?? addMonths(today, monthsAhead),
            facts,
          }).map((planned): UpcomingCollection => ({
            id: null,
            membershipId: membership.id,
            billingDate: planned.billingDate,
            date: planned.billingDate,
            amountPence: planned.amountPence,
            description: latest.collection.description,
            reason: planned.reason,
            status: planned.amountPence === 0 ? 'skipped' : 'planned',
            state: 'due',
            representOn: null,
          }))
        : [];
    answer.set(
      membership.id,
      [...recorded, ...projected].sort(
        (a, b) => compareDates(a.date, b.date) || compareDates(a.billingDate, b.billingDate),
      ),
    );
  }
  return answer;
}

/** A collection's status in words, the failed ones saying what happens next. */
export function collectionStatusText(collection: UpcomingCollection): string {
  if (collection.status === 'skipped') return 'Nothing to pay';
  if (collection.status === 'recovered') return 'Paid by card';
  if (collection.status === 'charged_back') return 'Returned by your bank';
  if (collection.state === 'failed' && collection.representOn)
    return `Failed: we will collect it again on ${prettyDate(collection.representOn)}`;
  return {
    due: 'Due',
    requested: 'Requested from your bank',
    paid: 'Paid',
    failed: 'Failed',
    cancelled: 'Cancelled',
  }[collection.state];
}

/** What a collection is for: its description, and why its amount is not the usual price. */
export function collectionFor(collection: Pick<UpcomingCollection, 'description' | 'reason'>): string {
  const why = collectionReasonText(collection.reason);
  return why ? `${collection.description}: ${why}` : collection.description;
}

/** GET my-account/direct-debit/upcoming-collections: every membership the customer pays for. */
export function upcomingView(ctx: DirectDebitContext) {
  return {
    async upcomingForCustomer(customer: CustomerRow): Promise<UpcomingCollections> {
      const operator = await requireOperator(ctx.operators);
      const symbol = currencySymbol(operator.currency);
      const [instructions, membershipIds] = await Promise.all([
        instructionsOf(ctx.db, customer.id),
        monthlyMembershipIdsOf(ctx.db, [customer.id]),
      ]);
      const byMembership = await upcomingCollections(ctx.db, {
        membershipIds,
        today: ctx.today(),
        priceNotices: await ctx.memberships.waitingPriceNotices(ctx.db, membershipIds),
      });
      const collections = [...byMembership.values()]
        .flat()
        .sort((a, b) => compareDates(a.date, b.date) || a.membershipId - b.membershipId);
      return {
        paysByDirectDebit: instructions.length > 0,
        collections: collections.map((collection) => ({
          id: collection.id,
          membershipId: collection.membershipId,
          date: collection.date,
          prettyDate: prettyDate(collection.date),
          amount: toMoney(collection.amountPence, operator.currency, symbol),
          description: collectionFor(collection),
          status: collection.state,
          statusLabel: collectionStatusText(collection),
        })),
      };
    },
  };
}
