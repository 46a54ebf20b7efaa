import type { CartItem } from '@lido/contracts/cart';
import type { Costs, MembershipType } from '@lido/contracts/membership';
import { toMoney } from '@lido/pricing/money';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOperatorToday } from '../src/app/client-settings/use-operator-today.ts';
import { CheckoutSummary } from '../src/features/checkout/checkout-summary.tsx';
import { PaymentSummary } from '../src/features/joining/payment-summary.tsx';
import { renderOnSite, testSettings } from './support/render.tsx';

/** The fee lines both summaries list, read back as "label | detail | value" rows. */
function rows(list: HTMLElement) {
  return within(list)
    .getAllByRole('term')
    .map((term) => `${term.textContent ?? ''} | ${term.nextElementSibling?.textContent ?? ''}`);
}

const monthly: Costs = {
  paymentType: 'recurring',
  fixedDuration: null,
  fixedPeriod: null,
  promotionEnabled: true,
  globalBasePrice: toMoney(3250),
  fees: {
    baseFee: toMoney(3250),
    joiningFee: toMoney(1500),
    proRataFee: toMoney(1176),
    monthInHandFee: toMoney(0),
    discount: toMoney(500),
  },
  proRataDays: 11,
  startDate: '2026-11-21',
  endDate: null,
  firstBillingDate: '2027-01-01',
  prettyFirstBillingDate: '01 Jan 2027',
  totalToPayNow: toMoney(2176),
};
const fixed: Costs = {
  ...monthly,
  paymentType: 'fixed',
  fixedDuration: 12,
  fixedPeriod: 'month',
  globalBasePrice: toMoney(39900),
  fees: { ...monthly.fees, joiningFee: toMoney(0), proRataFee: toMoney(0), discount: toMoney(0) },
  proRataDays: 0,
  endDate: '2027-11-20',
  firstBillingDate: null,
  prettyFirstBillingDate: null,
  totalToPayNow: toMoney(39900),
};
const membership = { id: 1, name: 'Gym Plus' } as MembershipType;

describe('the fee breakdown on the joining page', () => {
  it('lists a monthly membership’s fees with its pro-rata days, and the discount taken off', () => {
    renderOnSite(<PaymentSummary membership={membership} costs={monthly} loading={false} />);
    expect(rows(screen.getByRole('complementary').querySelector('dl')!)).toEqual([
      'Setup fee | £15.00',
      'Pro-rata membership payment11 days | £11.76',
      'Discount | −£5.00',
      'To pay now | £21.76',
    ]);
  });

  it('lists a single payment membership’s own fee instead of a pro-rata part', () => {
    renderOnSite(<PaymentSummary membership={membership} costs={fixed} loading={false} />);
    expect(rows(screen.getByRole('complementary').querySelector('dl')!)).toEqual([
      'Membership fee | £399.00',
      'To pay now | £399.00',
    ]);
  });
});

describe('the fee breakdown at checkout', () => {
  it('names a change’s pro-rata part and lists its difference before any discount', () => {
    const item = {
      id: 1,
      type: 'membership_change',
      name: 'Gym Plus',
      categories: ['Gym'],
      venue: { id: 1, name: 'Castlefield' },
      costs: { ...monthly, fees: { ...monthly.fees, joiningFee: toMoney(0), proRataFee: toMoney(148) } },
      change: { differenceToOldMembership: '£5.00 more per month', newMembershipPrice: toMoney(3250) },
      price: toMoney(148),
    } as CartItem;
    renderOnSite(<CheckoutSummary items={[item]} />);
    expect(
      rows(screen.getAllByRole('complementary')[0]!.querySelector('.summary-lines')! as HTMLElement),
    ).toEqual([
      'Difference to your next collection11 days | £1.48',
      'From your next collection | £5.00 more per month',
      'Discount | −£5.00',
      'To pay now | £1.48',
    ]);
  });
});

describe('the operator’s today', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function Today() {
    return <p>{useOperatorToday()}</p>;
  }

  it('is the date in the time zone the server sends, not the browser’s', () => {
    // 23:30 on 21 November in London is already 22 November in Auckland.
    vi.useFakeTimers({ now: new Date('2026-11-21T23:30:00Z'), toFake: ['Date'] });
    const auckland = {
      timeZone: 'Pacific/Auckland',
      timeZoneOffset: { minutes: 780, from: '2026-09-26T14:00:00.000Z', until: '2027-04-03T14:00:00.000Z' },
    };
    renderOnSite(<Today />, { settings: { ...testSettings, ...auckland } });
    expect(screen.getByText('2026-11-22')).toBeTruthy();
  });

  it('comes from the offset the server sends, without Intl, while that offset holds', () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T23:30:00Z'), toFake: ['Date'] });
    const intl = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      renderOnSite(<Today />, { settings: { ...testSettings, timeZone: 'Pacific/Auckland' } });
      // The London offset sent says 21 November, whatever the zone's name: the offset is what counts.
      expect(screen.getByText('2026-11-21')).toBeTruthy();
      expect(intl).not.toHaveBeenCalled();
    } finally {
      intl.mockRestore();
    }
  });

  it('falls back to the zone’s rules once the offset sent has expired (a tab open over a clock change)', () => {
    // 29 March 2027, 23:30 UTC is 30 March 00:30 in London (summer time): past the winter offset sent.
    vi.useFakeTimers({ now: new Date('2027-03-29T23:30:00Z'), toFake: ['Date'] });
    renderOnSite(<Today />);
    expect(screen.getByText('2027-03-30')).toBeTruthy();
  });

  it('follows the operator in London too', () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T23:30:00Z'), toFake: ['Date'] });
    renderOnSite(<Today />);
    expect(screen.getByText('2026-11-21')).toBeTruthy();
  });
});
