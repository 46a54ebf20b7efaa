import { addDays, addMonths, type CalendarDate, compareDates, prettyDate } from '@lido/pricing/calendar-date';
import {
  earliestFreezeStart,
  type FreezeRules,
  freezeFeeLabel,
  planEarlyEnd,
  planFreeze,
} from '@lido/pricing/membership-freeze';
import { currencySymbol, formatPence, toMoney } from '@lido/pricing/money';
import type { HeldFreeze } from '@lido/contracts/membership-freeze';
import type { Db, Tx } from '../../db/client.ts';
// The one query for a customer's own membership, shared with cancelling.
import { exitMembershipOf as ownMembership } from './membership-exit.repository.ts';
import type { OperatorRow } from '../operator/index.ts';
import { HttpError, ValidationError } from '../../http/errors.ts';
import type { CustomerRow } from '../auth/index.ts';
import { customerContact } from '../customers/index.ts';
import { repriceCollections } from '../direct-debit/index.ts';
import { paragraphsEmail } from '../direct-debit/index.ts';
import type { EmailQueue } from '../email/index.ts';
import { itemNotFoundMessage, requireOperator } from '../operator/index.ts';
import type { OperatorRepository } from '../operator/index.ts';
import { recordMembershipEvent } from './membership-events.repository.ts';
import {
  advanceFreezes,
  type FreezeRow,
  insertFreeze,
  openFreezesOf,
  setMembershipEndDate,
  updateFreeze,
} from './membership-freeze.repository.ts';

const alreadyFrozen = 'This membership already has a freeze. End it before asking for another.';

/** How many billing dates the freeze page offers to start on. */
const startChoices = 6;

const freezeRulesOf = (operator: OperatorRow): FreezeRules => ({
  minMonths: operator.freezeMinMonths,
  maxMonths: operator.freezeMaxMonths,
  noticeDays: operator.freezeNoticeDays,
  monthlyFeePence: operator.freezeMonthlyFeePence,
});

type Owned = NonNullable<Awaited<ReturnType<typeof ownMembership>>>;

/** Why this membership cannot be frozen now, in the member's words; undefined when it can. */
function cannotFreeze(owned: Owned): string | undefined {
  const { membership } = owned;
  if (owned.paymentType !== 'recurring' || membership.billingDay === null)
    return 'Only a monthly membership can be frozen.';
  if (membership.status !== 'active') return 'Only an active membership can be frozen.';
  if (membership.cancelRequestedAt)
    return 'You have asked to cancel this membership, so it cannot be frozen.';
  return undefined;
}

/**
 * Freezing a monthly membership (issue 22 item 3): the rule is `planFreeze` in packages/pricing;
 * this keeps the freeze, moves the end date, changes the frozen billing dates' collections and
 * records the timeline, all in one transaction. The provider calls (a replaced payment cancelled,
 * the new one requested) are the settle job's, run on one instance at a time, so each is made once.
 */
export function createMembershipFreezeService(deps: {
  db: Db;
  operators: OperatorRepository;
  email: EmailQueue;
  today: () => CalendarDate;
}) {
  async function money() {
    const operator = await requireOperator(deps.operators);
    const symbol = currencySymbol(operator.currency);
    return { operator, symbol, of: (pence: number) => toMoney(pence, operator.currency, symbol) };
  }

  function view(row: FreezeRow, symbol: string, currency: string): HeldFreeze {
    return {
      id: row.id,
      startsOn: row.startsOn,
      prettyStartsOn: prettyDate(row.startsOn),
      endsOn: row.endsOn,
      prettyEndsOn: prettyDate(row.endsOn),
      prettyLastDay: prettyDate(addDays(row.endsOn, -1)),
      months: monthsBetween(row.startsOn, row.endsOn),
      monthlyFee: toMoney(row.monthlyFeePence, currency, symbol),
      state: compareDates(deps.today(), row.startsOn) < 0 ? 'scheduled' : 'active',
    };
  }

  /** Freezes started or over by today moved on, each recorded on the timeline once. */
  async function advanceAndRecord(executor: Db | Tx) {
    const { started, completed } = await advanceFreezes(executor, deps.today());
    for (const row of started)
      await recordMembershipEvent(executor, {
        customerMembershipId: row.customerMembershipId,
        kind: 'frozen',
        occurredAt: new Date(`${row.startsOn}T00:00:00Z`),
        amountPence: row.monthlyFeePence,
        dedupeKey: `freeze:${row.id}:frozen`,
      });
    for (const row of completed)
      await recordMembershipEvent(executor, {
        customerMembershipId: row.customerMembershipId,
        kind: 'freeze_ended',
        occurredAt: new Date(`${row.endsOn}T00:00:00Z`),
        dedupeKey: `freeze:${row.id}:ended`,
      });
    return { started: started.length, completed: completed.length };
  }

  /** The membership's freeze not yet over; ones over by today are closed first. */
  async function openFreezeOf(executor: Db | Tx, membershipId: number) {
    await advanceAndRecord(executor);
    const [found] = await openFreezesOf(executor, [membershipId]);
    return found;
  }

  async function requireOwn(executor: Db | Tx, customer: CustomerRow, membershipId: number, lock: boolean) {
    const owned = await ownMembership(executor, customer.id, membershipId, { lock });
    if (!owned) throw new HttpError(404, itemNotFoundMessage);
    return owned;
  }

  async function confirmationEmail(tx: Tx, customerId: number, lines: string[], dedupeKey: string) {
    const who = await customerContact(tx, customerId);
    if (!who) return;
    const operator = await requireOperator(deps.operators, tx);
    await deps.email.send(
      paragraphsEmail(who.email, lines[0]!, [
        `Hello ${who.firstName},`,
        ...lines.slice(1),
        `Questions: ${operator.customerServiceEmail}`,
      ]),
      { tx, dedupeKey },
    );
  }

  return {
    /** The freeze page: the operator's rules, the start dates on offer and any freeze not yet over. */
    async offer(customer: CustomerRow, membershipId: number) {
      const { operator, symbol, of } = await money();
      const owned = await requireOwn(deps.db, customer, membershipId, false);
      const refusal = cannotFreeze(owned);
      const open = await openFreezeOf(deps.db, membershipId);
      if (refusal && !open) throw new HttpError(409, refusal);
      const rules = freezeRulesOf(operator);
      const { membership } = owned;
      const earliest = earliestFreezeStart(deps.today(), membership.billingDay!, rules);
      const startDates = Array.from({ length: startChoices }, (_, index) => addMonths(earliest, index))
        .filter((date) => membership.endDate === null || compareDates(date, membership.endDate) <= 0)
        .map((date) => ({ date, prettyDate: prettyDate(date) }));
      return {
        membershipId,
        name: owned.typeName,
        price: of(membership.pricePence),
        billingDay: membership.billingDay!,
        endDate: membership.endDate,
        rules: {
          minMonths: rules.minMonths,
          maxMonths: rules.maxMonths,
          noticeDays: rules.noticeDays,
          monthlyFee: of(rules.monthlyFeePence),
        },
        startDates,
        today: deps.today(),
        freeze: open ? view(open, symbol, operator.currency) : null,
      };
    },

    /** POST …/freeze: the freeze kept, its collections changed and the member told, once. */
    async freeze(
      customer: CustomerRow,
      membershipId: number,
      body: { startsOn: CalendarDate; months: number },
      alongside?: (
        tx: Tx,
        frozen: {
          membershipName: string;
          startsOn: CalendarDate;
          endsOn: CalendarDate;
          months: number;
          monthlyFeePence: number;
        },
      ) => Promise<void>,
    ) {
      const { operator, symbol } = await money();
      const rules = freezeRulesOf(operator);
      const outcome = await deps.db.transaction(async (tx) => {
        const owned = await requireOwn(tx, customer, membershipId, true);
        const refusal = cannotFreeze(owned);
        if (refusal) throw new HttpError(409, refusal);
        if (await openFreezeOf(tx, membershipId)) throw new HttpError(409, alreadyFrozen);
        const { membership } = owned;
        const answer = planFreeze(
          { today: deps.today(), startsOn: body.startsOn, months: body.months },
          {
            billingDay: membership.billingDay!,
            pricePence: membership.pricePence,
            endDate: membership.endDate,
          },
          rules,
        );
        if (!answer.ok)
          throw new ValidationError({
            [answer.message.startsWith('A freeze is for') ? 'months' : 'startsOn']: [answer.message],
          });
        const { plan } = answer;
        const repriced = await repriceCollections(tx, {
          membershipId,
          from: plan.startsOn,
          to: plan.endsOn,
          amountPence: rules.monthlyFeePence,
        });
        if (!repriced.ok)
          throw new ValidationError({
            startsOn: [
              `Your payment for ${prettyDate(repriced.lockedBillingDate)} is already with your bank, so the freeze must start after it.`,
            ],
          });
        const freeze = await insertFreeze(tx, {
          customerMembershipId: membershipId,
          startsOn: plan.startsOn,
          endsOn: plan.endsOn,
          monthlyFeePence: rules.monthlyFeePence,
        });
        if (!freeze) throw new HttpError(409, alreadyFrozen);
        if (plan.newEndDate) await setMembershipEndDate(tx, membershipId, plan.newEndDate);
        await recordMembershipEvent(tx, {
          customerMembershipId: membershipId,
          kind: 'freeze_scheduled',
          amountPence: rules.monthlyFeePence,
          detail: {
            startsOn: plan.startsOn,
            endsOn: plan.endsOn,
            months: plan.months,
            newEndDate: plan.newEndDate,
          },
          dedupeKey: `freeze:${freeze.id}:scheduled`,
        });
        const fee = freezeFeeLabel(rules.monthlyFeePence, symbol);
        await confirmationEmail(
          tx,
          customer.id,
          [
            'Your membership freeze is confirmed',
            `Your membership is frozen from ${prettyDate(plan.startsOn)} to ${prettyDate(addDays(plan.endsOn, -1))} and starts again on ${prettyDate(plan.endsOn)}.`,
            `While it is frozen you pay ${fee}: ${plan.collections
              .map(
                (line) =>
                  `${prettyDate(line.billingDate)} ${line.amountPence === 0 ? 'nothing' : formatPence(line.amountPence, symbol)}`,
              )
              .join(
                ', ',
              )}. Your usual payment of ${formatPence(membership.pricePence, symbol)} is collected again from ${prettyDate(plan.endsOn)}.`,
            ...(plan.newEndDate ? [`Your membership now ends on ${prettyDate(plan.newEndDate)}.`] : []),
            'You can end the freeze early from My account → Memberships.',
          ],
          `freeze-confirmation:${freeze.id}`,
        );
        // The desk's audit row, in this transaction (decision 0085).
        await alongside?.(tx, {
          membershipName: owned.typeName,
          startsOn: plan.startsOn,
          endsOn: plan.endsOn,
          months: plan.months,
          monthlyFeePence: rules.monthlyFeePence,
        });
        return { freeze, newEndDate: plan.newEndDate ?? membership.endDate };
      });
      deps.email.nudge();
      return {
        freeze: view(outcome.freeze, symbol, operator.currency),
        endDate: outcome.newEndDate,
        prettyEndDate: outcome.newEndDate ? prettyDate(outcome.newEndDate) : null,
        message: `Your membership is frozen from ${prettyDate(outcome.freeze.startsOn)} and starts again on ${prettyDate(outcome.freeze.endsOn)}.`,
      };
    },

    /** POST …/freeze/end: withdrawn before it starts, otherwise full price from the next billing date. */
    async endEarly(customer: CustomerRow, membershipId: number) {
      const { symbol } = await money();
      const outcome = await deps.db.transaction(async (tx) => {
        const { membership } = await requireOwn(tx, customer, membershipId, true);
        const open = await openFreezeOf(tx, membershipId);
        if (!open) throw new HttpError(409, 'This membership is not frozen.');
        const answer = planEarlyEnd(open, deps.today(), membership.endDate);
        if (!answer.ok) throw new HttpError(409, answer.message);
        const { end } = answer;
        const repriced = await repriceCollections(tx, {
          membershipId,
          from: end.resumesOn,
          to: open.endsOn,
          amountPence: membership.pricePence,
        });
        if (!repriced.ok)
          throw new HttpError(
            409,
            `Your payment for ${prettyDate(repriced.lockedBillingDate)} is already with your bank, so the freeze cannot end before it.`,
          );
        const saved = await updateFreeze(
          tx,
          open.id,
          end.withdrawn
            ? { status: 'withdrawn', endedEarlyOn: deps.today() }
            : { status: 'ended_early', endsOn: end.resumesOn, endedEarlyOn: deps.today() },
        );
        if (end.newEndDate) await setMembershipEndDate(tx, membershipId, end.newEndDate);
        await recordMembershipEvent(tx, {
          customerMembershipId: membershipId,
          kind: 'freeze_ended',
          detail: {
            early: true,
            withdrawn: end.withdrawn,
            resumesOn: end.resumesOn,
            newEndDate: end.newEndDate,
          },
          dedupeKey: `freeze:${open.id}:ended`,
        });
        await confirmationEmail(
          tx,
          customer.id,
          [
            end.withdrawn ? 'Your membership freeze is cancelled' : 'Your membership freeze has ended',
            end.withdrawn
              ? 'Your membership will not be frozen. Your usual payments carry on.'
              : `Your membership is open again today. Your usual payment of ${formatPence(membership.pricePence, symbol)} is collected again from ${prettyDate(end.resumesOn)}.`,
            ...(end.newEndDate ? [`Your membership now ends on ${prettyDate(end.newEndDate)}.`] : []),
          ],
          `freeze-ended:${open.id}`,
        );
        return { saved: saved!, end, endDate: end.newEndDate ?? membership.endDate };
      });
      deps.email.nudge();
      return {
        freeze: null,
        endDate: outcome.endDate,
        prettyEndDate: outcome.endDate ? prettyDate(outcome.endDate) : null,
        message: outcome.end.withdrawn
          ? 'Your freeze is cancelled. Your usual payments carry on.'
          : `Your freeze has ended. Your usual payment is collected again from ${prettyDate(outcome.end.resumesOn)}.`,
      };
    },

    /** Each membership's freeze not yet over, as My account shows it. */
    async heldFreezes(membershipIds: number[]): Promise<Map<number, HeldFreeze>> {
      const { operator, symbol } = await money();
      const today = deps.today();
      const rows = (await openFreezesOf(deps.db, membershipIds)).filter(
        (row) => compareDates(row.endsOn, today) > 0,
      );
      return new Map(rows.map((row) => [row.customerMembershipId, view(row, symbol, operator.currency)]));
    },

    /** The job: freezes started and finished by today, each recorded on the timeline once. */
    advance: () => advanceAndRecord(deps.db),
  };
}

function monthsBetween(from: CalendarDate, to: CalendarDate): number {
  let months = 0;
  while (compareDates(addMonths(from, months + 1), to) <= 0) months += 1;
  return months;
}
