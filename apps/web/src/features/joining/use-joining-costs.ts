import type { ClientSettings } from '@lido/contracts/client-settings';
import { changeWindow } from '@lido/pricing/change-and-renewal';
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
  const billingDayForCosts = recurring
    ? (user?.billingDay ??
      state.billingDay ??
      [...settings.availableBillingDates].sort((a, b) => a - b)[0] ??
      1)
    : null;
  const heldMemberships = useQuery({ ...myMembershipsQuery, enabled: changing !== null });
  const heldStart = heldMemberships.data?.find((held) => held.id === changing)?.startDate;
  const changeDates = changing !== null ? changeWindow(today, heldStart) : undefined;
  const changeCosts = useChangeCosts(
    changing !== null && option
      ? {
          membershipId: changing,
          optionId: option.id,
          startsAt:
            state.startDate && changeDates && state.startDate >= changeDates.min
              ? state.startDate
              : (changeDates?.min ?? today),
        }
      : null,
  );
  const costs = useCosts(
    changing === null && membership && option && venue.data
      ? {
          typeId: membership.id,
          optionId: option.id,
          venueId: venue.data.id,
          startDate: state.startDate && state.startDate >= today ? state.startDate : today,
          billingDay: billingDayForCosts,
          promotionCodeId: state.promotion?.id ?? null,
        }
      : null,
  );
  return { costs, changeCosts, changeDates };
}
