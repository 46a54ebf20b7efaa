import { z } from 'zod';

/**
 * Prices and offers on the staff site (issue 37 item 3, decision 0103): a manager changes the
 * catalogue file's packages, promotions, membership prices, joining fees and guest-pass allowances
 * without the file. The server checks each change with the file's own schema (the catalogue module's
 * entry schemas), so the bodies here carry the entry as given and the answers what the form shows.
 */

const staffPackageSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  uses: z.number().int(),
  validMonths: z.number().int(),
  pricePence: z.number().int(),
  venues: z.array(z.string()),
  covers: z.object({ categories: z.array(z.string()), activities: z.array(z.string()) }),
  /** sold at one of the manager's centres: theirs to change */
  editable: z.boolean(),
});
export type StaffPackage = z.infer<typeof staffPackageSchema>;

const staffPromotionSchema = z.object({
  code: z.string(),
  kind: z.enum(['percent', 'amount']),
  value: z.number().int(),
  appliesTo: z.array(z.enum(['joining_fee', 'pro_rata', 'month_in_hand', 'fixed_price'])),
  validFrom: z.string().optional(),
  validTo: z.string().optional(),
  types: z.array(z.string()).optional(),
  maxRedemptions: z.number().int().optional(),
  oncePerCustomer: z.boolean(),
});
export type StaffPromotion = z.infer<typeof staffPromotionSchema>;

const staffOptionSchema = z.object({
  key: z.string(),
  paymentType: z.enum(['recurring', 'fixed']),
  pricePence: z.number().int(),
  joiningFeePence: z.number().int(),
  priceChange: z.object({ pricePence: z.number().int(), effectiveFrom: z.string() }).optional(),
});

const staffMembershipSchema = z.object({
  slug: z.string(),
  name: z.string(),
  paymentOptions: z.array(staffOptionSchema),
  /** the guest-pass benefit's allowance, when the membership has one */
  guestPasses: z.object({ totalUses: z.number().int(), frequency: z.string() }).optional(),
  editable: z.boolean(),
});
export type StaffMembershipPrices = z.infer<typeof staffMembershipSchema>;

/** GET /api/staff/prices: what the page lists and the forms choose from. */
export const staffPricesSchema = z.object({
  packages: z.array(staffPackageSchema),
  promotions: z.array(staffPromotionSchema),
  memberships: z.array(staffMembershipSchema),
  /** days of notice current members are given of a price change */
  priceChangeNoticeDays: z.number().int(),
  /** the manager's centres */
  centres: z.array(z.object({ slug: z.string(), name: z.string() })),
  categories: z.array(z.object({ key: z.string(), name: z.string() })),
});
export type StaffPrices = z.infer<typeof staffPricesSchema>;

/** PUT /api/staff/prices/packages: a package added or changed (by key), checked as the file's entry is. */
export const savePackageBodySchema = z.strictObject({ package: z.unknown() });
export type SavePackageBody = z.input<typeof savePackageBodySchema>;

/** PUT /api/staff/prices/promotions: a promotion started or changed (by code, in any case). */
export const savePromotionBodySchema = z.strictObject({ promotion: z.unknown() });
export type SavePromotionBody = z.input<typeof savePromotionBodySchema>;

/**
 * PUT /api/staff/prices/memberships/{slug}: the membership's payment options' prices, joining fees
 * and price changes for current members (by option key), and its guest-pass allowance.
 */
export const saveMembershipPricesBodySchema = z.strictObject({
  paymentOptions: z.array(z.unknown()).max(50, { error: 'lists at most 50 payment options' }),
  guestPasses: z.unknown().optional(),
});
export type SaveMembershipPricesBody = z.input<typeof saveMembershipPricesBodySchema>;
export const membershipSlugParamsSchema = z.object({ slug: z.string().max(100) });

/** The forms' labels: a refusal reads "{label} {the file's message}". */
export const priceFieldLabels: Record<string, string> = {
  key: 'Key',
  name: 'Name',
  description: 'Description',
  uses: 'Uses',
  validMonths: 'Valid for (months)',
  pricePence: 'Price',
  venues: 'Centres',
  covers: 'Pays for',
  code: 'Code',
  kind: 'Discount kind',
  value: 'Discount',
  appliesTo: 'Applies to',
  validFrom: 'Starts',
  validTo: 'Ends',
  types: 'Memberships',
  maxRedemptions: 'Most uses',
  oncePerCustomer: 'Once per customer',
  joiningFeePence: 'Joining fee',
  priceChange: 'Price change for current members',
  'priceChange.pricePence': 'New price for current members',
  'priceChange.effectiveFrom': 'Current members pay it from',
  totalUses: 'Guest passes',
  frequency: 'Guest passes every',
};
