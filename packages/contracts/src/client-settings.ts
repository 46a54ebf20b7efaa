import { z } from 'zod';

/**
 * GET /api/client: the site config of the joining spec (section 3), plus Lido's additions:
 * the sites' public origins (for cross-site links) and the runtime ids for error reporting and
 * analytics, so one build serves every operator.
 */
export const clientSettingsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mapApiKey: z.string().nullable(),
  mapStyleUrl: z.string().nullable(),
  onlineJoiningMapEnabled: z.boolean(),
  onlineJoiningEnabled: z.boolean(),
  onlineGuestPassesEnabled: z.boolean(),
  collectDirectDebitBillingAddress: z.boolean(),
  directDebitProvider: z.string(),
  directDebitServiceUserName: z.string(),
  customerServiceEmail: z.string(),
  availableBillingDates: z.array(z.number().int().min(1).max(28)),
  kioskHomeUrl: z.string().nullable(),
  /** The languages the customer sites offer; the switch shows when there is more than one (decision 0108). */
  languages: z.array(z.enum(['en', 'cy'])).min(1),
  /** Kiosk idle timers in ms (joining spec section 9: 90000, 95000 and 10000 by default). */
  kioskIdle: z.object({
    warningMs: z.number().int().positive(),
    resetMs: z.number().int().positive(),
    orderConfirmedMs: z.number().int().positive(),
  }),
  savedCardsEnabled: z.boolean(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  currencySymbol: z.string(),
  siteUrls: z.object({ bookings: z.string(), myAccount: z.string(), onlineJoining: z.string() }),
  errorReportingDsn: z.string().nullable(),
  fonts: z.object({ garageGothicUrl: z.string().nullable() }),
  analytics: z.object({ gaMeasurementId: z.string().nullable(), gtmContainerId: z.string().nullable() }),
  /** The operator's IANA time zone (`LIDO_TIME_ZONE`): its date is "today" for start dates and prices. */
  timeZone: z.string(),
  /**
   * The zone's UTC offset now and the instants it holds between, so the browser works out the
   * operator's date with arithmetic rather than loading Intl's time-zone data (decision 0066).
   */
  timeZoneOffset: z.object({ minutes: z.number().int(), from: z.iso.datetime(), until: z.iso.datetime() }),
});
export type ClientSettings = z.infer<typeof clientSettingsSchema>;
