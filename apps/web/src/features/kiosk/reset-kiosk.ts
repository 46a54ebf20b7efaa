import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiFetch } from '../../lib/api/api-client.ts';
import { resetJoiningJourney } from '../joining/index.ts';
import { noteAuthState } from '../../app/session/session-store.ts';
import { getSiteMode } from '../../app/site-mode/site-mode.ts';

/** Kiosk home on the joining site, keeping the kiosk flag and the device's centre. */
export function kioskHomePath(): string {
  const { centre } = getSiteMode();
  return `/kiosk?kiosk=true${centre ? `&centre=${encodeURIComponent(centre)}` : ''}`;
}

/**
 * Clears everything the last customer left on the kiosk: their selection, bank details, map
 * state, cached account data and their session (logged out on the server), then goes to kiosk home.
 */
export function useResetKiosk() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    resetJoiningJourney();
    await apiFetch('auth/logout', { method: 'POST', body: {}, handleUnauthorized: false }).catch(
      () => undefined,
    );
    noteAuthState(null);
    queryClient.removeQueries({
      predicate: (query) => query.queryKey[0] !== 'client-settings' && query.queryKey[0] !== 'theme',
    });
    await navigate(kioskHomePath());
  }, [navigate, queryClient]);
}
