/**
 * CSV as the staff site's downloads and the server's exports write it (issue 37 item 2, decisions
 * 0099 and 0102): RFC 4180, every cell quoted, lines ended CRLF. A text cell starting with `=`, `+`,
 * `-`, `@`, a tab, a carriage return or a line feed gets a leading `'`, so a spreadsheet shows it
 * as text and cannot run it as a formula; a number, or text that is only a number, is written as it
 * is.
 * Builds no schemas: the staff site's lazy dashboard route imports it.
 */
export type CsvCell = string | number | null;

/** "-5.00" is a number a spreadsheet may read as one, not a formula. */
const plainNumber = /^-?\d+(\.\d+)?$/;

export function csvCell(value: CsvCell): string {
  if (value === null) return '""';
  const text = String(value);
  const risky = typeof value === 'string' && /^[=+\-@\t\r\n]/.test(text) && !plainNumber.test(text);
  const safe = risky ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export function toCsv(columns: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [columns, ...rows].map(csvLine).join('');
}

/** Pence as pounds with two decimals and no "£", as a spreadsheet reads money. */
export const csvPounds = (pence: number): string => (pence / 100).toFixed(2);
