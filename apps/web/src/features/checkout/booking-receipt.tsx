import type { Order, OrderItem, OrderPayment } from '@lido/contracts/order';
import { Button } from '../../ui/button.tsx';
import { type ReceiptRow, ReceiptTable } from '../../ui/receipt-table.tsx';

/** "Card ending 0006 and £12.50 of account credit", "Account credit", "Nothing to pay". */
export function paidWithText(payment: OrderPayment): string {
  const card = payment.cardLastFour ? `Card ending ${payment.cardLastFour}` : 'Card';
  if (payment.method === 'card')
    return payment.credit.raw.amount > 0
      ? `${card} (${payment.card.formatted}) and account credit (${payment.credit.formatted})`
      : card;
  if (payment.method === 'credit') return 'Account credit';
  return 'Nothing to pay';
}

/** "2 × Adult" for a booking, the membership's kind for a membership. */
export function itemDetail(item: OrderItem): string {
  if (item.type === 'booking') return `${item.quantity} × ${item.variant}`;
  return 'Membership';
}

/** An order's lines as receipt rows: what, when (a booking), places and price. */
export function receiptRows(order: Order): ReceiptRow[] {
  return order.items.map((item) => ({
    item: (
      <>
        {item.name}
        {item.type === 'booking' && <span className="receipt__when">{item.when}</span>}
      </>
    ),
    places: itemDetail(item),
    price: item.total.formatted,
  }));
}

/** What was paid, line by line, and how: the part of the page a customer prints. */
export function BookingReceipt({ order }: { order: Order }) {
  return (
    <section className="panel panel--wide receipt booking-receipt" aria-labelledby="receipt-heading">
      <h2 id="receipt-heading">Receipt</h2>
      <dl className="facts">
        <dt>Order</dt>
        <dd>{order.reference}</dd>
        <dt>Paid</dt>
        <dd>{order.total.formatted}</dd>
        <dt>Paid with</dt>
        <dd>{paidWithText(order.payment)}</dd>
      </dl>
      <ReceiptTable total={order.total.formatted} rows={receiptRows(order)} />
      {order.enablePrintReceipt && (
        <div className="booking-confirmed__print">
          <Button variant="secondary" size="lg" onClick={() => window.print()}>
            Print receipt
          </Button>
        </div>
      )}
    </section>
  );
}
