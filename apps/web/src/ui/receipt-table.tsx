import type { ReactNode } from 'react';
import { TableScroll } from './table-scroll.tsx';
import { uiWords } from './words.ts';

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
    <TableScroll label={uiWords('receiptCaption')}>
      <table className="table">
        <caption className="visually-hidden">{uiWords('receiptCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{uiWords('receiptItem')}</th>
            {withPlaces && <th scope="col">{uiWords('receiptPlaces')}</th>}
            <th scope="col">{uiWords('receiptPrice')}</th>
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
              {uiWords('receiptTotal')}
            </th>
            <td>{total}</td>
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}
