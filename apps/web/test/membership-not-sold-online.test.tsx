import type { MembershipType } from '@lido/contracts/membership';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MembershipCard } from '../src/features/joining/membership-card.tsx';
import { MembershipDetailsModal } from '../src/features/joining/membership-details-modal.tsx';
import { renderOnSite } from './support/render.tsx';

const pounds = (pence: number) => ({
  raw: { amount: pence, currency: 'GBP' },
  decimal: (pence / 100).toFixed(2),
  formatted: `£${(pence / 100).toFixed(2)}`,
});

/** The demo's Corporate Wellbeing: priced, but sold through employers, not online. */
function corporate(purchasable: { canPurchase: boolean; hasPrices: boolean; message: string | null }) {
  return {
    id: 12,
    slug: 'corporate-wellbeing',
    name: 'Corporate Wellbeing',
    description: '<p>For employees of our corporate partners.</p>',
    categories: [{ id: 1, name: 'Gym' }],
    coverage: 'national',
    providesAccessTo: [],
    eligibility: null,
    benefits: [],
    paymentOptions: [
      {
        id: 30,
        paymentType: 'recurring',
        fixedDuration: null,
        fixedPeriod: null,
        globalBasePrice: pounds(2500),
        fees: { baseFee: pounds(2500), joiningFee: pounds(0) },
        takesMonthInHand: false,
        isPurchasable: purchasable,
        promotionEnabled: false,
      },
    ],
  } as MembershipType;
}

const soldByEmployers = corporate({
  canPurchase: false,
  hasPrices: true,
  message: "Available through your employer's wellbeing scheme.",
});

function card(membership: MembershipType, loggedIn: boolean) {
  renderOnSite(
    <ul>
      <MembershipCard
        membership={membership}
        paymentType="recurring"
        selected={false}
        loggedIn={loggedIn}
        onDetails={() => undefined}
        onChoose={() => undefined}
      />
    </ul>,
    { site: 'online-joining' },
  );
  return screen.getByRole('listitem');
}

/** Issue 34 item 7: a membership sold another way says how to get it, and is not an error. */
describe('a membership that is not sold online', () => {
  it.each([false, true])('says how to join, in neutral words (logged in: %s)', (loggedIn) => {
    const item = card(soldByEmployers, loggedIn);
    expect(within(item).getByText('How to join')).toBeTruthy();
    expect(item.textContent).toContain(
      "Available through your employer's wellbeing scheme. Ask at reception and we will help you join.",
    );
    // Not the error styling, and no ineligibility said.
    expect(item.querySelector('.membership-card__refusal')).toBeNull();
    expect(item.textContent).not.toContain('not eligible');
    // The spec's disabled choice says why it is disabled.
    const choose = within(item).getByRole('button', { name: 'Choose this membership: Corporate Wellbeing' });
    expect(choose.getAttribute('aria-disabled')).toBe('true');
    expect(choose.getAttribute('aria-describedby')).toBe(item.querySelector('.membership-card__how')!.id);
  });

  it('keeps the red refusal for a logged-in customer it has no price for', () => {
    const item = card(corporate({ canPurchase: false, hasPrices: false, message: null }), true);
    expect(item.querySelector('.membership-card__refusal')!.textContent).toBe(
      'You are not eligible for this membership',
    );
    expect(within(item).queryByText('How to join')).toBeNull();
  });

  it('says the same in its details, not "You are ineligible"', () => {
    renderOnSite(
      <MembershipDetailsModal
        membership={soldByEmployers}
        paymentType="recurring"
        loggedIn={false}
        onClose={() => undefined}
      />,
      { site: 'online-joining' },
    );
    const dialog = screen.getByRole('dialog', { name: 'Corporate Wellbeing' });
    expect(dialog.textContent).not.toContain('ineligible');
    expect(within(dialog).getByText('How to join')).toBeTruthy();
  });
});
