import { useEffect } from 'react';
import { useLocation, useNavigate } from '../../router/index.ts';
import { showToast } from '../../app/toasts/toast-store.ts';
import { useCartTerms } from './complete-order.ts';
import { termsMessage, termsToAsk } from './terms-checks.tsx';

/** A navigation checkout itself makes away from the page, which the leave question lets through. */
export const sentBackFromCheckout = { sentBackFromCheckout: true } as const;

/** Set by the joining page's "Continue to checkout": every term was accepted there. */
export interface FromJoiningPage {
  fromJoiningPage: true;
}

/**
 * The joining spec's rule (§4): a checkout opened by the joining page whose required terms are not
 * all accepted goes to / with "Please check all required terms and conditions". A checkout opened
 * any other way (the basket, a renewal, another device) asks for the missing terms instead.
 * Returns the terms query, which the page waits for before it lays out the form.
 */
export function useJoiningTermsCheck(cartId: number | null) {
  const terms = useCartTerms(cartId);
  const location = useLocation();
  const navigate = useNavigate();
  const fromJoiningPage = (location.state as Partial<FromJoiningPage> | null)?.fromJoiningPage === true;
  const missing = terms.isSuccess && termsToAsk(terms.data).length > 0;
  useEffect(() => {
    if (!fromJoiningPage || !missing) return;
    showToast({ content: termsMessage(), type: 'danger' });
    // Sent back on purpose: the leave-checkout question is not asked (see useLeaveCheckoutGuard).
    void navigate('/', { replace: true, state: sentBackFromCheckout });
  }, [fromJoiningPage, missing, navigate]);
  return terms;
}
