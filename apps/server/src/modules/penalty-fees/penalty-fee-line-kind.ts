import { type CartPenaltyFeeItem, penaltyFeeWords } from '@lido/contracts/penalty-fees';
import { type KindLines, type LineKind, kindLines } from '../line-kinds/index.ts';
import { feeAbout } from './penalty-fees.ts';
import * as repo from './penalty-fees.repository.ts';

/** A fee paid or waived since it went into the basket: the order rolls back and a card payment goes back. */
const feeSettledMeanwhile =
  'A fee in your basket has already been paid or waived, so the payment was cancelled and you have not been charged.';

interface PenaltyFeeLines extends KindLines {
  rows: repo.FeeLineRow[];
}

/** What a card payment records of the fees it pays: each fee and its amount, checked at completion. */
interface PaidFee {
  feeId: number;
  amountPence: number;
}

/**
 * Fees owed on the account, paid through the ordinary basket (issue 35 item 6, decision 0101;
 * docs/adding-a-line-kind.md). A line shows and charges only while its fee is owed; in the order's
 * transaction each fee is marked paid by the order, once (a fee paid or waived meanwhile refuses the
 * order, and a card payment is given back). Like arrears paid, an order of fees is not voided at
 * the desk.
 */
export function penaltyFeeLineKind(deps: { timeZone: string }): LineKind<PenaltyFeeLines> {
  return {
    name: 'penalty-fee',

    async linesOf(db, cartId, options) {
      return kindLines(
        await repo.feeLinesOf(db, cartId, { lock: options?.lock === true }),
        (row) => row.amount_pence,
        (row) => row.venue_id,
      );
    },

    async view(_db, { rows }, { format }) {
      return {
        items: rows.map((row): CartPenaltyFeeItem & { created: Date } => ({
          id: row.line_id,
          type: 'penalty_fee',
          feeId: row.id,
          name: penaltyFeeWords.lineName,
          description: feeAbout(row, deps.timeZone),
          venue: { id: row.venue_id, name: row.venue_name },
          price: format.money(row.amount_pence),
          sortBy: 0,
          enablePrintReceipt: true,
          created: row.created_at,
        })),
      };
    },

    async removeLines(tx, cartId, lineIds) {
      return repo.deleteFeeLines(tx, cartId, lineIds);
    },

    async paymentRecord(_db, { rows }): Promise<PaidFee[]> {
      return rows.map((row) => ({ feeId: row.id, amountPence: row.amount_pence }));
    },

    async toBuy(_tx, lines, context) {
      if (context.paid === undefined) return lines;
      const paid = new Map((context.paid as PaidFee[]).map((fee) => [fee.feeId, fee.amountPence]));
      const same =
        paid.size === lines.rows.length && lines.rows.every((row) => paid.get(row.id) === row.amount_pence);
      if (!same) throw context.changed(lines.rows.length < paid.size ? feeSettledMeanwhile : undefined);
      return lines;
    },

    async fulfil(tx, { rows }, context) {
      if (rows.length === 0) return [];
      const paid = await repo.payFees(
        tx,
        rows.map((row) => row.id),
        context.order.id,
        context.now,
      );
      if (paid.length !== rows.length) throw context.changed(feeSettledMeanwhile);
      if (context.cartId !== null) await repo.clearFeeLines(tx, context.cartId);
      return rows.map((row) => ({
        itemType: 'penalty_fee' as const,
        description: `${penaltyFeeWords.lineName}: ${feeAbout(row, deps.timeZone)}`,
        amountPence: row.amount_pence,
        details: null,
      }));
    },
  };
}
