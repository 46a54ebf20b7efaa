import { z } from 'zod';
import { slugSchema } from './common.ts';

/** A centre as both venue calls answer it (`venues/online-joining` and `activities/venues`). */
export const venueSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  address1: z.string(),
  address2: z.string().nullable(),
  town: z.string(),
  postcode: z.string(),
  lat: z.number(),
  lng: z.number(),
  placeType: z.string(),
  canDisplayIneligibleMemberships: z.boolean(),
  displayVenueSelectionButton: z.boolean(),
  activitiesV2Enabled: z.boolean(),
});
export type Venue = z.infer<typeof venueSchema>;

export const venueParamsSchema = z.object({ slug: slugSchema });
export const footerQuerySchema = z.object({ venue: slugSchema.optional() });

/** GET /api/activities/footer: the footer HTML of a venue, or the operator's. */
export const footerSchema = z.string();
