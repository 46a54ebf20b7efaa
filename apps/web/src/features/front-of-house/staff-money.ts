import { useQuery } from '@tanstack/react-query';
import { staffMeQuery } from './staff-api.ts';

/**
 * Money on staff screens is shown with the staff user's own currency symbol (issue 19 item 2, spec
 * §1 "A current staff user may carry its own currency symbol"), not the operator's.
 */
export function formatStaffMoney(pence: number, currencySymbol: string): string {
  const sign = pence < 0 ? '-' : '';
  return `${sign}${currencySymbol}${(Math.abs(pence) / 100).toFixed(2)}`;
}

/** The logged-in staff user's symbol (the layout has loaded them before any staff page shows). */
export function useStaffCurrencySymbol(): string {
  return useQuery(staffMeQuery).data?.currencySymbol ?? '£';
}

/** A formatter for the current staff user: `money(1540)` is "£15.40" for a £ user. */
export function useStaffMoney(): (pence: number) => string {
  const symbol = useStaffCurrencySymbol();
  return (pence) => formatStaffMoney(pence, symbol);
}
