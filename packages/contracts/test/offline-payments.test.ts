import { describe, expect, it } from 'vitest';
import {
  applyOfflinePayment,
  creditMessages,
  creditToSpend,
  keepCreditPayments,
  syncServerPayments,
} from '../src/offline-payments.ts';

describe('offline payments (platform spec §3 and §4)', () => {
  it('replaces an earlier cash or credit entry, adds other tenders, and removes on 0 or less', () => {
    let payments = applyOfflinePayment([], { tenderType: 'credit', amount: 500 });
    payments = applyOfflinePayment(payments, { tenderType: 'credit', amount: 300 });
    payments = applyOfflinePayment(payments, { tenderType: 'cheque', amount: 100 });
    payments = applyOfflinePayment(payments, { tenderType: 'cheque', amount: 200 });
    payments = applyOfflinePayment(payments, { tenderType: 'cash', amount: 50 });
    payments = applyOfflinePayment(payments, { tenderType: 'cash', amount: 70 });
    expect(payments).toEqual([
      { tenderType: 'credit', amount: 300 },
      { tenderType: 'cheque', amount: 100 },
      { tenderType: 'cheque', amount: 200 },
      { tenderType: 'cash', amount: 70 },
    ]);
    expect(applyOfflinePayment(payments, { tenderType: 'credit', amount: 0 })).not.toContainEqual(
      expect.objectContaining({ tenderType: 'credit' }),
    );
    expect(applyOfflinePayment(payments, { tenderType: 'cash', amount: -5 })).toHaveLength(3);
  });

  it('takes the server’s credit entries after a cart change and keeps only credit after a removal', () => {
    const held = [
      { tenderType: 'credit' as const, amount: 900 },
      { tenderType: 'cash' as const, amount: 100 },
    ];
    expect(syncServerPayments(held, [{ tenderType: 'credit', amount: 400 }])).toEqual([
      { tenderType: 'cash', amount: 100 },
      { tenderType: 'credit', amount: 400 },
    ]);
    expect(syncServerPayments(held, [])).toEqual([{ tenderType: 'cash', amount: 100 }]);
    expect(keepCreditPayments(held)).toEqual([{ tenderType: 'credit', amount: 900 }]);
  });

  it('spends credit online only within the balance and the total', () => {
    const limits = { balance: 1000, total: 4599 };
    expect(creditToSpend(undefined, limits)).toEqual({ credit: 0 });
    expect(creditToSpend([{ tenderType: 'credit', amount: 1000 }], limits)).toEqual({ credit: 1000 });
    expect(
      creditToSpend(
        [
          { tenderType: 'credit', amount: 5000 },
          { tenderType: 'credit', amount: 700 },
        ],
        limits,
      ),
    ).toEqual({ credit: 700 });
    expect(creditToSpend([{ tenderType: 'credit', amount: 1001 }], limits)).toEqual({
      error: creditMessages.notEnough,
    });
    expect(creditToSpend([{ tenderType: 'credit', amount: 900 }], { balance: 1000, total: 800 })).toEqual({
      error: creditMessages.moreThanTotal,
    });
    expect(creditToSpend([{ tenderType: 'cash', amount: 100 }], limits)).toEqual({
      error: creditMessages.onlyCredit,
    });
  });
});
