import type { CartItem } from '@lido/contracts/cart';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as LeaveGuard from '../src/app/site-mode/leave-guard.ts';
import { SiteLink } from '../src/app/site-mode/site-link.tsx';
import { cartKeys } from '../src/features/cart/keys.ts';
import { checkoutKind } from '../src/features/checkout/checkout-exit.ts';
import { CheckoutPage } from '../src/features/checkout/checkout-page.tsx';
import { LeaveCheckoutDialog, useLeaveCheckoutGuard } from '../src/features/checkout/leave-checkout.tsx';
import { bookingLine, cartWith, money } from './support/activity-fixtures.ts';
import { renderOnSite, renderRoutesOnSite, stubFetch } from './support/render.tsx';

const leaving = vi.hoisted(() => ({ to: [] as string[] }));
vi.mock('../src/app/site-mode/leave-guard.ts', async (original) => ({
  ...(await original<typeof LeaveGuard>()),
  leaveFor: (href: string) => leaving.to.push(href),
}));

afterEach(() => vi.unstubAllGlobals());

/** Robin's "Pay now": the failed Direct Debit payment as a basket line. */
const balanceLine = {
  id: 71,
  type: 'outstanding_balance',
  collectionId: 9,
  membershipName: 'Gym Anytime',
  name: 'Outstanding balance',
  description: 'Direct Debit payment due 22 Nov 2026',
  billingDate: '2026-11-22',
  prettyBillingDate: '22 Nov 2026',
  venue: { id: 1, name: 'Castlefield Leisure Centre' },
  price: money(3000),
  sortBy: 1,
  enablePrintReceipt: true,
} as CartItem;

/** Issue 34 item 7: no joining-style dead end for what is not a joining (decision 0084). */
describe('which checkout a basket gets', () => {
  it('is a joining checkout only for a membership being chosen, whatever the site', () => {
    expect(checkoutKind([{ type: 'membership' }])).toBe('joining');
    expect(checkoutKind([{ type: 'membership_change' }])).toBe('joining');
    expect(checkoutKind([{ type: 'outstanding_balance' }])).toBe('plain');
    expect(checkoutKind([{ type: 'booking' }, { type: 'package' }])).toBe('plain');
  });

  it("pays a balance owed on the joining site as a plain checkout: back to the basket, no 'start over'", async () => {
    vi.stubGlobal('fetch', stubFetch({ '/api/terms': { body: { data: { data: [] } } } }).fetchStub);
    const { queryClient } = renderRoutesOnSite([{ path: '/checkout', element: <CheckoutPage /> }], {
      site: 'online-joining',
      path: '/checkout',
    });
    act(() => queryClient.setQueryData(cartKeys.cart, cartWith([balanceLine])));
    const back = await screen.findByRole('link', { name: 'Back to basket' });
    expect(back.getAttribute('href')).toBe('http://b.test/basket');
    expect(screen.queryByRole('button', { name: 'Cancel selection and start over' })).toBeNull();
  });

  it('keeps the bookings checkout plain too', async () => {
    vi.stubGlobal('fetch', stubFetch({ '/api/terms': { body: { data: { data: [] } } } }).fetchStub);
    const { queryClient } = renderRoutesOnSite([{ path: '/checkout', element: <CheckoutPage /> }], {
      site: 'bookings',
      path: '/checkout',
    });
    act(() => queryClient.setQueryData(cartKeys.cart, cartWith([bookingLine()])));
    expect((await screen.findByRole('link', { name: 'Back to basket' })).getAttribute('href')).toBe(
      '/basket',
    );
  });
});

/** A joining checkout's guard, and a header link to another site beside it. */
function GuardedWithHeaderLink() {
  const guard = useLeaveCheckoutGuard(true);
  return (
    <>
      <SiteLink site="my-account" to="/">
        My account
      </SiteLink>
      <LeaveCheckoutDialog
        open={guard.asking}
        consequence="Your membership stays in your basket."
        onStay={guard.stay}
        onLeave={guard.leave}
      />
    </>
  );
}

describe("a joining checkout's 'leave this screen?'", () => {
  it('asks before a link to another site leaves the page, and leaves only when told to', async () => {
    Element.prototype.scrollIntoView ??= () => undefined; // the dialog brings itself into view
    const user = userEvent.setup();
    renderOnSite(<GuardedWithHeaderLink />, { site: 'online-joining' });
    await user.click(screen.getByRole('link', { name: 'My account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to leave this screen?' });
    expect(leaving.to).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Continue with my purchase' }));
    expect(dialog.isConnected && (dialog as HTMLDialogElement).open).toBe(false);
    expect(leaving.to).toEqual([]);

    await user.click(screen.getByRole('link', { name: 'My account' }));
    await user.click(await screen.findByRole('button', { name: 'Leave this screen' }));
    expect(leaving.to).toEqual(['http://m.test/']);
  });
});
