import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The Drizzle view of the database. The tables themselves are created by the SQL files in
 * `migrations/`; a test checks that both agree column by column.
 */

export const operators = pgTable('operators', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  customerServiceEmail: text('customer_service_email').notNull(),
  currency: text('currency').notNull().default('GBP'),
  onlineJoiningEnabled: boolean('online_joining_enabled').notNull().default(true),
  onlineJoiningMapEnabled: boolean('online_joining_map_enabled').notNull().default(true),
  onlineGuestPassesEnabled: boolean('online_guest_passes_enabled').notNull().default(false),
  collectDirectDebitBillingAddress: boolean('collect_direct_debit_billing_address').notNull().default(false),
  directDebitProvider: text('direct_debit_provider').notNull().default('go_cardless'),
  directDebitServiceUserName: text('direct_debit_service_user_name').notNull(),
  availableBillingDates: integer('available_billing_dates')
    .array()
    .notNull()
    .default(sql`'{1,15}'::integer[]`),
  savedCardsEnabled: boolean('saved_cards_enabled').notNull().default(true),
  footerHtml: text('footer_html').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const venues = pgTable('venues', {
  id: serial('id').primaryKey(),
  operatorId: integer('operator_id')
    .notNull()
    .references(() => operators.id),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  address1: text('address1').notNull(),
  address2: text('address2'),
  town: text('town').notNull(),
  postcode: text('postcode').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  placeType: text('place_type').notNull(),
  canDisplayIneligibleMemberships: boolean('can_display_ineligible_memberships').notNull().default(false),
  displayVenueSelectionButton: boolean('display_venue_selection_button').notNull().default(true),
  activitiesV2Enabled: boolean('activities_v2_enabled').notNull().default(true),
  /** Venue-specific footer; null means the operator's footer. */
  footerHtml: text('footer_html'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per operator (venue_id null) holds the operator's theme; a row with a venue overrides
 * only the fields it sets. Null means "not set here".
 */
export const themes = pgTable(
  'themes',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    venueId: integer('venue_id').references(() => venues.id),
    logoUrl: text('logo_url'),
    primaryColour: text('primary_colour'),
    secondaryColour1: text('secondary_colour_1'),
    secondaryColour2: text('secondary_colour_2'),
    darkBgColour: text('dark_bg_colour'),
    headerBgColour: text('header_bg_colour'),
    headerTextColour: text('header_text_colour'),
    bodyFont: text('body_font'),
    headingFont: text('heading_font'),
    secondaryButtonStyle: text('secondary_button_style'),
  },
  (table) => [
    uniqueIndex('themes_operator_default_unique')
      .on(table.operatorId)
      .where(sql`venue_id is null`),
    uniqueIndex('themes_venue_unique').on(table.venueId),
  ],
);
