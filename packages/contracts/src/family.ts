import { z } from 'zod';
import { relationships } from './family-labels.ts';
import { calendarDate, databaseId } from './limits.ts';

export { type Relationship, relationshipLabels, relationships } from './family-labels.ts';

/** A dependant as My account → My details lists it. */
export const dependantSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  prettyDateOfBirth: z.string(),
  relationship: z.enum(relationships),
  /** whether removing is refused: the dependant has upcoming bookings or a running membership */
  removable: z.boolean(),
});
export type Dependant = z.infer<typeof dependantSchema>;

export const familySchema = z.array(dependantSchema);
export type Family = z.infer<typeof familySchema>;

const nameField = (what: string) =>
  z
    .string({ error: `Enter their ${what}.` })
    .trim()
    .min(1, `Enter their ${what}.`)
    .max(60, `Their ${what} must be 60 characters or fewer.`);

/** POST /api/my-account/family and PUT /api/my-account/family/{dependantId} */
export const dependantBodySchema = z.object({
  firstName: nameField('first name'),
  lastName: nameField('last name'),
  dateOfBirth: calendarDate('Their date of birth', {
    message: 'Enter their date of birth as a real date, for example 27 3 2015.',
    required: 'Enter their date of birth as a real date, for example 27 3 2015.',
    late: 'Their date of birth must be in the past.',
  }),
  relationship: z.enum(relationships, { error: 'Choose who they are to you.' }),
});
export type DependantBody = z.infer<typeof dependantBodySchema>;

export const dependantParamsSchema = z.object({
  dependantId: databaseId('The family member'),
});

/** The answer to adding, changing or removing a dependant: the family as it now is. */
export const familyChangedSchema = z.object({ family: familySchema, message: z.string() });
export type FamilyChanged = z.infer<typeof familyChangedSchema>;
