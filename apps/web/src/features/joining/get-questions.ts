import type { QuestionGroup } from '@lido/contracts/membership';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';
import { joiningKeys } from './keys.ts';

export type { Question, QuestionGroup, QuestionType } from '@lido/contracts/membership';

/** GET custom-questions/memberships/{id}: the membership's additional questions, grouped. */
export const questionsQuery = (typeId: number) =>
  queryOptions({
    queryKey: joiningKeys.questions(typeId),
    queryFn: ({ signal }) =>
      apiGet<QuestionGroup[]>(`custom-questions/memberships/${typeId}`, undefined, signal),
    staleTime: 5 * 60_000,
  });

export function useQuestions(typeId: number | null) {
  return useQuery({ ...questionsQuery(typeId ?? 0), enabled: typeId !== null });
}
