import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReceiptTable } from '../src/ui/receipt-table.tsx';

describe('the receipt table shared by the booking confirmation and My account', () => {
  it('lists each line and the total, with a Places column only when a line has places', () => {
    const { unmount } = render(
      <ReceiptTable
        total="£10.40"
        rows={[
          { item: 'Spin', places: '2 × Adult', price: '£10.40' },
          { item: 'Gym Anytime', places: 'Membership', price: '£0.00' },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'What was paid for' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Item', 'Places', 'Price']);
    expect(within(table).getByRole('row', { name: 'Spin 2 × Adult £10.40' })).toBeTruthy();
    expect(within(table).getByRole('rowheader', { name: 'Total' }).getAttribute('colspan')).toBe('2');
    unmount();

    render(<ReceiptTable total="£35.00" rows={[{ item: 'Gym Anytime, 1 month', price: '£35.00' }]} />);
    const receipt = screen.getByRole('table', { name: 'What was paid for' });
    expect(
      within(receipt)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Item', 'Price']);
    expect(within(receipt).getByRole('row', { name: 'Total £35.00' })).toBeTruthy();
  });
});
