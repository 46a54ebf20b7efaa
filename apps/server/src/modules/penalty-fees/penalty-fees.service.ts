import type { Cart } from '@lido/contracts/cart';
import type { CustomerPenaltyFees, MyPenaltyFees } from '@lido/contracts/penalty-fees';
import { moneyFormat } from '@lido/pricing/money';
import type { Db } from '../../db/client.ts';
import { HttpError, ValidationError } from '../../http/errors.ts';
import { recordStaffAction } from '../audit/index.ts';
import type { CustomerRow } from '../auth/index.ts';
import type { CartRepository, CartView } from '../cart/index.ts';
import { requireOpen } from '../cart/index.ts';
import type { OperatorReads } from '../catalogue/index.ts';
import { requireOperator } from '../operator/index.ts';
import type { StaffUserRow } from '../staff/index.ts';
import { feeAnswer } from './penalty-fees.ts';
import * as repo from './penalty-fees.repository.ts';

export const nothingOwed = 'You have no fees to pay.';
export const managersWaiveFees = 'Only a manager of the booking’s centre can waive a fee.';
export const feeNotOwed = 'This fee has already been paid or waived.';

/**
 * Fees owed on the account (issue 35 item 6, decision 0101): the customer's list and "Pay now"
 * (the fees go into the ordinary basket as lines of their kind), and a manager's waiver with a
 * reason, in the audit log.
 */
export function createPenaltyFeesService(deps: {
  db: Db;
  carts: CartRepository;
  view: CartView;
  operators: Pick<OperatorReads, 'current'>;
  timeZone: string;
}) {
  const { db, timeZone } = deps;
  const format = async () => moneyFormat((await requireOperator(deps.operators)).currency);

  return {
    /** GET /api/my-account/penalty-fees */
    async mine(customer: Pick<CustomerRow, 'id'>): Promise<MyPenaltyFees> {
      const money = await format();
      const fees = (await repo.feesOf(db, customer.id)).map((row) => feeAnswer(row, money, timeZone));
      const owed = fees.filter((fee) => fee.status === 'owed');
      return { owed: money.money(owed.reduce((sum, fee) => sum + fee.amount.raw.amount, 0)), fees };
    },

    /** POST /api/my-account/penalty-fees/pay: every fee still owed into the basket (once each). */
    async addToBasket(customer: CustomerRow): Promise<Cart> {
      const cart = await deps.carts.withTouchedCart(customer.id, async (tx, locked) => {
        requireOpen(locked);
        if ((await repo.feesOf(tx, customer.id, { owed: true })).length === 0)
          throw new ValidationError({ fees: [nothingOwed] });
        await repo.addOwedFeesToBasket(tx, locked.id, customer.id);
        return locked;
      });
      return deps.view(customer, cart);
    },

    /** A customer's fees at the desk, with those a manager of the booking's centre may waive. */
    async ofCustomer(staff: StaffUserRow, customerId: number): Promise<CustomerPenaltyFees> {
      if (!(await repo.customerExists(db, customerId)))
        throw new HttpError(404, 'There is no such customer.');
      const money = await format();
      return {
        fees: (await repo.feesOf(db, customerId)).map((row) => ({
          ...feeAnswer(row, money, timeZone),
          waivable:
            !row.paid && !row.waived && staff.role === 'manager' && staff.centres.includes(row.centre_slug),
        })),
      };
    },

    /** A manager of the booking's centre waives a fee still owed, with a reason, in the audit log. */
    async waive(staff: StaffUserRow, feeId: number, reason: string): Promise<void> {
      const found = await repo.feeOf(db, feeId);
      if (!found) throw new HttpError(404, 'There is no such fee.');
      if (staff.role !== 'manager' || !staff.centres.includes(found.centre_slug))
        throw new HttpError(403, managersWaiveFees);
      await db.transaction(async (tx) => {
        const waived = await repo.waiveFee(tx, { feeId, staffUserId: staff.id, reason });
        if (!waived) throw new HttpError(409, feeNotOwed);
        await recordStaffAction(tx, {
          by: { staff: { id: staff.id, username: staff.username } },
          action: 'penalty-fee.waived',
          customerId: waived.customer_id,
          amountPence: waived.amount_pence,
          details: { feeId, kind: found.kind, bookingId: waived.booking_id, reason },
        });
      });
    },
  };
}
export type PenaltyFeesService = ReturnType<typeof createPenaltyFeesService>;
