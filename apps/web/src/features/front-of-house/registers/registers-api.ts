import type {
  AttendanceStatus,
  CustomerStrikes,
  MarkBody,
  Marked,
  Register,
  RegisterList,
  RemoveStrikeBody,
} from '@lido/contracts/registers';
import type { CustomerPenaltyFees, WaivePenaltyFeeBody } from '@lido/contracts/penalty-fees';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiGet } from '../../../lib/api/api-client.ts';

/** The registers' server calls (issue 35 items 4 and 6, decision 0096). */
const registerKeys = {
  list: (centre: string, date: string) => ['staff', 'registers', centre, date] as const,
  one: (sessionId: number) => ['staff', 'register', sessionId] as const,
};

/** GET /api/staff/registers?centre&date: a centre's sessions on a day (the first centre when none is named). */
export function useRegisterList(centre: string, date: string) {
  return useQuery({
    queryKey: registerKeys.list(centre, date),
    queryFn: ({ signal }) =>
      apiGet<RegisterList>('staff/registers', { ...(centre ? { centre } : {}), date }, signal),
    placeholderData: (previous) => previous,
  });
}

/** GET /api/staff/registers/{sessionId}: who is booked, with their marks and strikes. */
export function useRegister(sessionId: number) {
  return useQuery({
    queryKey: registerKeys.one(sessionId),
    queryFn: ({ signal }) => apiGet<Register>(`staff/registers/${sessionId}`, undefined, signal),
    staleTime: 0,
  });
}

/** POST /api/staff/registers/{sessionId}/bookings/{bookingId}: attended or no-show. */
export function useMark(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ bookingId, status }: { bookingId: number; status: AttendanceStatus }) =>
      (
        await apiFetch<Marked>(`staff/registers/${sessionId}/bookings/${bookingId}`, {
          method: 'POST',
          body: { status } satisfies MarkBody,
        })
      ).data,
    meta: { inlineValidation: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'register', sessionId] }),
  });
}

/** GET /api/staff/customers/{id}/strikes: a customer's strikes, and why online booking is stopped. */
export function useCustomerStrikes(customerId: number) {
  return useQuery({
    queryKey: ['staff', 'strikes', customerId],
    queryFn: ({ signal }) =>
      apiGet<CustomerStrikes>(`staff/customers/${customerId}/strikes`, undefined, signal),
    staleTime: 0,
  });
}

/** POST /api/staff/strikes/{id}/remove (a manager of the centre): with the reason, audited. */
export function useRemoveStrike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ strikeId, reason }: { strikeId: number; reason: string }) =>
      (
        await apiFetch<unknown>(`staff/strikes/${strikeId}/remove`, {
          method: 'POST',
          body: { reason } satisfies RemoveStrikeBody,
        })
      ).data,
    meta: { inlineValidation: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['staff', 'register'] });
      await queryClient.invalidateQueries({ queryKey: ['staff', 'strikes'] });
    },
  });
}

/** GET /api/staff/customers/{id}/penalty-fees: a customer's fees, and which this manager may waive (decision 0101). */
export function useCustomerPenaltyFees(customerId: number) {
  return useQuery({
    queryKey: ['staff', 'penalty-fees', customerId],
    queryFn: ({ signal }) =>
      apiGet<CustomerPenaltyFees>(`staff/customers/${customerId}/penalty-fees`, undefined, signal),
    staleTime: 0,
  });
}

/** POST /api/staff/penalty-fees/{id}/waive (a manager of the booking's centre): with the reason, audited. */
export function useWaivePenaltyFee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ feeId, reason }: { feeId: number; reason: string }) =>
      (
        await apiFetch<unknown>(`staff/penalty-fees/${feeId}/waive`, {
          method: 'POST',
          body: { reason } satisfies WaivePenaltyFeeBody,
        })
      ).data,
    meta: { inlineValidation: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['staff', 'penalty-fees'] });
      await queryClient.invalidateQueries({ queryKey: ['staff', 'strikes'] });
    },
  });
}
