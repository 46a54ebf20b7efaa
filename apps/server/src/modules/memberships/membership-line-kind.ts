import { addDays, type CalendarDate } from '@lido/pricing/calendar-date';
import type { Executor, Tx } from '../../db/client.ts';
import type { DirectDebitLine } from '../direct-debit/index.ts';
import { BasketChangedError, type KindLines, type LineKind, kindLines } from '../line-kinds/index.ts';
import {
  basketMembershipLines,
  type BasketMembershipLine,
  type BasketMembershipRow,
  endMembership,
  insertMembership,
  orderLineFacts,
} from './basket-lines.repository.ts';
import { changeAnswer, costsAnswer, inJsonbKeyOrder } from './costs-answer.ts';
import { recordMembershipEvent } from './membership-events.repository.ts';
import { cancelMembershipsOfVoidedOrder, membershipsAVoidWouldEnd } from './membership-void.ts';
import { redeemPromotion } from './promotions.repository.ts';

/** quality.md S3: a promotion that ran out (or was used) meanwhile is not given; the customer is told. */
export const promotionUnavailable =
  'This promotion is no longer available, so it has been taken off your basket: please check the new total. You have not been charged.';

export interface MembershipLines extends KindLines {
  rows: BasketMembershipRow[];
}

/** What the membership lines are sold with (wired in `apps/server/src/line-kinds.ts`). */
export interface MembershipLineKindDeps {
  /** the terms each line needs and whether the joining page accepted them (the basket's rule) */
  termsOfLines(lines: BasketMembershipLine[]): Promise<{ id: number; accepted: boolean }[]>;
  /** refuses new monthly lines no Direct Debit could collect (the Direct Debit module's rule) */
  requireDirectDebitFor(
    db: Executor,
    input: { customerId: number; cartId: number; lines: BasketMembershipLine[] },
  ): Promise<void>;
  /** records a new monthly membership's first collection in the order's transaction */
  recordDirectDebit?(tx: Tx, line: DirectDebitLine): Promise<void>;
  /** after a refused promotion rolled the order back: prices the basket again without it */
  dropPromotion(customerId: number, cartId: number, promotionId: number): Promise<void>;
}

const linesOf = (rows: BasketMembershipRow[]): MembershipLines =>
  kindLines(
    rows,
    (row) => row.item.amountPence,
    (row) => row.item.venueId,
  );

/**
 * Memberships bought through the basket (joining, a change, a renewal) as a line kind (decision
 * 0077): in the order's transaction each line becomes an order line and the membership it buys
 * (proof-of-eligibility ones wait for the proof); a change ends the held membership; monthly ones
 * start their collections; promotions are redeemed, and one that was refused rolls the whole order
 * back and leaves the basket.
 */
export function membershipLineKind(deps: MembershipLineKindDeps): LineKind<MembershipLines> {
  return {
    name: 'membership',

    async linesOf(db, cartId) {
      // Only ever changed under the basket's lock, which completion holds.
      return linesOf(await basketMembershipLines(db, cartId, 'memberships'));
    },

    async view(_db, lines, { format }) {
      return {
        items: lines.rows.map(({ item, typeName, venueName, categories }) => {
          const { change, ...costs } = item.costs;
          return {
            id: item.id,
            type: membershipKindOf(item),
            objectId: item.membershipTypeId,
            pricingOptionId: item.paymentOptionId,
            purchasedForUserId: item.purchasedForCustomerId,
            renewsMembershipId: item.renewsMembershipId,
            changesMembershipId: item.changesMembershipId,
            change: change ? inJsonbKeyOrder(changeAnswer(change, format)) : null,
            name: typeName,
            description: item.description,
            venue: { id: item.venueId, name: venueName },
            categories,
            options: {
              startDate: item.startDate,
              billingDay: item.billingDay,
              venueId: item.venueId,
              promotionCodeId: item.promotionId,
            },
            // The costs call's shape; a change's difference travels separately, in `change`.
            costs: inJsonbKeyOrder(costsAnswer(costs, format)),
            price: format.money(item.amountPence),
            sortBy: 0,
            enablePrintReceipt: true,
            created: item.createdAt,
          };
        }),
      };
    },

    async requiredTermIds(lines) {
      const terms = await deps.termsOfLines(lines.rows.map((row) => row.item));
      return terms.filter((term) => !term.accepted).map((term) => term.id);
    },

    // Nothing is charged for a monthly membership that could never be collected.
    async payable(db, lines, { customerId, cartId }) {
      await deps.requireDirectDebitFor(db, { customerId, cartId, lines: lines.rows.map((row) => row.item) });
    },

    async fulfil(tx, lines, context) {
      const items = lines.rows.map((row) => row.item);
      const { names, venueNames, categories, proofTypes, prices } = await orderLineFacts(tx, {
        typeIds: items.map((line) => line.membershipTypeId),
        venueIds: items.map((line) => line.venueId),
        paymentOptionIds: items.map((line) => line.paymentOptionId),
      });
      for (const line of items) {
        if (line.changesMembershipId !== null) {
          // The held membership ends the day before the change; the new one carries on its billing day.
          await endMembership(tx, line.changesMembershipId, {
            endDate: addDays(line.startDate, -1),
            status: line.startDate <= context.today ? 'ended' : 'active',
          });
        }
        const pricePence = prices.get(line.paymentOptionId) ?? line.costs.basePrice;
        const membershipId = await insertMembership(tx, {
          // The member holds it (a dependant the payer bought it for: decision 0051); the payer pays.
          customerId: line.purchasedForCustomerId,
          membershipTypeId: line.membershipTypeId,
          paymentOptionId: line.paymentOptionId,
          homeVenueId: line.venueId,
          status: proofTypes.has(line.membershipTypeId) ? 'pending_eligibility' : 'active',
          startDate: line.startDate,
          endDate: line.costs.endDate,
          billingDay: line.costs.paymentType === 'recurring' ? line.billingDay : null,
          pricePence,
          orderId: context.order.id,
        });
        await recordStart(tx, line, membershipId, context.order.id, context.today);
        // A new monthly membership starts its collections; a change takes over the held one's.
        if (deps.recordDirectDebit && line.costs.paymentType === 'recurring' && line.costs.firstBillingDate)
          await deps.recordDirectDebit(tx, {
            replacesMembershipId: line.changesMembershipId,
            cartId: context.cartId!,
            customerId: context.customerId,
            orderId: context.order.id,
            membershipId,
            description: `${names.get(line.membershipTypeId) ?? line.description}, monthly`,
            amountPence: pricePence,
            firstBillingDate: line.costs.firstBillingDate,
            today: context.today,
          });
        if (line.promotionId !== null) {
          const outcome = await redeemPromotion(tx, {
            promotionId: line.promotionId,
            orderReference: context.order.reference,
            customerReference: context.customerReference,
          });
          // Exhausted or already used by this customer: the whole order rolls back (nothing is given).
          if (outcome === 'exhausted' || outcome === 'already-used-by-customer') {
            const { cartId, customerId } = context;
            const promotionId = line.promotionId;
            throw new BasketChangedError(promotionUnavailable, () =>
              deps.dropPromotion(customerId, cartId!, promotionId),
            );
          }
        }
      }
      return items.map((line) => {
        const { change, ...costs } = line.costs;
        return {
          itemType: 'membership' as const,
          description: line.description,
          amountPence: line.amountPence,
          details: {
            kind: membershipKindOf(line),
            name: names.get(line.membershipTypeId) ?? line.description,
            categories: categories.get(line.membershipTypeId) ?? [],
            venueName: venueNames.get(line.venueId) ?? '',
            membershipTypeId: line.membershipTypeId,
            requiresEligibility: proofTypes.has(line.membershipTypeId),
            costs,
            change: change ?? null,
          },
        };
      });
    },

    wouldUndo: membershipsAVoidWouldEnd,

    // A voided order's memberships end as a cooling-off cancellation ends them.
    async undoOrder(tx, order, { reason, at }) {
      return { undone: await cancelMembershipsOfVoidedOrder(tx, { orderId: order.id, reason, at }) };
    },
  };
}

/** The line's kind of membership purchase (`linesOf` reads no failed collections). */
const membershipKindOf = (line: BasketMembershipLine) =>
  line.itemType as Exclude<BasketMembershipLine['itemType'], 'outstanding_balance'>;

/** The membership's timeline starts: joined, renewed or changed (on both memberships of a change). */
async function recordStart(
  tx: Tx,
  line: BasketMembershipLine,
  membershipId: number,
  orderId: number,
  today: CalendarDate,
) {
  const kind =
    line.itemType === 'membership_change'
      ? 'changed'
      : line.itemType === 'membership_renewal'
        ? 'renewed'
        : 'joined';
  await recordMembershipEvent(tx, {
    customerMembershipId: membershipId,
    kind,
    amountPence: line.amountPence,
    // The contract's day in the operator's calendar: the cooling-off period counts from it.
    detail: {
      orderId,
      contractDate: today,
      startDate: line.startDate,
      fromMembershipId: line.changesMembershipId,
    },
    dedupeKey: `membership:${membershipId}:${kind}`,
  });
  if (line.changesMembershipId !== null)
    await recordMembershipEvent(tx, {
      customerMembershipId: line.changesMembershipId,
      kind: 'changed',
      detail: { orderId, endDate: addDays(line.startDate, -1), toMembershipId: membershipId },
      dedupeKey: `membership:${line.changesMembershipId}:changed-to:${membershipId}`,
    });
}
