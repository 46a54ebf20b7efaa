import { useSearchParams } from 'react-router';

/**
 * The customer the desk is serving, from `?customer=` in the address. A stand-in until the staff
 * site's selected-customer context (foh-web) is wired here: null when none is chosen.
 */
export function useSelectedCustomerId(): number | null {
  const [params] = useSearchParams();
  const value = Number(params.get('customer'));
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** `?customer=7`: keeps the selected customer on the till's links. */
export const customerQuery = (customerId: number | null) =>
  customerId === null ? '' : `?customer=${customerId}`;

/** Where "Back to {customer}" goes: the staff site's page of the selected customer (foh-web's). */
export const customerPagePath = (customerId: number) => `/customers/${customerId}`;
