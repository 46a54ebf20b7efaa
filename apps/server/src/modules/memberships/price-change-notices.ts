import {
  addDays,
  addMonths,
  type CalendarDate,
  daysInMonth,
  formatDate,
  parseDate,
  prettyDate,
} from '@lido/pricing/calendar-date';
import { currencySymbol, formatPence } from '@lido/pricing/money';
import { firstCollectionAtNewPrice } from '@lido/pricing/price-change-notice';
import type { Db } from '../../db/client.ts';
import { customerContact } from '../customers/index.ts';
import { repriceCollections } from '../direct-debit/index.ts';
import { paragraphsEmail } from '../direct-debit/index.ts';
import type { EmailQueue } from '../email/index.ts';
import { requireOperator } from '../operator/index.ts';
import type { OperatorRepository } from '../operator/index.ts';
import { recordMembershipEvent } from './membership-events.repository.ts';
import {
  applyPriceNotice,
  collectionsAtAmountFrom,
  insertPriceNotice,
  membersToNotify,
  noticesDueToApply,
  waitingPriceNotices,
} from './price-change-notices.repository.ts';

/** A waiting notice's new price, as a membership card shows it. */
export interface HeldPriceChange {
  newPricePence: number;
  firstBillingDate: CalendarDate;
}

/** Another run claimed this member's notice first: its transaction is rolled back. */
class AlreadyNoticed extends Error {}

/**
 * A billing date of a member we have made no collection for yet: their billing day (else the day
 * they started) in this month. The price rule steps on from it a month at a time.
 */
function billingDateIn(
  today: CalendarDate,
  billingDay: number | null,
  startDate: CalendarDate,
): CalendarDate {
  const { year, month } = parseDate(today);
  const day = billingDay ?? parseDate(startDate).day;
  return formatDate({ year, month, day: Math.min(day, daysInMonth(year, month)) });
}

/**
 * Price changes for members who hold a membership (issue 22 item 5). Each member of a change in
 * force is told as soon as the job sees it: the notice row, the timeline event and the queued
 * email commit together, the row's unique key making two instances tell a member once. The new
 * price is theirs from the first billing date the notice allows (`firstCollectionAtNewPrice`),
 * which the monthly schedule collects at; on that date it becomes the membership's price.
 */
export function createPriceChangeNotices(deps: {
  db: Db;
  operators: OperatorRepository;
  email: EmailQueue;
  today: () => CalendarDate;
  clock: () => Date;
  /** the my-account site's public origin, for the link to the member's memberships */
  myAccountOrigin: string;
}) {
  async function sendDue(): Promise<number> {
    const operator = await requireOperator(deps.operators);
    const money = (pence: number) => formatPence(pence, currencySymbol(operator.currency));
    const today = deps.today();
    let sent = 0;
    for (const member of await membersToNotify(deps.db)) {
      const key = `price-change-notice:${member.changeId}:${member.membershipId}`;
      const queued = await deps.db
        .transaction(async (tx) => {
          let first = firstCollectionAtNewPrice({
            effectiveFrom: member.effectiveFrom,
            noticeDate: today,
            noticeDays: operator.priceChangeNoticeDays,
            billingDate:
              member.latestBillingDate ?? billingDateIn(today, member.billingDay, member.startDate),
          });
          // Collections are made two weeks ahead, so one at the new date is rare (a short notice
          // setting): it is repriced. One already with the bank moves the change a month on.
          for (const row of await collectionsAtAmountFrom(
            tx,
            member.membershipId,
            first,
            member.oldPricePence,
          )) {
            const repriced = await repriceCollections(tx, {
              membershipId: member.membershipId,
              from: row.billingDate,
              to: addDays(row.billingDate, 1),
              amountPence: member.newPricePence,
            });
            if (!repriced.ok) first = addMonths(repriced.lockedBillingDate, 1);
          }
          const claimed = await insertPriceNotice(tx, {
            priceChangeId: member.changeId,
            customerMembershipId: member.membershipId,
            oldPricePence: member.oldPricePence,
            newPricePence: member.newPricePence,
            noticeDate: today,
            firstBillingDate: first,
          });
          if (!claimed) throw new AlreadyNoticed();
          await recordMembershipEvent(tx, {
            customerMembershipId: member.membershipId,
            kind: 'price_change_notified',
            occurredAt: deps.clock(),
            detail: {
              oldPricePence: member.oldPricePence,
              newPricePence: member.newPricePence,
              firstBillingDate: first,
            },
            dedupeKey: key,
          });
          const who = await customerContact(tx, member.customerId);
          if (!who) return false;
          const [was, willBe] = [money(member.oldPricePence), money(member.newPricePence)];
          await deps.email.send(
            paragraphsEmail(who.email, `Your ${member.typeName} membership price is changing`, [
              `Hello ${who.firstName},`,
              `The price of your ${member.typeName} membership is changing from ${was} to ${willBe} a month.`,
              `Your first Direct Debit at the new price is on ${prettyDate(first)}. Until then you pay ${was} a month, as now. We will still tell you of each payment before it is collected.`,
              `If you would rather not carry on at the new price, you can cancel your membership in My account: ${deps.myAccountOrigin}/memberships`,
              `Questions: ${operator.customerServiceEmail}`,
            ]),
            { tx, dedupeKey: key },
          );
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof AlreadyNoticed) return false;
          throw error;
        });
      if (queued) sent += 1;
    }
    if (sent > 0) deps.email.nudge();
    return sent;
  }

  /** From a member's first collection at the new price, it is the membership's price. */
  async function applyDue(): Promise<number> {
    let applied = 0;
    for (const notice of await noticesDueToApply(deps.db, deps.today())) {
      const done = await deps.db.transaction(async (tx) => {
        if (!(await applyPriceNotice(tx, notice.id, deps.clock()))) return false;
        await recordMembershipEvent(tx, {
          customerMembershipId: notice.customerMembershipId,
          kind: 'price_changed',
          occurredAt: deps.clock(),
          detail: {
            oldPricePence: notice.oldPricePence,
            newPricePence: notice.newPricePence,
            firstBillingDate: notice.firstBillingDate,
          },
          dedupeKey: `price-changed:${notice.id}`,
        });
        return true;
      });
      if (done) applied += 1;
    }
    return applied;
  }

  return {
    sendDue,
    applyDue,
    async run() {
      return { sent: await sendDue(), applied: await applyDue() };
    },
    /** The members' waiting changes (the earliest first collection of each), for their cards. */
    async heldPriceChanges(membershipIds: number[]): Promise<Map<number, HeldPriceChange>> {
      const waiting = new Map<number, HeldPriceChange>();
      // Latest first per membership: the last one set is the earliest.
      for (const notice of await waitingPriceNotices(deps.db, membershipIds)) {
        waiting.set(notice.customerMembershipId, {
          newPricePence: notice.newPricePence,
          firstBillingDate: notice.firstBillingDate,
        });
      }
      return waiting;
    },
  };
}
