import { prettyDate, todayIn } from '@lido/pricing/calendar-date';
import { useState } from 'react';
import { useClientSettings } from '../../../app/client-settings/get-client-settings.ts';
import { LoadFailed } from './load-failed.tsx';
import { Button } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { TableScroll } from '../../../ui/table-scroll.tsx';
import { DayPicker } from './day-picker.tsx';
import { useCashUp, useStaffMe } from './till-api.ts';
import { tenderLabel } from './till-format.ts';
import './till.css';

function CashUpTables({ date }: { date: string }) {
  const cashUp = useCashUp(date);
  if (cashUp.isPending) return <Spinner label="Loading the cash-up" />;
  if (cashUp.isError) return <LoadFailed error={cashUp.error} />;
  const { rows, totals, voidedOrders, vouchers, prettyDate: day } = cashUp.data;
  return (
    <div className="panel panel--wide till-printable">
      <h2>Cash-up for {day}</h2>
      {rows.length === 0 ? (
        <p>Nothing was taken at the desk on {day}.</p>
      ) : (
        <>
          <TableScroll label={`Taken by each member of staff on ${day}`}>
            <table className="table">
              <caption>Taken by each member of staff on {day}</caption>
              <thead>
                <tr>
                  <th scope="col">Staff</th>
                  <th scope="col">Tender</th>
                  <th scope="col">Orders</th>
                  <th scope="col">Taken</th>
                  <th scope="col">Voided</th>
                  <th scope="col">Net</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={`${row.staff.id}-${row.tenderType}`}>
                    <th scope="row">{row.staff.name}</th>
                    <td>{tenderLabel(row.tenderType)}</td>
                    <td>{row.orders}</td>
                    <td>{row.taken.formatted}</td>
                    <td>{row.voided.formatted}</td>
                    <td>{row.net.formatted}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <TableScroll label={`Totals by tender on ${day}`}>
            <table className="table">
              <caption>Totals by tender on {day}</caption>
              <thead>
                <tr>
                  <th scope="col">Tender</th>
                  <th scope="col">Net</th>
                </tr>
              </thead>
              <tbody>
                {totals.map((total) => (
                  <tr key={total.tenderType}>
                    <th scope="row">{tenderLabel(total.tenderType)}</th>
                    <td>{total.net.formatted}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {vouchers.length > 0 && (
            <TableScroll label={`Vouchers taken on ${day}`}>
              <table className="table">
                <caption>Vouchers taken on {day}</caption>
                <thead>
                  <tr>
                    <th scope="col">Code</th>
                    <th scope="col">Amount</th>
                    <th scope="col">Order</th>
                    <th scope="col">Staff</th>
                    <th scope="col">Voucher</th>
                  </tr>
                </thead>
                <tbody>
                  {vouchers.map((voucher, index) => (
                    <tr key={`${voucher.code}-${index}`}>
                      <th scope="row">{voucher.code}</th>
                      <td>{voucher.amount.formatted}</td>
                      <td>{voucher.orderReference}</td>
                      <td>{voucher.staff.name}</td>
                      <td>
                        {voucher.issuedInLido ? 'Ours' : 'Another’s'}
                        {voucher.handedBack ? ', handed back (voided)' : ''}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </>
      )}
      <p>{voidedOrders === 1 ? '1 order was voided.' : `${voidedOrders} orders were voided.`}</p>
    </div>
  );
}

/** /cash-up on the staff site (supervisor): a day's takings per member of staff and tender. */
export function CashUpPage() {
  const { timeZone } = useClientSettings();
  const [date, setDate] = useState(() => todayIn(timeZone, new Date()));
  const staff = useStaffMe();
  return (
    <section aria-labelledby="till-cash-up-heading" className="till">
      <h1 id="till-cash-up-heading">Cash-up</h1>
      {staff.isPending ? (
        <Spinner label="Loading" />
      ) : staff.data?.role !== 'supervisor' ? (
        <p>Only a supervisor can see the cash-up.</p>
      ) : (
        <>
          <div className="till-toolbar till-print-hide">
            <DayPicker date={date} onChange={setDate} />
            <Button variant="secondary" size="md" onClick={() => window.print()}>
              Print cash-up
            </Button>
          </div>
          <p className="visually-hidden">Showing {prettyDate(date)}.</p>
          <CashUpTables date={date} />
        </>
      )}
    </section>
  );
}
