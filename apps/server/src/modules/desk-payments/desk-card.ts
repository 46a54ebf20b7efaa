import type { Tx } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import type { CreatedOrder } from '../checkout/index.ts';
import { auditOrderPay, type DeskStaff } from './desk-pay.ts';
import { recordDeskCardCredit } from './desk-payments.repository.ts';

export const savedCardAtDesk =
  'A saved card cannot be charged at the desk: the customer pays with the card they have with them.';
export const saveCardAtDesk = 'A card is not saved at the desk: the customer can save one online.';

/**
 * Decision 0058: at the desk the customer present pays with the card in their hand. A stored card
 * is never charged by staff, and none is kept from the desk (saving is the customer's own choice).
 */
export function refuseStoredCardsAtDesk(body: { savedCardId?: number | undefined; saveCard?: boolean }) {
  if (body.savedCardId !== undefined)
    throw new HttpError(422, savedCardAtDesk, { errors: { savedCardId: [savedCardAtDesk] } });
  if (body.saveCard) throw new HttpError(422, saveCardAtDesk, { errors: { saveCard: [saveCardAtDesk] } });
}

/**
 * In the card order's transaction (checkout has stamped the order as the desk's: taken by this staff
 * member, source 'front-of-house'): the account credit it spent is its credit tender, and 'order.pay' is audited
 * with the card's share. The card's share is the order's own card payment (total less credit).
 */
export async function recordDeskCardOrder(tx: Tx, staff: DeskStaff, order: CreatedOrder) {
  const cardPence = order.totalPence - order.creditPence;
  await recordDeskCardCredit(tx, { id: order.id, staffUserId: staff.id, creditPence: order.creditPence });
  await auditOrderPay(tx, staff, order, {
    reference: order.reference,
    tenders: [
      { tenderType: 'card', paidPence: cardPence, cardLastFour: order.cardLastFour },
      ...(order.creditPence > 0 ? [{ tenderType: 'credit', paidPence: order.creditPence }] : []),
    ],
    changePence: 0,
  });
}
