import type { Cart, CartItem } from '@lido/contracts/cart';
import type { CalendarDate } from '@lido/pricing/calendar-date';
import type { MoneyFormat } from '@lido/pricing/money';
import type { Executor, Tx } from '../../db/client.ts';
import type { orderItems } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';

/**
 * The seam between checkout and what it sells (issue 32 item 1, decision 0077; the walk-through is
 * docs/adding-a-line-kind.md). Each product sold through the basket is a line kind, written in its
 * own module: it reads and prices its basket lines, checks them before a card is charged and again
 * inside completion, fulfils them in the order's transaction and undoes them when the order is
 * voided. Checkout owns the order and the payment and loops over the kinds registered in
 * `apps/server/src/line-kinds.ts`; it never names a product.
 */

/** The basket no longer matches what was paid: the order rolls back and a card payment goes back. */
export class BasketChangedError extends HttpError {
  constructor(
    message = 'Your basket changed while you were paying, so the payment was cancelled and you have not been charged.',
    /** run after the order's transaction rolled back (a refused promotion leaves the basket) */
    readonly afterRollback?: () => Promise<void>,
  ) {
    super(409, message);
  }
}

/** Makes the error to throw when the lines no longer match what was paid (no message: the usual one). */
export type BasketChanged = (message?: string) => Error;

/** A kind's lines in one basket (or one basketless purchase), priced. */
export interface KindLines {
  /** how many lines: a basket with none of any kind is empty */
  count: number;
  totalPence: number;
  /** the centre the order is made at, when the lines name one */
  venueId: number | null;
}

/**
 * A kind's lines with what checkout reads of them: how many, their total and the first line's
 * centre (a basket's lines are all at one centre, or checkout asks which).
 */
export function kindLines<Row>(
  rows: Row[],
  pence: (row: Row) => number,
  venueId: (row: Row) => number | null,
): KindLines & { rows: Row[] } {
  return {
    rows,
    count: rows.length,
    totalPence: rows.reduce((sum, row) => sum + pence(row), 0),
    venueId: rows.length > 0 ? venueId(rows[0]!) : null,
  };
}

/** A line of the order's receipt (an `order_items` row without its order and position). */
export type ReceiptLine = Pick<
  typeof orderItems.$inferInsert,
  'itemType' | 'description' | 'amountPence' | 'details'
>;

/** Who buys and when: the same for every kind of one order. */
interface PurchaseContext {
  customerId: number;
  customerReference: string;
  today: CalendarDate;
  now: Date;
  /** the operator's time zone: a session's date and time are told in it */
  timeZone: string;
}

/** Inside the order's transaction, with the basket (or the payment) locked. */
export interface CompletionContext extends PurchaseContext {
  /** the basket being completed; null for a basketless purchase */
  cartId: number | null;
  /** what the card payment recorded for this kind when it was authorised; undefined without a card */
  paid: unknown;
  /** the basket lines whose waivers were accepted without a card payment */
  acceptedWaivers: Set<number>;
  changed: BasketChanged;
}

/** The new order, as its kinds fulfil it. */
interface OrderBeingMade {
  id: number;
  reference: string;
  /** the card that paid for it, when one did */
  cardLastFour: string | null;
}

/** What a kind adds to the basket answer. */
interface BasketView {
  /** the lines as the basket lists them, with when each was added (lines are listed in that order) */
  items: (CartItem & { created: Date })[];
  /** membership credit these lines could use (the basket's `credits.membership`) */
  membershipCredit?: Cart['credits']['membership'];
  /** an attendee's waiver is needed to pay */
  waiversRequired?: boolean;
}

export interface LineKind<Lines extends KindLines = KindLines> {
  /** its name: also the key of what a card payment records for it */
  readonly name: string;
  /** an order holding this kind is said to be made on the bookings site */
  readonly madeOnBookingsSite?: boolean;
  /** the basket's lines of this kind, priced; `lock` inside completion, so nobody changes them meanwhile */
  linesOf(db: Executor, cartId: number, options?: { lock?: boolean }): Promise<Lines>;
  /** the basket answer's lines */
  view(
    db: Executor,
    lines: Lines,
    context: { format: MoneyFormat; customerId: number; timeZone: string },
  ): Promise<BasketView>;
  /** catalogue terms these lines need accepted, before anything is paid */
  requiredTermIds?(lines: Lines): Promise<number[]>;
  /** refuses lines that could never be paid for (before a card is charged, and when completing) */
  payable?(db: Executor, lines: Lines, context: { customerId: number; cartId: number }): Promise<void>;
  /**
   * POST {checkout}/remove: removes those of `lineIds` that are this kind's lines in the basket, and
   * answers their ids (for a kind the cart module does not hold itself; decision 0101)
   */
  removeLines?(tx: Tx, cartId: number, lineIds: number[]): Promise<number[]>;
  /** paying has started: keep what the lines hold (places) from lapsing mid-payment */
  keep?(db: Executor, cartId: number): Promise<void>;
  /**
   * What a card payment records for these lines at authorise, checked again at completion (a
   * booking's waivers and the lines it pays for); refuses what cannot be paid yet (422).
   */
  paymentRecord?(
    db: Executor,
    lines: Lines,
    context: { cartId: number; acceptedWaivers: Set<number>; now: Date },
  ): Promise<unknown>;
  /**
   * Inside completion, with the lines locked: the lines this order buys, checked against what was
   * paid (`context.paid`): throw `context.changed()` when they no longer match.
   */
  toBuy?(tx: Tx, lines: Lines, context: CompletionContext): Promise<Lines>;
  /**
   * A basketless purchase of this kind (a waiting list's offer charged to a saved card): its lines
   * from the record its payment was started with (`context.paid`); `context.changed(...)` when they
   * can no longer be had.
   */
  paidLines?(tx: Tx, context: CompletionContext): Promise<Lines>;
  /** inside the order's transaction: make what was bought, and say what the receipt lists */
  fulfil(
    tx: Tx,
    lines: Lines,
    context: CompletionContext & { order: OrderBeingMade },
  ): Promise<ReceiptLine[]>;
  /** how many of what this order bought of this kind a void would undo now (the void's preview) */
  wouldUndo?(db: Executor, orderId: number): Promise<number>;
  /** inside a void's transaction: undo what this order bought of this kind; answers how many */
  undoOrder?(
    tx: Tx,
    order: { id: number; customerId: number },
    context: { reason: string; at: Date; today: CalendarDate },
  ): Promise<{ undone: number; placesFreed?: boolean }>;
}

/** The kinds sold through the basket, in the order a receipt lists them. */
export type LineKinds = readonly LineKind[];
