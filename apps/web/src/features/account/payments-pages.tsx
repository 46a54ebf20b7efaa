import { TableScroll } from '../../ui/table-scroll.tsx';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '../../router/index.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Button } from '../../ui/button.tsx';
import { ReceiptTable } from '../../ui/receipt-table.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { NotFoundPage } from '../../app/errors/not-found-page.tsx';
import { SiteLink } from '../../app/site-mode/site-link.tsx';
import { myDirectDebitQuery } from './get-direct-debit.ts';
import { myPaymentsQuery, type Payment, receiptQuery } from './get-payments.ts';
import { UpcomingCollections } from './upcoming-collections.tsx';

function paidWith(payment: Payment): string {
  if (payment.paymentMethod === 'card' && payment.cardLastFour) return `Card ending ${payment.cardLastFour}`;
  if (payment.paymentMethod === 'direct_debit') return 'Direct Debit';
  if (payment.paymentMethod === 'free') return 'Nothing to pay';
  return payment.paymentMethod ?? '';
}

/** The Direct Debit: the mandate (masked account, reference); its collections are listed below it. */
function DirectDebitPanel() {
  const directDebit = useQuery(myDirectDebitQuery);
  const instruction = directDebit.data?.instruction;
  if (!instruction) return null;
  return (
    <section className="panel panel--wide" aria-labelledby="direct-debit-heading">
      <h2 id="direct-debit-heading">Direct Debit</h2>
      {directDebit.data?.notices.map((notice) => (
        <p key={notice.problem} className="notice notice--danger">
          {notice.message}
        </p>
      ))}
      <dl className="facts">
        <dt>Status</dt>
        <dd>{instruction.statusLabel}</dd>
        <dt>Account holder</dt>
        <dd>{instruction.accountHolder}</dd>
        {instruction.bankName && (
          <>
            <dt>Bank</dt>
            <dd>{instruction.bankName}</dd>
          </>
        )}
        <dt>Sort code</dt>
        <dd>{instruction.sortCode}</dd>
        <dt>Account number</dt>
        <dd>{instruction.accountNumber}</dd>
        <dt>Mandate reference</dt>
        <dd>{instruction.reference ?? 'Being set up'}</dd>
      </dl>
      <p>
        <Link to="/user-details/bank-details">Change bank details</Link>
      </p>
    </section>
  );
}

/** /payments: the Direct Debit, then the customer's paid orders, newest first, each with its receipt. */
export function PaymentsPage() {
  const payments = useQuery(myPaymentsQuery);
  return (
    <>
      <h1>Payments</h1>
      <DirectDebitPanel />
      <UpcomingCollections />
      {payments.isPending && <Spinner label="Loading your payments" />}
      {payments.isError && (
        <p className="error-line">
          {genericErrorLine(payments.error instanceof ApiError ? payments.error.status : null)}
        </p>
      )}
      {payments.data?.length === 0 && (
        <div className="panel">
          <h2>You haven&apos;t made any payments yet</h2>
          <p>Receipts for memberships and bookings you pay for online appear here.</p>
          <SiteLink site="online-joining" to="/" className="button button--primary button--lg">
            Buy a membership
          </SiteLink>
        </div>
      )}
      {payments.data && payments.data.length > 0 && <h2 className="payments__receipts">Receipts</h2>}
      {payments.data && payments.data.length > 0 && (
        <TableScroll label="Payments made">
          <table className="table">
            <caption className="visually-hidden">Your payments, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">For</th>
                <th scope="col">Amount</th>
                <th scope="col">Receipt</th>
              </tr>
            </thead>
            <tbody>
              {payments.data.map((payment) => (
                <tr key={payment.id}>
                  <td>{payment.prettyDate}</td>
                  <td>
                    {payment.items.map((item) => item.description).join(', ')}
                    {payment.status === 'refunded' && <span className="status status--ended"> Refunded</span>}
                  </td>
                  <td>{payment.total.formatted}</td>
                  <td>
                    <Link to={`/payments/${payment.id}`}>
                      {payment.reference}
                      <span className="visually-hidden"> receipt</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}

/** /payments/{orderId}: one receipt, printable. */
export function ReceiptPage() {
  const { orderId = '' } = useParams();
  const receipt = useQuery(receiptQuery(orderId));
  if (receipt.isPending) return <Spinner label="Loading the receipt" />;
  if (receipt.isError) {
    const status = receipt.error instanceof ApiError ? receipt.error.status : null;
    return status === 404 || status === 422 ? (
      <NotFoundPage />
    ) : (
      <p className="error-line">{genericErrorLine(status)}</p>
    );
  }
  const payment = receipt.data;
  return (
    <article className="panel panel--wide receipt" aria-labelledby="receipt-heading">
      <h1 id="receipt-heading">Receipt {payment.reference}</h1>
      <dl className="facts">
        <dt>Date</dt>
        <dd>{payment.prettyDate}</dd>
        {payment.venueName && (
          <>
            <dt>Centre</dt>
            <dd>{payment.venueName}</dd>
          </>
        )}
        <dt>Paid with</dt>
        <dd>{paidWith(payment)}</dd>
      </dl>
      <ReceiptTable
        total={payment.total.formatted}
        rows={payment.items.map((item) => ({ item: item.description, price: item.price.formatted }))}
      />
      <div className="form__actions">
        <Button variant="secondary" size="lg" onClick={() => window.print()}>
          Print receipt
        </Button>
        <Link to="/payments">Back to payments</Link>
      </div>
    </article>
  );
}
