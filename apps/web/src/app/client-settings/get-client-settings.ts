import type { ClientSettings } from '@lido/contracts/client-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api/api-client.ts';
import { requestTracker } from '../../lib/api/request-tracker.ts';

export async function getClientSettings(): Promise<ClientSettings> {
  return (await requestTracker.track('clientSettings', () => apiFetch<ClientSettings>('client'))).data;
}

export const clientSettingsQuery = queryOptions({
  queryKey: ['client-settings'],
  queryFn: getClientSettings,
  staleTime: Infinity,
  retry: false,
});

/** For components below the gate, where the settings are known to be loaded. */
export function useClientSettings(): ClientSettings {
  const { data } = useQuery(clientSettingsQuery);
  if (!data) throw new Error('Client settings are read before they loaded');
  return data;
}
