import { z } from 'zod';

import { positiveId as id } from './common.ts';
import { calendarDate } from './limits.ts';

export const membershipTypesQuerySchema = z.object({
  venueId: id('The venue'),
  /** a family member of the logged-in customer: the list carries their eligibility (decision 0051) */
  selectedUserId: id('The selected user').optional(),
});

export const costsParamsSchema = z.object({
  typeId: id('The membership type'),
  optionId: id('The payment option'),
});

/** GET memberships/types/{typeId}/payment-options/{optionId} */
export const costsQuerySchema = z.object({
  startDate: calendarDate('The start date'),
  billingDay: id('The billing day').optional(),
  venueId: id('The venue'),
  promotionCodeId: id('The promotion code').optional(),
});

export const promotionValidateParamsSchema = z.object({
  code: z.string().trim().min(1).max(64),
  paymentOptionId: id('The payment option'),
});

export const typeIdParamsSchema = z.object({ typeId: id('The membership type') });

export const moneySchema = z.object({
  raw: z.object({ amount: z.number().int(), currency: z.string() }),
  decimal: z.string(),
  formatted: z.string(),
});

export const paymentOptionSchema = z.object({
  id: z.number().int(),
  paymentType: z.enum(['recurring', 'fixed']),
  fixedDuration: z.number().int().nullable(),
  fixedPeriod: z.enum(['day', 'week', 'month', 'year']).nullable(),
  globalBasePrice: moneySchema,
  fees: z.object({ baseFee: moneySchema, joiningFee: moneySchema }),
  takesMonthInHand: z.boolean(),
  isPurchasable: z.object({
    canPurchase: z.boolean(),
    hasPrices: z.boolean(),
    message: z.string().nullable(),
  }),
  promotionEnabled: z.boolean(),
});

export const membershipTypeSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  coverage: z.enum(['national', 'venues']),
  providesAccessTo: z.array(z.object({ id: z.number().int(), name: z.string() })),
  eligibility: z
    .object({ name: z.string(), description: z.string(), requiresEligibility: z.boolean() })
    .nullable(),
  benefits: z.array(
    z.object({
      name: z.string(),
      totalUses: z.number().int().nullable(),
      frequency: z.string().nullable(),
      description: z.string(),
    }),
  ),
  paymentOptions: z.array(paymentOptionSchema),
});
export type MembershipType = z.infer<typeof membershipTypeSchema>;

export const costsSchema = z.object({
  paymentType: z.enum(['recurring', 'fixed']),
  fixedDuration: z.number().int().nullable(),
  fixedPeriod: z.string().nullable(),
  promotionEnabled: z.boolean(),
  globalBasePrice: moneySchema,
  fees: z.object({
    baseFee: moneySchema,
    joiningFee: moneySchema,
    proRataFee: moneySchema,
    monthInHandFee: moneySchema,
    discount: moneySchema,
  }),
  proRataDays: z.number().int(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  firstBillingDate: z.string().nullable(),
  prettyFirstBillingDate: z.string().nullable(),
  totalToPayNow: moneySchema,
});
export type Costs = z.infer<typeof costsSchema>;

export const heldMembershipParamsSchema = z.object({ membershipId: id('The membership') });
export const changeCostsParamsSchema = z.object({
  membershipId: id('The membership'),
  optionId: id('The payment option'),
});
export const changeCostsQuerySchema = z.object({
  startsAt: calendarDate('The change date'),
});

/** POST custom-questions/memberships/{typeId}: answers keyed by question id. */
export const answersBodySchema = z.strictObject({
  answers: z
    .array(
      z.strictObject({
        questionId: id('The question id'),
        answer: z.union([
          z.string().max(1000),
          z.number(),
          z.boolean(),
          z.array(z.string().max(200)).max(50),
          z.null(),
        ]),
      }),
    )
    .max(100),
});
export type AnswersBody = z.infer<typeof answersBodySchema>;

/** GET /api/v1/membership-promotions/validate/{code}/{paymentOptionId}: the promotion to apply by id. */
export const promotionSchema = z.object({ id: z.number().int(), code: z.string() });

/** The terms calls (direct debit, membership, health commitment) answer one text each. */
export const termsSchema = z.object({ id: z.number().int(), title: z.string(), html: z.string() });
export type Terms = z.infer<typeof termsSchema>;

export const questionTypes = ['text', 'number', 'select', 'multi_select', 'date', 'checkbox'] as const;
export type QuestionType = (typeof questionTypes)[number];

export const questionSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  label: z.string(),
  type: z.enum(questionTypes),
  placeholder: z.string().nullable(),
  options: z.record(z.string(), z.string()).nullable(),
  isRequired: z.boolean(),
  default: z.string().nullable(),
});
export type Question = z.infer<typeof questionSchema>;

/** GET custom-questions/memberships/{typeId}: the membership's additional questions, grouped. */
export const questionGroupSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  questions: z.array(questionSchema),
});
export type QuestionGroup = z.infer<typeof questionGroupSchema>;

/** POST custom-questions/memberships/{typeId}: how many answers were kept. */
export const savedAnswersSchema = z.object({ saved: z.number().int() });

/** GET memberships/{id}/change/{optionId}?starts_at: the change window, the difference and what is due now. */
export const changeCostsSchema = z.object({
  totalDueNow: moneySchema.extend({
    composition: z.object({ monthInHand: moneySchema, fees: moneySchema }),
  }),
  newMembershipPrice: moneySchema,
  differenceToOldMembership: z.string(),
  startsAt: z.object({ min: z.string(), max: z.string() }),
  membershipType: z.object({ id: z.number().int(), name: z.string(), monthInHand: z.boolean() }),
});
export type ChangeCosts = z.infer<typeof changeCostsSchema>;
export type Promotion = z.infer<typeof promotionSchema>;
export type SavedAnswers = z.infer<typeof savedAnswersSchema>;
