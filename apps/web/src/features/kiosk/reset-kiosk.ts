import { useQueryClient } from '@tanstack/react-query';
import { checkoutServiceBase } from '@lido/contracts/cart-paths';
import { useCallback } from 'react';
import { useNavigate } from '../../router/index.ts';
import { apiFetch } from '../../lib/api/api-client.ts';
import { resetJoiningJourney } from '../joining/index.ts';
import { noteAuthState, useAuthState } from '../../app/session/session-store.ts';
import { getSiteMode } from '../../app/site-mode/site-mode.ts';

/** Kiosk home on the joining site, keeping the kiosk flag and the device's centre. */
export function kioskHomePath(): string {
  const { centre } = getSiteMode();
  return `/kiosk?kiosk=true${centre ? `&centre=${encodeURIComponent(centre)}` : ''}`;
}

/**
 * Ends the kiosk customer's visit on the server: their basket is emptied (the places they held go
 * back on sale at once rather than after the basket hold) and they are logged out. A basket being
 * paid for is left alone (409): its payment decides what becomes of it.
 */
export async function endKioskCustomer(loggedIn: boolean): Promise<void> {
  if (loggedIn)
    await apiFetch(checkoutServiceBase, { method: 'DELETE', handleUnauthorized: false }).catch(
      () => undefined,
    );
  await apiFetch('auth/logout', { method: 'POST', body: {}, handleUnauthorized: false }).catch(
    () => undefined,
  );
  noteAuthState(null);
}

/**
 * Clears everything the last customer left on the kiosk: their selection, bank details, map
 * state, their basket, cached account data and their session (logged out on the server), then goes
 * to kiosk home.
 */
export function useResetKiosk() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { loggedIn } = useAuthState();
  return useCallback(async () => {
    resetJoiningJourney();
    await endKioskCustomer(loggedIn);
    queryClient.removeQueries({
      predicate: (query) => query.queryKey[0] !== 'client-settings' && query.queryKey[0] !== 'theme',
    });
    await navigate(kioskHomePath());
  }, [loggedIn, navigate, queryClient]);
}
