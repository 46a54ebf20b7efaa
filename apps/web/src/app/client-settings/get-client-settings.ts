import type { ClientSettings } from '@lido/contracts/client-settings';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api/api-client.ts';
import { requestTracker } from '../../lib/api/request-tracker.ts';

export async function getClientSettings(): Promise<ClientSettings> {
  return (await requestTracker.track('clientSettings', () => apiFetch<ClientSettings>('client'))).data;
}

export const clientSettingsQuery = queryOptions({
  queryKey: ['client-settings'],
  queryFn: getClientSettings,
  staleTime: Infinity,
  // Kept for the page's life: `useClientSettings` reads the cache without observing it.
  gcTime: Infinity,
  retry: false,
});

/**
 * For components below the gate, where the settings are known to be loaded. A read of the cache,
 * not a query observer: the settings never change once loaded (the gate, which observes them,
 * renders everything below it again if they did), and an observer for each of the page's many
 * callers (every SiteLink) was a tenth of the joining page's first render (decision 0066).
 */
export function useClientSettings(): ClientSettings {
  const data = useQueryClient().getQueryData(clientSettingsQuery.queryKey);
  if (!data) throw new Error('Client settings are read before they loaded');
  return data;
}
