import { toCsv, type CsvCell } from '@lido/contracts/csv';
import { TableScroll } from '../../../ui/table-scroll.tsx';

export type Cell = CsvCell;
export { toCsv };

/**
 * One figure group as a table (caption, column and row headers: the first cell of each row names
 * it), and a "Download CSV" link made in the browser from the same rows; following it tells the
 * server, for the staff audit log (decision 0102).
 */
export function FigureTable({
  caption,
  columns,
  rows,
  fileName,
  empty,
  onDownload,
}: {
  caption: string;
  columns: string[];
  /** what is shown; `csv` is the plain value written to the file (pence as pounds, no "£") */
  rows: { shown: Cell[]; csv: Cell[] }[];
  fileName: string;
  empty: string;
  /** told the number of rows when the CSV is downloaded */
  onDownload: (rows: number) => void;
}) {
  if (rows.length === 0) return <p>{empty}</p>;
  const href = `data:text/csv;charset=utf-8,${encodeURIComponent(
    toCsv(
      columns,
      rows.map((row) => row.csv),
    ),
  )}`;
  return (
    <div className="dashboard__table">
      <TableScroll label={caption}>
        <table className="table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={String(row.shown[0])}>
                {row.shown.map((cell, index) =>
                  index === 0 ? (
                    <th key={index} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={index}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {/* eslint-disable-next-line no-restricted-syntax -- a data: URL made here, no other site */}
      <a href={href} download={`${fileName}.csv`} onClick={() => onDownload(rows.length)}>
        Download CSV<span className="visually-hidden"> of {caption}</span>
      </a>
    </div>
  );
}
