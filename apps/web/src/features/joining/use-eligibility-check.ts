import { useEffect } from 'react';
import { useNavigate } from '../../router/index.ts';
import { showToast } from '../../app/toasts/toast-store.ts';
import { joiningStore } from './joining-store.ts';
import type { JoiningData } from './use-joining-data.ts';
import type { JoiningRoute } from './use-joining-route.ts';
import { joiningWords } from './words.ts';

/**
 * After logging in or creating an account, the list carries this customer's eligibility: a chosen
 * membership they cannot buy is dropped, with a toast, and the page goes back to the centre.
 */
export function useEligibilityCheck(route: JoiningRoute, data: JoiningData) {
  const navigate = useNavigate();
  const { changeSearch } = route;
  const { option, venue } = data;
  useEffect(() => {
    if (!option || option.isPurchasable.canPurchase || !venue.data) return;
    showToast({ content: joiningWords('ineligibleForSelected'), type: 'danger' });
    joiningStore.update({
      membershipTypeId: null,
      paymentOptionId: null,
      edited: ['centre'],
      openSection: 'membership',
    });
    navigate(`/centre/${venue.data.slug}${changeSearch}`, { replace: true });
  }, [option, venue.data, navigate, changeSearch]);
}
