import type { DependantBody, Family, FamilyChanged } from '@lido/contracts/family';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api/api-client.ts';

export const familyQueryKey = ['my-account', 'family'] as const;

/** GET /api/my-account/family: the account holder's dependants. */
export const familyQuery = queryOptions({
  queryKey: familyQueryKey,
  queryFn: async () => (await apiFetch<Family>('my-account/family')).data,
});

type Change =
  | { kind: 'add'; body: DependantBody }
  | { kind: 'edit'; id: number; body: DependantBody }
  | { kind: 'remove'; id: number };

/** Adds, changes or removes a dependant; the answer is the family as it now is. */
export function useChangeFamily() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: Change) => {
      const path = change.kind === 'add' ? 'my-account/family' : `my-account/family/${change.id}`;
      const method = change.kind === 'add' ? 'POST' : change.kind === 'edit' ? 'PUT' : 'DELETE';
      // A removal has no body (undefined sends none).
      const body = change.kind === 'remove' ? undefined : change.body;
      return (await apiFetch<FamilyChanged>(path, { method, body: body satisfies DependantBody | undefined }))
        .data;
    },
    meta: { inlineValidation: true },
    onSuccess: (answer) => queryClient.setQueryData(familyQueryKey, answer.family),
  });
}

/** Whether the logged-in customer has family members to book for (read only when logged in). */
export function useHasFamily(loggedIn: boolean): boolean {
  const family = useQuery({ ...familyQuery, enabled: loggedIn });
  return loggedIn && (family.data?.length ?? 0) > 0;
}

/**
 * The ids of the logged-in customer's family members, in the family's order: undefined while they
 * load (or when not asked), none when logged out.
 */
export function useFamilyMemberIds(loggedIn: boolean): number[] | undefined {
  const family = useQuery({ ...familyQuery, enabled: loggedIn });
  if (!loggedIn) return [];
  return family.data?.map((member) => member.id);
}
