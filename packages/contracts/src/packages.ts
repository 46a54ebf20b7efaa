import { z } from 'zod';
import { positiveId } from './common.ts';
import { moneySchema } from './membership.ts';

/**
 * Packages (issue 18 item 2, decision 0049): bundles of uses the operator sells through the
 * basket, spent on bookings they cover. Requests and answers together: both are small.
 */

/** GET /api/packages?venue_id: the packages on sale at a centre. */
export const packagesForSaleQuerySchema = z.object({ venueId: positiveId('The venue') });

export const packageForSaleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  uses: z.number().int(),
  validMonths: z.number().int(),
  /** "Swimming, Aqua fit": what it pays for, in words */
  covers: z.string(),
  /** the activity category keys and activity ids it pays for (a session page matches on these) */
  coversCategories: z.array(z.string()),
  coversActivityIds: z.array(z.number().int()),
  price: moneySchema,
});
export type PackageForSale = z.infer<typeof packageForSaleSchema>;

/** A package in the basket. */
export const cartPackageItemSchema = z.object({
  id: z.number().int(),
  type: z.literal('package'),
  /** the package on sale */
  objectId: z.number().int(),
  purchasedForUserId: z.number().int(),
  name: z.string(),
  /** "10 uses, valid 3 months from purchase: Swimming" */
  description: z.string(),
  venue: z.object({ id: z.number().int(), name: z.string() }),
  categories: z.array(z.string()),
  options: z.object({ venueId: z.number().int() }),
  uses: z.number().int(),
  validMonths: z.number().int(),
  price: moneySchema,
  sortBy: z.number(),
  enablePrintReceipt: z.boolean(),
});
export type CartPackageItem = z.infer<typeof cartPackageItemSchema>;

/** What paid for a basket booking line with a package: which one, and its uses left after. */
export const packageUsageSchema = z.object({
  customerPackageId: z.number().int(),
  name: z.string(),
  usesLeft: z.number().int(),
});
export type PackageUsage = z.infer<typeof packageUsageSchema>;

/** A package line of an order (its receipt). */
export const orderPackageItemSchema = z.object({
  type: z.literal('package'),
  name: z.string(),
  total: moneySchema,
});

/** One use of a held package, for its history on My account → Packages. */
export const packageUseSchema = z.object({
  id: z.number().int(),
  activityName: z.string(),
  startsAt: z.string(),
  /** "Tue 24 Nov 2026, 07:00" */
  when: z.string(),
  uses: z.number().int(),
  status: z.enum(['held', 'spent', 'returned', 'kept']),
  /** "Used for this booking", "Held in your basket", "Booking cancelled: use given back"… */
  statusText: z.string(),
});
export type PackageUse = z.infer<typeof packageUseSchema>;
