import type { Theme } from '@lido/contracts/theme';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api/api-client.ts';
import { requestTracker } from '../../lib/api/request-tracker.ts';
import { resolveTheme } from './resolve-theme.ts';

/** GET /api/frontend/theme?venue=…, retried once without the venue when that fails. */
export async function getTheme(venueSlug: string | undefined) {
  const call = (venue: string | undefined) =>
    requestTracker.track('theme', () => apiFetch<Theme>('frontend/theme', { query: { venue } }));
  if (!venueSlug) return resolveTheme((await call(undefined)).data);
  try {
    return resolveTheme((await call(venueSlug)).data);
  } catch {
    return resolveTheme((await call(undefined)).data);
  }
}

export const themeQuery = (venueSlug: string | undefined) =>
  queryOptions({
    queryKey: ['theme', venueSlug ?? null],
    queryFn: () => getTheme(venueSlug),
    staleTime: 5 * 60_000,
    retry: false,
  });
