import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../router/index.ts';
import { cartKeys } from '../cart/index.ts';
import { isNewMandate, resetJoiningJourney } from '../joining/index.ts';
import { useSiteMode } from '../../app/site-mode/site-mode.ts';
import { userQueryKey } from '../../app/session/get-user.ts';
import { dismissToast, showToast, toastDurations } from '../../app/toasts/toast-store.ts';
import { confirmationPath } from './checkout-exit.ts';

/** Platform spec §8's words for a completed order, read when shown. */
export const orderCompletedMessage = () => checkoutWords('orderCompleted');
import type { CheckoutSource } from './checkout-source.ts';
import { checkoutWords } from './words.ts';

/**
 * After an order completes (joining spec §4): the selections reset, the user reloads and the
 * browser goes to /order-confirmed/{id} (?kiosk=true in kiosk mode), or /booking-confirmed/{id}
 * from the bookings site. `onLeaving` tells the
 * checkout page first, so a basket that comes back empty while it is leaving (the router can
 * resolve before the new page is drawn) never sends the customer to / instead.
 */
export function useFinishOrder(onLeaving: (orderId: number) => void, source: CheckoutSource) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { kiosk } = useSiteMode();
  return async (orderId: number) => {
    // The payment toast of platform spec §8, for every order, paid or free. It lasts only until the
    // confirmation page, whose heading says the same, is shown: left for its 10 s it covered that
    // page on a phone (issue 34 item 4).
    const completed = showToast({
      content: orderCompletedMessage(),
      type: 'success',
      closeAfter: toastDurations.long,
    });
    const newMandate = isNewMandate();
    onLeaving(orderId);
    resetJoiningJourney();
    await queryClient.invalidateQueries({ queryKey: userQueryKey });
    await queryClient.invalidateQueries({ queryKey: ['auth', 'memberships'] });
    // Kept in the history entry, so the banner survives a reload of the confirmation page.
    await navigate(confirmationPath(orderId, kiosk, source), { state: { newMandate } });
    dismissToast(completed);
    queryClient.removeQueries({ queryKey: cartKeys.cart });
  };
}
