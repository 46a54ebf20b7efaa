import type { DataFieldsAnswer } from '@lido/contracts/data-fields';
import type { OnboardingType } from '@lido/contracts/data-fields';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';

/** GET /api/data-fields?onboarding_type=…: the operator's fields in sections, with a checksum. */
export const dataFieldsQuery = (onboardingType: OnboardingType) =>
  queryOptions({
    queryKey: ['data-fields', onboardingType],
    queryFn: () => apiGet<DataFieldsAnswer>('data-fields', { onboardingType }),
    staleTime: 5 * 60_000,
  });
