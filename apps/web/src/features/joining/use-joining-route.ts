import { useParams, useSearchParams } from '../../router/index.ts';
import type { PaymentType } from './joining-store.ts';

/** The URL's payment type: `recurring`/`monthly` or `fixed`/`single`; anything else is no type. */
export const paymentTypeFromUrl = (value: string | undefined): PaymentType | null =>
  value === 'recurring' || value === 'monthly'
    ? 'recurring'
    : value === 'fixed' || value === 'single'
      ? 'fixed'
      : null;

/**
 * What the joining page's URL says: the centre, a preselected membership and payment type, and
 * ?change={membershipId} when changing a held monthly membership (from the account's Memberships page).
 */
export function useJoiningRoute() {
  const { centreSlug = '', selectedMembershipSlug, selectedPaymentType } = useParams();
  const [searchParams] = useSearchParams();
  const changing = /^\d+$/.test(searchParams.get('change') ?? '') ? Number(searchParams.get('change')) : null;
  const changeSearch = changing !== null ? `?change=${changing}` : '';
  return { centreSlug, selectedMembershipSlug, selectedPaymentType, changing, changeSearch };
}

export type JoiningRoute = ReturnType<typeof useJoiningRoute>;
