import { z } from 'zod';
import { moneySchema } from './membership.ts';

/**
 * The membership benefit paying for a basket booking line (issue 18 item 1, decision 0048; the
 * spec's Cart item has no field for it): its name, and what it takes off the line. Taken off with
 * DELETE /api/activities/benefit/remove/{cartItemId}.
 */
export const appliedBenefitSchema = z.object({
  /** the catalogue benefit's id */
  id: z.number().int(),
  name: z.string(),
  discount: moneySchema,
});
export type AppliedBenefit = z.infer<typeof appliedBenefitSchema>;
