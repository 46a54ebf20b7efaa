import { useEffect } from 'react';
import { useNavigate } from '../../router/index.ts';
import { useBasketMembership } from './get-basket-membership.ts';
import { type JoiningState, joiningStore, restoreFromBasket } from './joining-store.ts';
import type { JoiningData } from './use-joining-data.ts';
import type { JoiningRoute } from './use-joining-route.ts';

type BasketLine = ReturnType<typeof useBasketMembership>['data'];

/**
 * The basket's membership line to restore, once answered since the page opened (an old cached
 * answer may predate "start over"), and whether the page is still waiting for it: the page waits,
 * so a restored journey doesn't jump into place.
 */
export function useBasketToRestore(route: JoiningRoute, state: JoiningState, loggedIn: boolean) {
  const joining = route.changing === null;
  const basket = useBasketMembership(loggedIn && joining);
  const idle = state.membershipTypeId === null;
  return {
    line: basket.isFetchedAfterMount ? basket.data : undefined,
    awaitingBasket: loggedIn && joining && idle && !basket.isFetchedAfterMount,
  };
}

/**
 * A customer whose basket holds a membership from this centre's joining page (put there in another
 * tab or on another device) finds it chosen again, every section done and "Your details" open,
 * rather than starting over. A journey already under way in this tab is left as it is. It happens
 * once the sections are on the page (`shown`), so opening "Your details" moves focus to it.
 */
export function useRestoreFromBasket(
  route: JoiningRoute,
  data: JoiningData,
  state: JoiningState,
  line: BasketLine,
  shown: boolean,
) {
  const navigate = useNavigate();
  const joining = route.changing === null;
  const { venue, types } = data;
  const idle = state.membershipTypeId === null;

  useEffect(() => {
    if (
      !shown ||
      !line ||
      line.type === 'booking' ||
      line.type === 'package' ||
      line.type === 'outstanding_balance' ||
      line.type === 'penalty_fee' ||
      line.type === 'course_enrolment' ||
      !idle ||
      !joining ||
      !venue.data ||
      !types.data
    )
      return;
    if (line.venue.id !== venue.data.id || state.venueSlug !== venue.data.slug) return;
    // A family member's membership is restored with them chosen: the list is read for them first.
    const member = line.purchasedForName === undefined ? null : line.purchasedForUserId;
    if (member !== state.memberUserId) return joiningStore.update({ memberUserId: member });
    const type = types.data.find((candidate) => candidate.id === line.objectId);
    const option = type?.paymentOptions.find((candidate) => candidate.id === line.pricingOptionId);
    if (!type || !option) return;
    // A membership named in the address is the customer's choice now.
    if (route.selectedMembershipSlug !== undefined && route.selectedMembershipSlug !== type.slug) return;
    restoreFromBasket({
      membershipTypeId: type.id,
      paymentOptionId: option.id,
      paymentType: option.paymentType,
      startDate: line.options.startDate,
      billingDay: line.options.billingDay,
    });
    navigate(`/centre/${venue.data.slug}/membership/${type.slug}/${option.paymentType}`, { replace: true });
  }, [
    shown,
    line,
    idle,
    joining,
    venue.data,
    types.data,
    state.venueSlug,
    state.memberUserId,
    route.selectedMembershipSlug,
    navigate,
  ]);
}
