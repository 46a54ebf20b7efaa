import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';

export type OnboardingType = 'customer_account_online' | 'membership_purchase';

export interface DataField {
  path: string;
  name: string;
  label: string;
  type: 'text' | 'email' | 'tel' | 'date' | 'password' | 'select';
  options: { value: string; label: string }[];
  placeholder: string | null;
  isRequired: boolean;
  isAuthorised: boolean;
  htmlAttributes: Record<string, string>;
  metadata: { description: string | null };
  answer: string | null;
}

export interface DataFieldSection {
  sectionName: string;
  sectionReference: string;
  sectionFields: DataField[];
}

/** GET /api/data-fields?onboarding_type=…: the operator's fields in sections, with a checksum. */
export const dataFieldsQuery = (onboardingType: OnboardingType) =>
  queryOptions({
    queryKey: ['data-fields', onboardingType],
    queryFn: () =>
      apiGet<{ sections: DataFieldSection[]; checksum: string }>('data-fields', { onboardingType }),
    staleTime: 5 * 60_000,
  });
