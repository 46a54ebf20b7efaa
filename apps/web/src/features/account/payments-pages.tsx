import { TableScroll } from '../../ui/table-scroll.tsx';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '../../router/index.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Button } from '../../ui/button.tsx';
import { ReceiptTable } from '../../ui/receipt-table.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { prettyDate } from '../../i18n/dates.ts';
import { NotFoundPage } from '../../app/errors/not-found-page.tsx';
import { SiteLink } from '../../app/site-mode/site-link.tsx';
import { myDirectDebitQuery } from './get-direct-debit.ts';
import { myPaymentsQuery, type Payment, receiptQuery } from './get-payments.ts';
import { UpcomingCollections } from './upcoming-collections.tsx';
import { accountWords } from './words.ts';

function paidWith(payment: Payment): string {
  if (payment.paymentMethod === 'card' && payment.cardLastFour)
    return accountWords('cardEnding', { lastFour: payment.cardLastFour });
  if (payment.paymentMethod === 'direct_debit') return accountWords('directDebit');
  if (payment.paymentMethod === 'free') return accountWords('nothingToPay');
  return payment.paymentMethod ?? '';
}

/** The Direct Debit: the mandate (masked account, reference); its collections are listed below it. */
function DirectDebitPanel() {
  const directDebit = useQuery(myDirectDebitQuery);
  const instruction = directDebit.data?.instruction;
  if (!instruction) return null;
  return (
    <section className="panel panel--wide" aria-labelledby="direct-debit-heading">
      <h2 id="direct-debit-heading">{accountWords('directDebit')}</h2>
      {directDebit.data?.notices.map((notice) => (
        <p key={notice.problem} className="notice notice--danger">
          {notice.message}
        </p>
      ))}
      <dl className="facts">
        <dt>{accountWords('status')}</dt>
        <dd>{instruction.statusLabel}</dd>
        <dt>{accountWords('accountHolder')}</dt>
        <dd>{instruction.accountHolder}</dd>
        {instruction.bankName && (
          <>
            <dt>{accountWords('bank')}</dt>
            <dd>{instruction.bankName}</dd>
          </>
        )}
        <dt>{accountWords('sortCode')}</dt>
        <dd>{instruction.sortCode}</dd>
        <dt>{accountWords('accountNumber')}</dt>
        <dd>{instruction.accountNumber}</dd>
        <dt>{accountWords('mandateReference')}</dt>
        <dd>{instruction.reference ?? accountWords('beingSetUp')}</dd>
      </dl>
      <p>
        <Link to="/user-details/bank-details">{accountWords('changeBankDetails')}</Link>
      </p>
    </section>
  );
}

/** /payments: the Direct Debit, then the customer's paid orders, newest first, each with its receipt. */
export function PaymentsPage() {
  const payments = useQuery(myPaymentsQuery);
  return (
    <>
      <h1>{accountWords('paymentsTitle')}</h1>
      <DirectDebitPanel />
      <UpcomingCollections />
      {payments.isPending && <Spinner label={accountWords('loadingPayments')} />}
      {payments.isError && (
        <p className="error-line">
          {genericErrorLine(payments.error instanceof ApiError ? payments.error.status : null)}
        </p>
      )}
      {payments.data?.length === 0 && (
        <div className="panel">
          <h2>{accountWords('noPayments')}</h2>
          <p>{accountWords('noPaymentsText')}</p>
          <SiteLink site="online-joining" to="/" className="button button--primary button--lg">
            {accountWords('buyMembership')}
          </SiteLink>
        </div>
      )}
      {payments.data && payments.data.length > 0 && (
        <h2 className="payments__receipts">{accountWords('receipts')}</h2>
      )}
      {payments.data && payments.data.length > 0 && (
        <TableScroll label={accountWords('paymentsMade')}>
          <table className="table">
            <caption className="visually-hidden">{accountWords('paymentsCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{accountWords('date')}</th>
                <th scope="col">{accountWords('for')}</th>
                <th scope="col">{accountWords('amount')}</th>
                <th scope="col">{accountWords('receipt')}</th>
              </tr>
            </thead>
            <tbody>
              {payments.data.map((payment) => (
                <tr key={payment.id}>
                  <td>{prettyDate(payment.date.slice(0, 10))}</td>
                  <td>
                    {payment.items.map((item) => item.description).join(', ')}
                    {payment.status === 'refunded' && (
                      <span className="status status--ended"> {accountWords('refunded')}</span>
                    )}
                  </td>
                  <td>{payment.total.formatted}</td>
                  <td>
                    <Link to={`/payments/${payment.id}`}>
                      {payment.reference}
                      <span className="visually-hidden"> {accountWords('receiptHidden')}</span>
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
  if (receipt.isPending) return <Spinner label={accountWords('loadingReceipt')} />;
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
      <h1 id="receipt-heading">{accountWords('receiptTitle', { reference: payment.reference })}</h1>
      <dl className="facts">
        <dt>{accountWords('date')}</dt>
        <dd>{prettyDate(payment.date.slice(0, 10))}</dd>
        {payment.venueName && (
          <>
            <dt>{accountWords('centre')}</dt>
            <dd>{payment.venueName}</dd>
          </>
        )}
        <dt>{accountWords('paidWith')}</dt>
        <dd>{paidWith(payment)}</dd>
      </dl>
      <ReceiptTable
        total={payment.total.formatted}
        rows={payment.items.map((item) => ({ item: item.description, price: item.price.formatted }))}
      />
      <div className="form__actions">
        <Button variant="secondary" size="lg" onClick={() => window.print()}>
          {accountWords('printReceipt')}
        </Button>
        <Link to="/payments">{accountWords('backToPayments')}</Link>
      </div>
    </article>
  );
}
