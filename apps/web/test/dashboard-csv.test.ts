import { describe, expect, it } from 'vitest';
import { toCsv } from '../src/features/front-of-house/dashboard/figure-table.tsx';

/** Issue 37 item 2 (decision 0099): a dashboard table's CSV, made in the browser. */
describe('a dashboard table as CSV', () => {
  it('quotes every cell, doubles quotes, and ends each line with CRLF', () => {
    expect(toCsv(['Activity', 'Booked'], [['Aqua "fit", deep end', 12]])).toBe(
      '"Activity","Booked"\r\n"Aqua ""fit"", deep end","12"\r\n',
    );
  });

  it('never lets a name run as a spreadsheet formula, but keeps negative numbers', () => {
    const csv = toCsv(
      ['Activity', 'Net'],
      [
        ['=HYPERLINK("x")', -2],
        ['+1', 0],
        ['@sum', 1],
      ],
    );
    expect(csv).toContain(`"'=HYPERLINK(""x"")","-2"`);
    expect(csv).toContain(`"'+1","0"`);
    expect(csv).toContain(`"'@sum","1"`);
  });
});
