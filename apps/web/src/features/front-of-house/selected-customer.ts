import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  getActingCustomerId,
  parseCustomerId,
  setActingCustomerId,
  useActingCustomerId,
} from '../../app/session/acting-customer.ts';

/**
 * The customer the desk is serving (issue 19 item 3): kept for the tab, so a reload keeps them, and
 * taken from `?customer=ID` when a staff page is opened with one. The till reads it.
 */
export function useSelectedCustomerId(): number | null {
  return useActingCustomerId();
}

/** `?customer=ID` on a page's address selects that customer. */
export function selectCustomerFromSearch(search: string, select: (id: number | null) => void): void {
  const id = parseCustomerId(new URLSearchParams(search).get('customer'));
  if (id !== null) select(id);
}

/** What stays cached when the customer changes: the operator's settings and the staff user's own calls. */
const keptForEveryCustomer = new Set(['client-settings', 'theme', 'staff']);

/**
 * Selects a customer (or nobody). Everything cached for the previous one (their user, basket,
 * account lists, their prices and eligibility) is dropped, so no page shows one customer's basket to another.
 */
export function useSelectCustomer(): (id: number | null) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (id: number | null) => {
      if (id === getActingCustomerId()) return;
      setActingCustomerId(id);
      queryClient.removeQueries({
        predicate: (query) => !keptForEveryCustomer.has(String(query.queryKey[0])),
      });
    },
    [queryClient],
  );
}
