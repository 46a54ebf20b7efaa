import type { DeskOrder } from '@lido/contracts/front-of-house';
import { prettyDate, todayIn } from '@lido/pricing/calendar-date';
import { useEffect, useId, useState } from 'react';
import { Link } from '../../../router/index.ts';
import { useClientSettings } from '../../../app/client-settings/get-client-settings.ts';
import { LoadFailed } from './load-failed.tsx';
import { Button } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { TableScroll } from '../../../ui/table-scroll.tsx';
import { DayPicker } from './day-picker.tsx';
import { useDeskOrders, useStaffMe } from './till-api.ts';
import { deskTime, tenderLabel } from './till-format.ts';
import { VoidDialog } from './void-dialog.tsx';
import './till.css';

/** Whether an order matches what was typed: its reference, or its customer's name or ID. */
function matches(order: DeskOrder, typed: string): boolean {
  const words = typed.trim().toLowerCase();
  if (words === '') return true;
  return [order.reference, order.customer.name, order.customer.reference].some((text) =>
    text.toLowerCase().includes(words),
  );
}

function OrderStatus({ order }: { order: DeskOrder }) {
  if (order.status === 'completed') return <>Completed</>;
  return (
    <>
      Voided{order.voidedBy ? ` by ${order.voidedBy.name}` : ''}
      {order.voidReason && <span className="receipt__when">{order.voidReason}</span>}
    </>
  );
}

/**
 * /orders on the staff site: the desk's orders of a day, found by reference or customer, each
 * with its receipt to reprint. A supervisor may also void an order taken today (decision 0056).
 */
export function DeskOrdersPage() {
  const { timeZone } = useClientSettings();
  const [today] = useState(() => todayIn(timeZone, new Date()));
  const [date, setDate] = useState(today);
  const staff = useStaffMe();
  const orders = useDeskOrders(date);
  const [voiding, setVoiding] = useState<DeskOrder | null>(null);
  const [voided, setVoided] = useState<DeskOrder | null>(null);
  const [find, setFind] = useState('');
  const findId = useId();
  const supervisor = staff.data?.role === 'supervisor';
  const canVoid = (order: DeskOrder) => supervisor && date === today && order.status === 'completed';
  const shown = (list: DeskOrder[]) => list.filter((order) => matches(order, find));
  // The Void button goes once the list shows the order voided: focus moves to that order's row
  // rather than being lost to the page.
  const shownVoided = orders.data?.orders.some((row) => row.id === voided?.id && row.status === 'voided');
  useEffect(() => {
    if (shownVoided && voided && document.activeElement === document.body)
      document.getElementById(`till-order-${voided.id}`)?.focus();
  }, [shownVoided, voided]);

  return (
    <section aria-labelledby="till-orders-heading" className="till">
      <h1 id="till-orders-heading">Orders</h1>
      <div className="till-toolbar">
        <DayPicker date={date} onChange={setDate} />
        <div className="field">
          <label className="field__label" htmlFor={findId}>
            Find an order
          </label>
          <p className="field__hint" id={`${findId}-hint`}>
            Order reference, customer name or customer ID
          </p>
          <input
            id={findId}
            className="field__input"
            type="search"
            aria-describedby={`${findId}-hint`}
            value={find}
            onChange={(event) => setFind(event.target.value)}
          />
        </div>
      </div>
      <p role="status" className="visually-hidden">
        {voided ? `Order ${voided.reference} is voided.` : ''}
      </p>
      {orders.isPending || staff.isPending ? (
        <Spinner label="Loading the orders" />
      ) : orders.isError ? (
        <LoadFailed error={orders.error} />
      ) : orders.data.orders.length === 0 ? (
        <p>No orders were taken at the desk on {prettyDate(date)}.</p>
      ) : shown(orders.data.orders).length === 0 ? (
        <p role="status">
          No order taken on {prettyDate(date)} matches “{find.trim()}”.
        </p>
      ) : (
        <TableScroll label={`Orders taken on ${prettyDate(date)}`}>
          <table className="table">
            <caption>Orders taken on {prettyDate(date)}</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Reference</th>
                <th scope="col">Customer</th>
                <th scope="col">Staff</th>
                <th scope="col">Total</th>
                <th scope="col">Tenders</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {shown(orders.data.orders).map((order) => (
                <tr key={order.id}>
                  <td>{deskTime(order.takenAt, timeZone)}</td>
                  <th scope="row" id={`till-order-${order.id}`} tabIndex={-1}>
                    {order.reference}
                  </th>
                  <td>
                    {order.customer.name} ({order.customer.reference})
                  </td>
                  <td>{order.staff.name}</td>
                  <td>{order.total.formatted}</td>
                  <td>
                    {order.tenders
                      .map(
                        (tender) =>
                          `${tenderLabel(tender.tenderType)}${tender.voucherCode ? ` ${tender.voucherCode}` : ''} ${tender.amount.formatted}`,
                      )
                      .join(', ') || 'Nothing to pay'}
                  </td>
                  <td>
                    <OrderStatus order={order} />
                  </td>
                  <td>
                    <div className="till-order-actions">
                      <Link to={`/orders/${order.id}/receipt?customer=${order.customer.id}`}>
                        Receipt<span className="visually-hidden"> for order {order.reference}</span>
                      </Link>
                      {canVoid(order) && (
                        <Button
                          variant="link"
                          size="sm"
                          aria-haspopup="dialog"
                          onClick={() => setVoiding(order)}
                        >
                          Void<span className="visually-hidden"> order {order.reference}</span>
                        </Button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <VoidDialog order={voiding} onClose={() => setVoiding(null)} onVoided={setVoided} />
    </section>
  );
}
