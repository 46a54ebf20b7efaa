import { z } from 'zod';

/** GET /api/data-fields?onboarding_type=…: the operator's customer fields, in sections (joining spec, section 3). */
export type OnboardingType = 'customer_account_online' | 'membership_purchase';

export const dataFieldSchema = z.object({
  path: z.string(),
  name: z.string(),
  label: z.string(),
  type: z.enum(['text', 'email', 'tel', 'date', 'password', 'select']),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
  placeholder: z.string().nullable(),
  isRequired: z.boolean(),
  isAuthorised: z.boolean(),
  htmlAttributes: z.record(z.string(), z.string()),
  metadata: z.object({ description: z.string().nullable() }),
  answer: z.string().nullable(),
});
export type DataField = z.infer<typeof dataFieldSchema>;

export const dataFieldSectionSchema = z.object({
  sectionName: z.string(),
  sectionReference: z.string(),
  sectionFields: z.array(dataFieldSchema),
});
export type DataFieldSection = z.infer<typeof dataFieldSectionSchema>;

/** The sections, and a checksum the registration sends back to show the form has not changed. */
export const dataFieldsAnswerSchema = z.object({
  sections: z.array(dataFieldSectionSchema),
  checksum: z.string(),
});
export type DataFieldsAnswer = z.infer<typeof dataFieldsAnswerSchema>;
