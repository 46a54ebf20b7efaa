/** GET /api/data-fields?onboarding_type=…: the operator's customer fields, in sections (joining spec, section 3). */
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
