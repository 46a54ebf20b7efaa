import { TableScroll } from '../../ui/table-scroll.tsx';
import type { Order, OrderItem, OrderPayment } from '@lido/contracts/order';
import { Button } from '../../ui/button.tsx';

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
      <TableScroll label="What was paid for">
        <table className="table">
          <caption className="visually-hidden">What was paid for</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Places</th>
              <th scope="col">Price</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item, index) => (
              <tr key={index}>
                <td>
                  {item.name}
                  {item.type === 'booking' && <span className="receipt__when">{item.when}</span>}
                </td>
                <td>{itemDetail(item)}</td>
                <td>{item.total.formatted}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                Total
              </th>
              <td>{order.total.formatted}</td>
            </tr>
          </tfoot>
        </table>
      </TableScroll>
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
