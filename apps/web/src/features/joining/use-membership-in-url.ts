import type { MembershipType } from '@lido/contracts/membership';
import { useEffect, useRef } from 'react';
import { useNavigate } from '../../router/index.ts';
import { showToast } from '../../app/toasts/toast-store.ts';
import { optionFor } from './filter-memberships.ts';
import { chooseMembership, completeSection, joiningStore, type JoiningState } from './joining-store.ts';
import type { JoiningData } from './use-joining-data.ts';
import { paymentTypeFromUrl, type JoiningRoute } from './use-joining-route.ts';
import { joiningWords } from './words.ts';

/**
 * The chosen membership and the URL in step (joining spec, "Choosing a membership"): a membership
 * named in the URL is chosen once the list loads, and choosing one puts it in the URL. Until a
 * named membership is chosen the page waits (`awaitingPreselection`), so the sections do not jump.
 */
export function useMembershipInUrl(route: JoiningRoute, data: JoiningData, state: JoiningState) {
  const navigate = useNavigate();
  const { selectedMembershipSlug, selectedPaymentType, changeSearch } = route;
  const { types, venue } = data;

  const preselected = useRef<string | null>(null);
  useEffect(() => {
    if (!types.data || !venue.data || !selectedMembershipSlug) return;
    const key = `${selectedMembershipSlug}/${selectedPaymentType}`;
    if (preselected.current === key) return;
    preselected.current = key;
    const paymentType = paymentTypeFromUrl(selectedPaymentType);
    const type = types.data.find((candidate) => candidate.slug === selectedMembershipSlug);
    const chosen = type && paymentType ? optionFor(type, paymentType) : undefined;
    if (!type || !paymentType || !chosen) {
      showToast({ content: joiningWords('membershipNotFound'), type: 'danger' });
      navigate(`/centre/${venue.data.slug}${changeSearch}`, { replace: true });
      return;
    }
    if (state.membershipTypeId === type.id && state.paymentOptionId === chosen.id) return;
    if (!chosen.isPurchasable.canPurchase) {
      showToast({ content: joiningWords('ineligibleForSelected'), type: 'danger' });
      navigate(`/centre/${venue.data.slug}${changeSearch}`, { replace: true });
      return;
    }
    joiningStore.update({ paymentType });
    chooseMembership(type.id, chosen.id);
    completeSection('membership', 'details');
  }, [
    types.data,
    venue.data,
    selectedMembershipSlug,
    selectedPaymentType,
    navigate,
    state.membershipTypeId,
    state.paymentOptionId,
    changeSearch,
  ]);

  const urlType = selectedMembershipSlug
    ? types.data?.find((type) => type.slug === selectedMembershipSlug)
    : undefined;
  const awaitingPreselection =
    selectedMembershipSlug !== undefined &&
    (types.isPending || (urlType !== undefined && state.membershipTypeId !== urlType.id));

  const choose = (type: MembershipType) => {
    const chosen = optionFor(type, state.paymentType);
    if (!chosen?.isPurchasable.canPurchase || !venue.data) return;
    chooseMembership(type.id, chosen.id);
    completeSection('membership', 'details');
    preselected.current = `${type.slug}/${state.paymentType}`;
    navigate(`/centre/${venue.data.slug}/membership/${type.slug}/${state.paymentType}${changeSearch}`, {
      replace: true,
    });
  };

  return { awaitingPreselection, choose };
}
