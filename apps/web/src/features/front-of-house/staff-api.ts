import type {
  CustomerSearchAnswer,
  DeskCustomer,
  DeskCustomerBody,
  DeskCustomerDetail,
} from '@lido/contracts/front-of-house';
import type { DeskCustomerUpdateBody } from '@lido/contracts/desk-account';
import type { StaffLoginBody, StaffMe, StaffSession } from '@lido/contracts/staff';
import type {
  ChangeSeriesBody,
  NewSeriesBody,
  OneOffSessionBody,
  OneOffSessionSaved,
  RetireSeriesBody,
  SeriesSaved,
  StaffTimetable,
  WeeklySeriesInput,
} from '@lido/contracts/timetable';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiGet } from '../../lib/api/api-client.ts';
import { noteStaffState } from './staff-session-state.ts';

/** Everything cached for the staff user; a login or logout drops it all. */
export const staffKeys = {
  me: ['staff', 'me'] as const,
  search: (q: string) => ['staff', 'customers', 'search', q] as const,
  customer: (id: number) => ['staff', 'customers', id] as const,
};

/**
 * GET /api/staff/me: who is at the desk, their role, the currency symbol for their screens and
 * whether the till may take cards (a 401 or 403 means nobody: the login page).
 */
export const staffMeQuery = queryOptions({
  queryKey: staffKeys.me,
  queryFn: async () => (await apiFetch<StaffMe>('staff/me', { handleUnauthorized: false })).data,
  staleTime: 5 * 60_000,
  retry: false,
});

export const customerSearchQuery = (q: string) =>
  queryOptions({
    queryKey: staffKeys.search(q),
    queryFn: ({ signal }) => apiGet<CustomerSearchAnswer>('staff/customers', { q }, signal),
    enabled: q.trim().length >= 2,
    staleTime: 30_000,
  });

export const deskCustomerQuery = (id: number) =>
  queryOptions({
    queryKey: staffKeys.customer(id),
    queryFn: ({ signal }) => apiGet<DeskCustomerDetail>(`staff/customers/${id}`, undefined, signal),
    staleTime: 30_000,
  });

export function useStaffLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: StaffLoginBody) =>
      (
        await apiFetch<StaffSession>('staff/login', {
          method: 'POST',
          body: credentials satisfies StaffLoginBody,
          handleUnauthorized: false,
        })
      ).data,
    meta: { inlineValidation: true },
    onSuccess: (session) => {
      queryClient.removeQueries({ queryKey: ['staff'] });
      queryClient.setQueryData(staffKeys.me, session.user);
      noteStaffState(session.token);
    },
  });
}

export function useStaffLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch('staff/logout', { method: 'POST', body: {} }),
    onSettled: () => {
      noteStaffState(null);
      // The desk's customer and everything cached for them belong to the session that ended.
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== 'client-settings' && query.queryKey[0] !== 'theme',
      });
    },
  });
}

/** POST /api/staff/customers: a customer created at the desk; the 201 answers them. */
export function useCreateDeskCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DeskCustomerBody) =>
      (
        await apiFetch<DeskCustomer>('staff/customers', {
          method: 'POST',
          body: body satisfies DeskCustomerBody,
        })
      ).data,
    meta: { inlineValidation: true },
    onSuccess: (customer) => {
      void queryClient.invalidateQueries({ queryKey: ['staff', 'customers', 'search'] });
      // Their page reads them with all their details.
      void queryClient.invalidateQueries({ queryKey: staffKeys.customer(customer.id) });
    },
  });
}

/**
 * PUT /api/staff/customers/{id} (a supervisor, decision 0085): every detail as the form shows it;
 * the answer is the customer's page as it now is. The form shows refusals itself.
 */
export function useUpdateDeskCustomer(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DeskCustomerUpdateBody) =>
      (
        await apiFetch<DeskCustomerDetail>(`staff/customers/${customerId}`, {
          method: 'PUT',
          body: body satisfies DeskCustomerUpdateBody,
        })
      ).data,
    meta: { inlineValidation: true },
    onSuccess: (customer) => {
      queryClient.setQueryData(staffKeys.customer(customerId), customer);
      void queryClient.invalidateQueries({ queryKey: ['staff', 'customers', 'search'] });
      // Their name, email and address as My account's reads show them (the selected-customer bar).
      void queryClient.invalidateQueries({ queryKey: ['auth'] });
    },
  });
}

/** GET /api/staff/timetable (a manager's): their centres, the activities and the weekly series (decision 0092). */
export const staffTimetableQuery = queryOptions({
  queryKey: ['staff', 'timetable'] as const,
  queryFn: ({ signal }) => apiGet<StaffTimetable>('staff/timetable', undefined, signal),
  staleTime: 10_000,
});

/** Creates (no version) or changes a weekly series; retires it with `retire`. */
export function useSaveSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      series: WeeklySeriesInput;
      version?: string;
      applyToGenerated?: boolean;
      retire?: boolean;
    }) =>
      (
        await apiFetch<SeriesSaved>(
          input.version === undefined
            ? 'staff/timetable/series'
            : `staff/timetable/series/${input.series.key}${input.retire ? '/retire' : ''}`,
          {
            method: input.version === undefined || input.retire ? 'POST' : 'PUT',
            body: (input.retire
              ? { version: input.version! }
              : input.version === undefined
                ? { series: input.series }
                : {
                    series: input.series,
                    version: input.version,
                    applyToGenerated: input.applyToGenerated ?? false,
                  }) satisfies NewSeriesBody | ChangeSeriesBody | RetireSeriesBody,
          },
        )
      ).data,
    meta: { inlineValidation: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff', 'timetable'] }),
  });
}

/** POST /api/staff/timetable/sessions: a one-off session, not part of any weekly series. */
export function useAddOneOffSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: OneOffSessionBody) =>
      (
        await apiFetch<OneOffSessionSaved>('staff/timetable/sessions', {
          method: 'POST',
          body: body satisfies OneOffSessionBody,
        })
      ).data,
    meta: { inlineValidation: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff', 'timetable'] }),
  });
}
