import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';
import { joiningKeys } from './keys.ts';

export type QuestionType = 'text' | 'number' | 'select' | 'multi_select' | 'date' | 'checkbox';

export interface Question {
  id: number;
  reference: string;
  label: string;
  type: QuestionType;
  placeholder: string | null;
  options: Record<string, string> | null;
  isRequired: boolean;
  default: string | null;
}

export interface QuestionGroup {
  id: number;
  title: string;
  questions: Question[];
}

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
