import type { Dashboard } from '@lido/contracts/dashboard';
import type { ExportKind, TableDownload } from '@lido/contracts/staff-exports';
import { useQuery } from '@tanstack/react-query';
import { apiFetch, apiGet, apiUrl } from '../../../lib/api/api-client.ts';

export interface DashboardFilter {
  from: string;
  to: string;
  /** empty: the manager's first centre; `all`: every centre they manage (decision 0102) */
  centre: string;
}

/** GET /api/staff/dashboard?from&to&centre: one centre's figures (issue 37 item 1, decision 0099). */
export function useDashboard({ from, to, centre }: DashboardFilter) {
  return useQuery({
    queryKey: ['staff', 'dashboard', centre, from, to] as const,
    queryFn: ({ signal }) =>
      apiGet<Dashboard>('staff/dashboard', { from, to, ...(centre ? { centre } : {}) }, signal),
    placeholderData: (previous) => previous,
    retry: false,
  });
}

/**
 * POST /api/staff/dashboard/downloads: a table was downloaded as CSV, for the staff audit log
 * (decision 0102). The file is made in the browser and is not held up by the call; a failed call is
 * not the manager's to retry.
 */
export function recordDownload(download: TableDownload): void {
  apiFetch('staff/dashboard/downloads', { method: 'POST', body: download satisfies TableDownload }).catch(
    () => undefined,
  );
}

/** GET /api/staff/exports/{kind}.csv: the server's streamed, audited export (decision 0102). */
export function exportUrl(
  kind: ExportKind,
  { from, to, centre }: { from: string; to: string; centre: string },
) {
  return apiUrl(`staff/exports/${kind}.csv`, { from, to, centre });
}
