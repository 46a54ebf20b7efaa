import type { Order, OrderItem, OrderPayment } from '@lido/contracts/order';
import { tenderTypeLabels } from '@lido/contracts/offline-payments';
import { Button } from '../../ui/button.tsx';
import { type ReceiptRow, ReceiptTable } from '../../ui/receipt-table.tsx';
import { prettyDate } from '../../i18n/dates.ts';
import { type SessionTimes, useSessionWhen } from '../../i18n/session-when.ts';
import { checkoutWords } from './words.ts';

/** "Card ending 0006 and £12.50 of account credit", "Account credit", "Nothing to pay". */
export function paidWithText(payment: OrderPayment): string {
  const card = payment.cardLastFour
    ? checkoutWords('cardEnding', { lastFour: payment.cardLastFour })
    : checkoutWords('card');
  if (payment.method === 'card')
    return payment.credit.raw.amount > 0
      ? checkoutWords('cardAndCredit', {
          card,
          cardAmount: payment.card.formatted,
          credit: payment.credit.formatted,
        })
      : card;
  if (payment.method === 'credit') return checkoutWords('paidWithCredit');
  if (payment.method === 'offline')
    return (payment.tenders ?? [])
      .map((tender) => `${tenderTypeLabels[tender.tenderType]} (${tender.amount.formatted})`)
      .reduce((first, second) => (first ? checkoutWords('tendersAnd', { first, second }) : second), '');
  return checkoutWords('nothingToPay');
}

const membershipKinds = {
  membership: 'kindMembership',
  membership_renewal: 'kindRenewal',
  membership_change: 'kindChange',
} as const;

/**
 * What a receipt line is: "2 × Adult" for a booking, "Package" for a package (a 10-swim card was
 * called "Membership": issue 34 item 4), the membership's kind for a membership. Every line type
 * has its own case: a type added to orders without one fails to compile.
 */
export function itemDetail(item: OrderItem): string {
  switch (item.type) {
    case 'booking':
      return `${item.quantity} × ${item.variant}`;
    case 'package':
      return checkoutWords('kindPackage');
    case 'outstanding_balance':
      return checkoutWords('collectionDue', { date: item.billingDate ? prettyDate(item.billingDate) : '' });
    case 'penalty_fee':
    case 'course_enrolment':
      return item.description;
    case 'membership':
      return checkoutWords(membershipKinds[item.kind]);
  }
}

/** A booked session's day and times, in the page's language. */
function SessionWhen({ session }: { session: SessionTimes }) {
  return useSessionWhen()(session);
}

/** An order's lines as receipt rows: what, when (a booking), places and price. */
export function receiptRows(order: Order): ReceiptRow[] {
  return order.items.map((item) => ({
    item: (
      <>
        {item.name}
        {item.type === 'booking' && (
          <span className="receipt__when">
            <SessionWhen session={item} />
          </span>
        )}
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
      <h2 id="receipt-heading">{checkoutWords('receipt')}</h2>
      <dl className="facts">
        <dt>{checkoutWords('order')}</dt>
        <dd>{order.reference}</dd>
        <dt>{checkoutWords('paid')}</dt>
        <dd>{order.total.formatted}</dd>
        <dt>{checkoutWords('paidWith')}</dt>
        <dd>{paidWithText(order.payment)}</dd>
      </dl>
      <ReceiptTable total={order.total.formatted} rows={receiptRows(order)} />
      {order.enablePrintReceipt && (
        <div className="booking-confirmed__print">
          <Button variant="secondary" size="lg" onClick={() => window.print()}>
            {checkoutWords('printReceipt')}
          </Button>
        </div>
      )}
    </section>
  );
}
