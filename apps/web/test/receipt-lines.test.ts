import type { OrderItem } from '@lido/contracts/order';
import { describe, expect, it } from 'vitest';
import { itemDetail } from '../src/features/checkout/booking-receipt.tsx';

const money = (amount: number) => ({
  raw: { amount, currency: 'GBP' },
  formatted: `£${(amount / 100).toFixed(2)}`,
});

// Issue 34 item 4: the staff receipt called a 10-swim card "Membership".
describe('what a receipt line says it is', () => {
  it('calls a package a package, not a membership', () => {
    expect(itemDetail({ type: 'package', name: '10 swims', total: money(4500) } as OrderItem)).toBe(
      'Package',
    );
  });

  it('names a membership line by its kind, and a failed collection by its date', () => {
    const membership = (kind: string) => ({ type: 'membership', kind }) as unknown as OrderItem;
    expect(itemDetail(membership('membership'))).toBe('Membership');
    expect(itemDetail(membership('membership_renewal'))).toBe('Membership renewal');
    expect(itemDetail(membership('membership_change'))).toBe('Membership change');
    expect(
      itemDetail({
        type: 'outstanding_balance',
        billingDate: '2026-12-01',
        prettyBillingDate: '01 Dec 2026',
      } as unknown as OrderItem),
    ).toBe('Collection due 01 Dec 2026');
  });
});
