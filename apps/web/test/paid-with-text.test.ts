import { toMoney } from '@lido/pricing/money';
import { describe, expect, it } from 'vitest';
import { paidWithText } from '../src/features/checkout/booking-receipt.tsx';

describe('how a receipt says an order was paid', () => {
  it('names the tenders of an order paid at the front desk, not a card', () => {
    expect(
      paidWithText({
        method: 'offline',
        cardLastFour: null,
        card: toMoney(0),
        credit: toMoney(500),
        tenders: [
          { tenderType: 'credit', amount: toMoney(500) },
          { tenderType: 'cash', amount: toMoney(1250) },
        ],
      }),
    ).toBe('Account credit (£5.00) and Cash (£12.50)');
  });
});
