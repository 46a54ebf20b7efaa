import type { ClientSettings } from '@lido/contracts/client-settings';
import { changeWindow } from '@lido/pricing/change-and-renewal';
import { billingDayFor, clampStartDate, startDateLimits } from '@lido/pricing/membership-costs';
import { useQuery } from '@tanstack/react-query';
import type { SessionSummary } from '../../app/session/use-session.ts';
import { myMembershipsQuery } from '../account/index.ts';
import { useChangeCosts } from './get-change-options.ts';
import { useCosts } from './get-costs.ts';
import type { JoiningState } from './joining-store.ts';
import type { JoiningData } from './use-joining-data.ts';

/**
 * The payment summary's figures: the costs of joining the chosen membership, or of changing a held
 * one to it, asked with the start date and billing day the customer would get (`today` is the
 * operator's local date). `changeDates` is the window a change may start in.
 */
export function useJoiningCosts(
  changing: number | null,
  data: JoiningData,
  state: JoiningState,
  user: SessionSummary['user'],
  settings: ClientSettings,
  today: string,
) {
  const { membership, option, recurring, venue } = data;
  const billingDayForCosts =
    billingDayFor({
      recurring,
      held: user?.billingDay,
      chosen: state.billingDay,
      offered: settings.availableBillingDates,
    }) ?? null;
  const heldMemberships = useQuery({ ...myMembershipsQuery, enabled: changing !== null });
  const heldStart = heldMemberships.data?.find((held) => held.id === changing)?.startDate;
  const changeDates = changing !== null ? changeWindow(today, heldStart) : undefined;
  const changeCosts = useChangeCosts(
    changing !== null && option
      ? {
          membershipId: changing,
          optionId: option.id,
          startsAt: clampStartDate(state.startDate, changeDates ?? startDateLimits(today)),
        }
      : null,
  );
  const costs = useCosts(
    changing === null && membership && option && venue.data
      ? {
          typeId: membership.id,
          optionId: option.id,
          venueId: venue.data.id,
          startDate: clampStartDate(state.startDate, startDateLimits(today)),
          billingDay: billingDayForCosts,
          promotionCodeId: state.promotion?.id ?? null,
        }
      : null,
  );
  return { costs, changeCosts, changeDates };
}
