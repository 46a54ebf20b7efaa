import { formatPence } from '@lido/pricing/money';
import { todayIn } from '@lido/pricing/calendar-date';
import { useState } from 'react';
import { Link, useLocation, useParams } from '../../../router/index.ts';
import { useClientSettings } from '../../../app/client-settings/get-client-settings.ts';
import { LoadFailed } from './load-failed.tsx';
import { Button } from '../../../ui/button.tsx';
import { ReceiptTable } from '../../../ui/receipt-table.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { TableScroll } from '../../../ui/table-scroll.tsx';
import { receiptRows } from '../../checkout/index.ts';
import { receiptState } from './receipt-state.ts';
import { customerPagePath, useSelectedCustomerId } from './selected-customer-id.ts';
import { useDeskOrder, useDeskOrders, useStaffMe } from './till-api.ts';
import { deskDateTime, tenderLabel } from './till-format.ts';
import './till.css';

/**
 * /orders/:orderId/receipt on the staff site: the order just paid as a receipt to print (when
 * every line allows it) and the next step. The server emails the receipt to the customer.
 */
export function DeskReceiptPage() {
  const { orderId = '' } = useParams();
  const customerId = useSelectedCustomerId();
  const { timeZone } = useClientSettings();
  const location = useLocation();
  const paid = receiptState(location.state);
  const [today] = useState(() => todayIn(timeZone, new Date()));
  const order = useDeskOrder(orderId, customerId);
  const staff = useStaffMe();
  // The desk's record of the order (when, who served, the tenders) is in the day's list.
  const deskOrder = useDeskOrders(today).data?.orders.find((row) => String(row.id) === orderId);

  if (order.isPending || staff.isPending) return <Spinner label="Loading the receipt" />;
  if (order.isError)
    return (
      <section aria-labelledby="till-receipt-heading">
        <h1 id="till-receipt-heading">Receipt</h1>
        <LoadFailed error={order.error} />
      </section>
    );
  const symbol = staff.data?.currencySymbol ?? '£';
  // Just paid: the tenders as handed over, beside the change given (£20 cash, £4.60 change). Opened
  // later: the desk's record, the cash kept, with no change row.
  const tenders =
    paid?.tenders.map((tender) => ({
      type: tender.tenderType,
      amount: formatPence(tender.amount, symbol),
    })) ??
    deskOrder?.tenders.map((tender) => ({ type: tender.tenderType, amount: tender.amount.formatted })) ??
    [];
  const customerName = deskOrder?.customer.name;
  const staffName = deskOrder?.staff.name ?? staff.data?.name;
  const data = order.data;

  return (
    <section aria-labelledby="till-receipt-heading" className="till-receipt">
      <h1 id="till-receipt-heading">Receipt</h1>
      <p className="till-print-hide">
        The receipt is emailed to the customer when they have an email address.
      </p>
      <div className="panel panel--wide till-printable">
        <h2>{data.brand}</h2>
        <dl className="facts">
          <dt>Order</dt>
          <dd>{data.reference}</dd>
          {deskOrder && (
            <>
              <dt>Date</dt>
              <dd>{deskDateTime(deskOrder.takenAt, timeZone)}</dd>
            </>
          )}
          {customerName && (
            <>
              <dt>Customer</dt>
              <dd>{customerName}</dd>
            </>
          )}
        </dl>
        <ReceiptTable total={data.total.formatted} rows={receiptRows(data)} />
        {tenders.length > 0 && (
          <TableScroll label="Paid with">
            <table className="table">
              <caption>Paid with</caption>
              <thead>
                <tr>
                  <th scope="col">Tender</th>
                  <th scope="col">Amount</th>
                </tr>
              </thead>
              <tbody>
                {tenders.map((tender, index) => (
                  <tr key={index}>
                    <th scope="row">{tenderLabel(tender.type)}</th>
                    <td>{tender.amount}</td>
                  </tr>
                ))}
              </tbody>
              {paid && paid.change.raw.amount > 0 && (
                <tfoot>
                  <tr>
                    <th scope="row">Change given</th>
                    <td>{paid.change.formatted}</td>
                  </tr>
                </tfoot>
              )}
            </table>
          </TableScroll>
        )}
        {staffName && <p>Served by {staffName}</p>}
      </div>
      <div className="form__actions till-print-hide">
        {data.enablePrintReceipt && (
          <Button variant="secondary" size="lg" onClick={() => window.print()}>
            Print receipt
          </Button>
        )}
        <Link to="/" className="button button--primary button--lg">
          Serve another customer
        </Link>
        {customerId !== null && (
          <Link to={customerPagePath(customerId)} className="button button--secondary button--lg">
            Back to {customerName ?? 'the customer'}
          </Link>
        )}
      </div>
    </section>
  );
}
