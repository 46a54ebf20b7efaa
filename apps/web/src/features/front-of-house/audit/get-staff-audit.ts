import type { StaffAuditAnswer } from '@lido/contracts/staff-audit';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/api-client.ts';

export const auditKeys = {
  page: (date: string, staffId: number | null) => ['staff', 'audit', date, staffId] as const,
};

/** GET /api/staff/audit?date&staff_id&before (supervisor): a day of the audit log, a page at a time. */
export const getStaffAudit = (
  query: { date: string; staffId: number | null; before: number | null },
  signal?: AbortSignal,
) =>
  apiGet<StaffAuditAnswer>(
    'staff/audit',
    {
      date: query.date,
      ...(query.staffId === null ? {} : { staffId: query.staffId }),
      ...(query.before === null ? {} : { before: query.before }),
    },
    signal,
  );

export const staffAuditQuery = (date: string, staffId: number | null) =>
  infiniteQueryOptions({
    queryKey: auditKeys.page(date, staffId),
    queryFn: ({ pageParam, signal }) => getStaffAudit({ date, staffId, before: pageParam }, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
    // The filters and the list stay on screen while another day or member loads.
    placeholderData: keepPreviousData,
  });

export const useStaffAudit = (date: string, staffId: number | null) =>
  useInfiniteQuery(staffAuditQuery(date, staffId));
