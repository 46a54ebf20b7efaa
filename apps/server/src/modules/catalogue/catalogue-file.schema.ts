import { z } from 'zod';
import { openingsSection } from './openings-file.schema.ts';
import { activitySections, deskRulesSchema, membershipRulesSchema } from './activities-file.schema.ts';
import { bookingPenaltiesSchema } from '@lido/contracts/registers';
import { isoDate, key, pence, text } from './catalogue-fields.schema.ts';
import { packageEntrySchema } from './packages-file.schema.ts';
import { courseSections } from './courses-file.schema.ts';
import { staffSection } from './staff-file.schema.ts';

/**
 * The shape of an operator's catalogue file (YAML or JSON). Money is in pence. Keys and slugs
 * identify things across imports, so importing the same file twice changes nothing.
 * See apps/server/catalogue/README.md for a walk-through and catalogue/demo-catalogue.yaml.
 */

const period = z.enum(['day', 'week', 'month', 'year'], { error: 'must be day, week, month or year' });

const category = z.strictObject({ key, name: text });

const eligibility = z
  .strictObject({
    key,
    name: text,
    kind: z.enum(['age', 'proof'], { error: 'must be age or proof' }),
    minAge: z.number().int().min(0).max(120).optional(),
    maxAge: z.number().int().min(0).max(120).optional(),
    description: z.string().default(''),
  })
  .superRefine((rule, ctx) => {
    if (rule.kind === 'age' && rule.minAge === undefined && rule.maxAge === undefined) {
      ctx.addIssue({ code: 'custom', path: ['minAge'], message: 'an age rule needs minAge, maxAge or both' });
    }
    if (rule.kind === 'proof' && (rule.minAge !== undefined || rule.maxAge !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['kind'], message: 'a proof rule has no ages' });
    }
    if (rule.minAge !== undefined && rule.maxAge !== undefined && rule.minAge > rule.maxAge) {
      ctx.addIssue({ code: 'custom', path: ['maxAge'], message: 'must not be below minAge' });
    }
  });

const benefit = z
  .strictObject({
    name: text,
    totalUses: z.number().int().positive({ error: 'must be a positive whole number' }).optional(),
    frequency: period.optional(),
    description: z.string().default(''),
    /** guest-pass: the membership's guest passes, totalUses per frequency (decision 0050) */
    kind: z.enum(['booking', 'guest-pass'], { error: 'must be booking or guest-pass' }).default('booking'),
    // What the benefit pays for at booking (decision 0048); without it, the benefit is words only.
    covers: z
      .strictObject({ activities: z.array(key).optional(), categories: z.array(key).optional() })
      .default({}),
    discountPercent: z
      .number()
      .int({ error: 'must be a whole number from 1 to 100' })
      .min(1, { error: 'must be a whole number from 1 to 100' })
      .max(100, { error: 'must be a whole number from 1 to 100' })
      .default(100),
  })
  .superRefine((entry, ctx) => {
    if (entry.kind !== 'guest-pass') return;
    if (entry.totalUses === undefined)
      ctx.addIssue({ code: 'custom', path: ['totalUses'], message: 'a guest-pass benefit needs totalUses' });
    if (entry.frequency === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['frequency'],
        message: 'a guest-pass benefit needs a frequency',
      });
  });

/** A new price for the members already holding the option, from a date (issue 22 item 5). */
const priceChange = z.strictObject({
  pricePence: pence.refine((value) => value > 0, { error: 'must be more than 0' }),
  effectiveFrom: isoDate,
});

const paymentOption = z
  .strictObject({
    key,
    paymentType: z.enum(['recurring', 'fixed'], { error: 'must be recurring or fixed' }),
    pricePence: pence,
    joiningFeePence: pence.default(0),
    duration: z.number().int().positive({ error: 'must be a positive whole number' }).optional(),
    period: period.optional(),
    monthInHand: z.boolean({ error: 'must be true or false' }).default(false),
    purchasable: z.boolean({ error: 'must be true or false' }).default(true),
    message: z.string().optional(),
    promotionEnabled: z.boolean({ error: 'must be true or false' }).default(true),
    priceChange: priceChange.optional(),
  })
  .superRefine((option, ctx) => {
    if (option.paymentType === 'fixed') {
      if (option.duration === undefined)
        ctx.addIssue({ code: 'custom', path: ['duration'], message: 'a fixed option needs a duration' });
      if (option.period === undefined)
        ctx.addIssue({ code: 'custom', path: ['period'], message: 'a fixed option needs a period' });
      if (option.monthInHand)
        ctx.addIssue({
          code: 'custom',
          path: ['monthInHand'],
          message: 'only a recurring option can take a month in hand',
        });
      // Paid once: a new pricePence is the price of the next term, so there is nothing to notice.
      if (option.priceChange)
        ctx.addIssue({
          code: 'custom',
          path: ['priceChange'],
          message: 'only a recurring option has a price change: change pricePence for new members',
        });
    } else {
      if (option.duration !== undefined)
        ctx.addIssue({ code: 'custom', path: ['duration'], message: 'only a fixed option has a duration' });
      if (option.period !== undefined)
        ctx.addIssue({ code: 'custom', path: ['period'], message: 'only a fixed option has a period' });
    }
  });

const questionTypes = ['text', 'number', 'select', 'multi_select', 'date', 'checkbox'] as const;
const question = z
  .strictObject({
    reference: key,
    group: text,
    label: text,
    type: z.enum(questionTypes, { error: `must be one of ${questionTypes.join(', ')}` }),
    placeholder: z.string().optional(),
    options: z.record(z.string(), z.string()).optional(),
    required: z.boolean({ error: 'must be true or false' }).default(false),
    default: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).optional(),
  })
  .superRefine((q, ctx) => {
    const choices = q.type === 'select' || q.type === 'multi_select';
    if (choices && (!q.options || Object.keys(q.options).length === 0)) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: `a ${q.type} question needs options` });
    }
    if (!choices && q.options)
      ctx.addIssue({ code: 'custom', path: ['options'], message: `a ${q.type} question has no options` });
    if (q.default === undefined) return;
    const defaults = Array.isArray(q.default) ? q.default : [q.default];
    if (q.type === 'multi_select' && !Array.isArray(q.default)) {
      ctx.addIssue({
        code: 'custom',
        path: ['default'],
        message: 'a multi_select default is a list of option values',
      });
    } else if (
      choices &&
      !defaults.every((value) => typeof value === 'string' && q.options && value in q.options)
    ) {
      ctx.addIssue({ code: 'custom', path: ['default'], message: 'must be one of the option values' });
    } else if (
      q.type === 'date' &&
      !(typeof q.default === 'string' && isoDate.safeParse(q.default).success)
    ) {
      ctx.addIssue({ code: 'custom', path: ['default'], message: 'must be a date such as 2027-01-31' });
    } else if (q.type === 'number' && typeof q.default !== 'number') {
      ctx.addIssue({ code: 'custom', path: ['default'], message: 'must be a number' });
    } else if (q.type === 'checkbox' && typeof q.default !== 'boolean') {
      ctx.addIssue({ code: 'custom', path: ['default'], message: 'must be true or false' });
    }
  });

const membershipType = z
  .strictObject({
    slug: key,
    name: text,
    description: z.string().default(''),
    categories: z.array(key).min(1, { error: 'needs at least one category' }),
    coverage: z.enum(['national', 'venues'], { error: 'must be national or venues' }),
    venues: z.array(key).optional(),
    eligibility: key.optional(),
    benefits: z.array(benefit).default([]),
    paymentOptions: z.array(paymentOption).min(1, { error: 'needs at least one payment option' }),
    questions: z.array(question).default([]),
  })
  .superRefine((type, ctx) => {
    if (type.benefits.filter((entry) => entry.kind === 'guest-pass').length > 1)
      ctx.addIssue({
        code: 'custom',
        path: ['benefits'],
        message: 'at most one benefit is of kind guest-pass',
      });
    if (type.coverage === 'venues' && (!type.venues || type.venues.length === 0)) {
      ctx.addIssue({
        code: 'custom',
        path: ['venues'],
        message: 'a venues membership lists the centres it covers',
      });
    }
    if (type.coverage === 'national' && type.venues) {
      ctx.addIssue({
        code: 'custom',
        path: ['venues'],
        message: 'a national membership covers every centre: leave venues out',
      });
    }
  });

const termsEntry = z
  .strictObject({
    key,
    kind: z.enum(['direct_debit', 'health_commitment', 'membership'], {
      error: 'must be direct_debit, health_commitment or membership',
    }),
    type: key.optional(),
    title: text,
    html: text,
  })
  .superRefine((entry, ctx) => {
    if (entry.kind !== 'membership' && entry.type) {
      ctx.addIssue({
        code: 'custom',
        path: ['type'],
        message: 'only membership terms belong to a membership type',
      });
    }
  });

const promotion = z
  .strictObject({
    code: z
      .string({ error: 'must be text' })
      .regex(/^[A-Za-z0-9-]{3,32}$/, { error: 'must be 3 to 32 letters, numbers or hyphens' }),
    kind: z.enum(['percent', 'amount'], { error: 'must be percent or amount' }),
    value: z.number().int({ error: 'must be a whole number' }).positive({ error: 'must be positive' }),
    appliesTo: z
      .array(
        z.enum(['joining_fee', 'pro_rata', 'month_in_hand', 'fixed_price'], {
          error: 'must be joining_fee, pro_rata, month_in_hand or fixed_price',
        }),
      )
      .min(1, { error: 'needs at least one component' }),
    validFrom: isoDate.optional(),
    validTo: isoDate.optional(),
    types: z.array(key).optional(),
    maxRedemptions: z.number().int().positive({ error: 'must be a positive whole number' }).optional(),
    oncePerCustomer: z.boolean({ error: 'must be true or false' }).default(false),
  })
  .superRefine((promo, ctx) => {
    if (promo.kind === 'percent' && promo.value > 100)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'a percentage is at most 100' });
    if (promo.validFrom && promo.validTo && promo.validFrom > promo.validTo) {
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'must not be before validFrom' });
    }
  });

/** A benefit's `covers` names activities and categories of the same file. */
function benefitsCoverKnownKeys(
  file: {
    types: { benefits: { covers: { activities?: string[]; categories?: string[] } }[] }[];
    activities: { key: string }[];
    activityCategories: { key: string }[];
  },
  ctx: z.RefinementCtx,
) {
  const known = {
    activities: new Set(file.activities.map((activity) => activity.key)),
    categories: new Set(file.activityCategories.map((category) => category.key)),
  };
  file.types.forEach((type, typeIndex) =>
    type.benefits.forEach((benefit, benefitIndex) => {
      for (const kind of ['activities', 'categories'] as const)
        (benefit.covers[kind] ?? []).forEach((found, index) => {
          if (!known[kind].has(found))
            ctx.addIssue({
              code: 'custom',
              path: ['types', typeIndex, 'benefits', benefitIndex, 'covers', kind, index],
              message: `is not one of the file's ${kind === 'activities' ? 'activities' : 'activityCategories'}`,
            });
        });
    }),
  );
}

export const catalogueFileSchema = z
  .strictObject({
    categories: z.array(category).default([]),
    eligibility: z.array(eligibility).default([]),
    types: z.array(membershipType).default([]),
    terms: z.array(termsEntry).default([]),
    promotions: z.array(promotion).default([]),
    membershipRules: membershipRulesSchema
      .refine((rules) => rules.freezeMaxMonths >= rules.freezeMinMonths, {
        path: ['freezeMaxMonths'],
        error: 'must not be less than freezeMinMonths',
      })
      .optional(),
    deskRules: deskRulesSchema.optional(),
    /** no-show and late-cancel strikes (issue 35 item 6, decision 0096); absent: none are given */
    bookingPenalties: bookingPenaltiesSchema.optional(),
    staff: staffSection.default([]),
    ...activitySections,
    /** packages of uses sold through the basket (issue 18 item 2) */
    packages: z.array(packageEntrySchema).default([]),
    /** announced booking openings and their waiting rooms (issue 39 item 1) */
    openings: openingsSection,
    /** lesson programmes, terms and courses (issue 36, decision 0105) */
    ...courseSections,
  })
  .superRefine(benefitsCoverKnownKeys);
export type CatalogueFile = z.infer<typeof catalogueFileSchema>;
