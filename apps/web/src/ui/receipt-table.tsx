import type { ReactNode } from 'react';
import { TableScroll } from './table-scroll.tsx';

export interface ReceiptRow {
  item: ReactNode;
  /** "2 × Adult": shown in a Places column when any row has it */
  places?: string;
  price: string;
}

/** A receipt's lines and total: the one table the order confirmation and My account's receipts share. */
export function ReceiptTable({ rows, total }: { rows: ReceiptRow[]; total: string }) {
  const withPlaces = rows.some((row) => row.places !== undefined);
  return (
    <TableScroll label="What was paid for">
      <table className="table">
        <caption className="visually-hidden">What was paid for</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            {withPlaces && <th scope="col">Places</th>}
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              <td>{row.item}</td>
              {withPlaces && <td>{row.places ?? ''}</td>}
              <td>{row.price}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={withPlaces ? 2 : 1}>
              Total
            </th>
            <td>{total}</td>
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}
