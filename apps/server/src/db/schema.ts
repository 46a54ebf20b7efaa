/* eslint-disable max-lines -- every table in one file: the one description of the database the migrations must match */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  bigint,
  boolean,
  date,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AuthorisedCard, BillingAddress } from '../providers/card/card-provider.ts';
import type { EmailAttachment } from '../providers/email/email-provider.ts';
import type { PricedChange, PricedLine } from '@lido/pricing/priced-line';

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
  // booking rules (migration 0022)
  basketHoldMinutes: integer('basket_hold_minutes').notNull().default(15),
  bookingRefundMethod: text('booking_refund_method').notNull().default('credit').$type<'credit' | 'card'>(),
  /** where the money goes when the centre cancels (migration 0064, decision 0095) */
  centreCancellationRefundMethod: text('centre_cancellation_refund_method')
    .notNull()
    .default('card')
    .$type<'credit' | 'card'>(),
  /** 'HH:MM:SS': the time of day a booking window opens */
  bookingWindowOpensAt: time('booking_window_opens_at').notNull().default('08:00'),
  // membership rules (migration 0027, the catalogue's membershipRules)
  cancellationNoticeMonths: integer('cancellation_notice_months').notNull().default(1),
  coolingOffDays: integer('cooling_off_days').notNull().default(14),
  freezeMinMonths: integer('freeze_min_months').notNull().default(1),
  freezeMaxMonths: integer('freeze_max_months').notNull().default(3),
  freezeNoticeDays: integer('freeze_notice_days').notNull().default(7),
  freezeMonthlyFeePence: integer('freeze_monthly_fee_pence').notNull().default(0),
  failedPaymentRetry: boolean('failed_payment_retry').notNull().default(true),
  outstandingBalanceBlocksBooking: boolean('outstanding_balance_blocks_booking').notNull().default(false),
  renewalReminderDays: integer('renewal_reminder_days').notNull().default(14),
  // calendar days' notice of a change of price (migration 0037)
  priceChangeNoticeDays: integer('price_change_notice_days').notNull().default(30),
  // waiting lists (migration 0042, the catalogue's bookingSettings.waitingListOfferHours)
  waitingListOfferHours: integer('waiting_list_offer_hours').notNull().default(2),
  // the desk's limits on cash and vouchers (migration 0050, the catalogue's deskRules)
  deskMaxCashTenderedPence: integer('desk_max_cash_tendered_pence').notNull().default(200000),
  deskMaxChangePence: integer('desk_max_change_pence').notNull().default(10000),
  deskOtherVouchersAccepted: boolean('desk_other_vouchers_accepted').notNull().default(true),
  // the no-show and late-cancel rules (migration 0065, the catalogue's bookingPenalties; null: none)
  bookingPenaltyRules: jsonb('booking_penalty_rules').$type<Record<string, unknown>>(),
});

/** One row: the number statement triggers move on any change to the cached catalogue (migration 0028). */
export const catalogueVersion = pgTable('catalogue_version', {
  id: boolean('id').primaryKey().default(true),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
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

// ---- The membership catalogue (migration 0002) ----

export const membershipCategories = pgTable('membership_categories', {
  id: serial('id').primaryKey(),
  operatorId: integer('operator_id')
    .notNull()
    .references(() => operators.id),
  key: text('key').notNull(),
  name: text('name').notNull(),
});

export const eligibilityRules = pgTable('eligibility_rules', {
  id: serial('id').primaryKey(),
  operatorId: integer('operator_id')
    .notNull()
    .references(() => operators.id),
  key: text('key').notNull(),
  name: text('name').notNull(),
  kind: text('kind').notNull().$type<'age' | 'proof'>(),
  minAge: integer('min_age'),
  maxAge: integer('max_age'),
  description: text('description').notNull().default(''),
});

export const membershipTypes = pgTable('membership_types', {
  id: serial('id').primaryKey(),
  operatorId: integer('operator_id')
    .notNull()
    .references(() => operators.id),
  slug: text('slug').notNull(),
  name: text('name').notNull(),
  descriptionHtml: text('description_html').notNull().default(''),
  coverage: text('coverage').notNull().$type<'national' | 'venues'>(),
  eligibilityRuleId: integer('eligibility_rule_id').references(() => eligibilityRules.id),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const membershipTypeCategories = pgTable(
  'membership_type_categories',
  {
    membershipTypeId: integer('membership_type_id')
      .notNull()
      .references(() => membershipTypes.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => membershipCategories.id),
  },
  (table) => [primaryKey({ columns: [table.membershipTypeId, table.categoryId] })],
);

export const membershipTypeVenues = pgTable(
  'membership_type_venues',
  {
    membershipTypeId: integer('membership_type_id')
      .notNull()
      .references(() => membershipTypes.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id),
  },
  (table) => [primaryKey({ columns: [table.membershipTypeId, table.venueId] })],
);

export const membershipBenefits = pgTable('membership_benefits', {
  id: serial('id').primaryKey(),
  membershipTypeId: integer('membership_type_id')
    .notNull()
    .references(() => membershipTypes.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  name: text('name').notNull(),
  totalUses: integer('total_uses'),
  frequency: text('frequency').$type<'day' | 'week' | 'month' | 'year'>(),
  description: text('description').notNull().default(''),
  /** 'guest-pass': the membership's guest passes, totalUses per frequency (migration 0040) */
  kind: text('kind').notNull().default('booking').$type<'booking' | 'guest-pass'>(),
  // what the benefit pays for at booking, and how much of the price (migration 0038)
  covers: jsonb('covers').notNull().default({}).$type<BenefitCovers>(),
  discountPercent: integer('discount_percent').notNull().default(100),
});

/** The activity and category keys a benefit pays for (decision 0048). */
export interface BenefitCovers {
  activities?: string[];
  categories?: string[];
}

export const paymentOptions = pgTable('payment_options', {
  id: serial('id').primaryKey(),
  membershipTypeId: integer('membership_type_id')
    .notNull()
    .references(() => membershipTypes.id),
  key: text('key').notNull(),
  paymentType: text('payment_type').notNull().$type<'recurring' | 'fixed'>(),
  pricePence: integer('price_pence').notNull(),
  joiningFeePence: integer('joining_fee_pence').notNull().default(0),
  fixedDuration: integer('fixed_duration'),
  fixedPeriod: text('fixed_period').$type<'day' | 'week' | 'month' | 'year'>(),
  takesMonthInHand: boolean('takes_month_in_hand').notNull().default(false),
  isPurchasable: boolean('is_purchasable').notNull().default(true),
  message: text('message'),
  promotionEnabled: boolean('promotion_enabled').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const customQuestions = pgTable('custom_questions', {
  id: serial('id').primaryKey(),
  membershipTypeId: integer('membership_type_id')
    .notNull()
    .references(() => membershipTypes.id, { onDelete: 'cascade' }),
  reference: text('reference').notNull(),
  groupTitle: text('group_title').notNull(),
  position: integer('position').notNull(),
  label: text('label').notNull(),
  type: text('type').notNull().$type<'text' | 'number' | 'select' | 'multi_select' | 'date' | 'checkbox'>(),
  placeholder: text('placeholder'),
  options: jsonb('options').$type<Record<string, string>>(),
  isRequired: boolean('is_required').notNull().default(false),
  defaultValue: text('default_value'),
});

export const terms = pgTable('terms', {
  id: serial('id').primaryKey(),
  operatorId: integer('operator_id')
    .notNull()
    .references(() => operators.id),
  key: text('key').notNull(),
  kind: text('kind').notNull().$type<'direct_debit' | 'health_commitment' | 'membership'>(),
  membershipTypeId: integer('membership_type_id').references(() => membershipTypes.id, {
    onDelete: 'cascade',
  }),
  title: text('title').notNull(),
  html: text('html').notNull(),
});

export const promotions = pgTable('promotions', {
  id: serial('id').primaryKey(),
  operatorId: integer('operator_id')
    .notNull()
    .references(() => operators.id),
  code: text('code').notNull(),
  kind: text('kind').notNull().$type<'percent' | 'amount'>(),
  value: integer('value').notNull(),
  appliesTo: text('applies_to')
    .array()
    .notNull()
    .$type<('joining_fee' | 'pro_rata' | 'month_in_hand' | 'fixed_price')[]>(),
  validFrom: date('valid_from', { mode: 'string' }),
  validTo: date('valid_to', { mode: 'string' }),
  membershipTypeIds: integer('membership_type_ids').array(),
  maxRedemptions: integer('max_redemptions'),
  oncePerCustomer: boolean('once_per_customer').notNull().default(false),
  redemptionCount: integer('redemption_count').notNull().default(0),
});

export const promotionRedemptions = pgTable('promotion_redemptions', {
  id: serial('id').primaryKey(),
  promotionId: integer('promotion_id')
    .notNull()
    .references(() => promotions.id),
  orderReference: text('order_reference').notNull(),
  customerReference: text('customer_reference'),
  oncePerCustomer: boolean('once_per_customer').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- Customers and sessions (migration 0003) ----

// The desk's search indexes (migration 0049: lido_fold of the names, lower(email), postcode without
// spaces) are expression indexes drizzle cannot spell; desk-customers.repository.ts must match them.
export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  operatorId: integer('operator_id')
    .notNull()
    .references(() => operators.id),
  reference: text('reference').notNull().unique(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  dateOfBirth: date('date_of_birth', { mode: 'string' }),
  phone: text('phone'),
  addressLineOne: text('address_line_one'),
  addressLineTwo: text('address_line_two'),
  town: text('town'),
  postcode: text('postcode'),
  homeVenueId: integer('home_venue_id').references(() => venues.id),
  hasOutstandingPenalties: boolean('has_outstanding_penalties').notNull().default(false),
  /**
   * Not written or read by this release: account credit is `accountCreditBalances` (migration
   * 0055). Kept one release, in step with it by triggers, for an instance still on the previous
   * release during a rolling deploy; dropped after.
   */
  creditBalancePence: integer('credit_balance_pence').notNull().default(0),
  hasDirectDebitInstruction: boolean('has_direct_debit_instruction').notNull().default(false),
  billingDay: integer('billing_day'),
  membershipDocumentUploadRequired: boolean('membership_document_upload_required').notNull().default(false),
  profilePhotoUrl: text('profile_photo_url'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // Family accounts (migration 0041): a dependant names the account holder who pays for it.
  accountHolderId: integer('account_holder_id').references((): AnyPgColumn => customers.id, {
    onDelete: 'cascade',
  }),
  relationship: text('relationship').$type<'child' | 'partner' | 'other'>(),
  removedFromFamilyAt: timestamp('removed_from_family_at', { withTimezone: true }),
  /** the language they chose (migration 0077, decision 0108): what they are sent is in it */
  language: text('language').$type<'en' | 'cy'>().notNull().default('en'),
});

/** A customer's account credit (migration 0055): the account-credit module's, no row is none. */
export const accountCreditBalances = pgTable('account_credit_balances', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  balancePence: integer('balance_pence').notNull(),
});

export const sessions = pgTable('sessions', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  kiosk: boolean('kiosk').notNull().default(false),
});

export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

// ---- Customer memberships (migration 0005) ----

export const customerMemberships = pgTable('customer_memberships', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  membershipTypeId: integer('membership_type_id')
    .notNull()
    .references(() => membershipTypes.id),
  paymentOptionId: integer('payment_option_id')
    .notNull()
    .references(() => paymentOptions.id),
  homeVenueId: integer('home_venue_id')
    .notNull()
    .references(() => venues.id),
  status: text('status')
    .notNull()
    .$type<'pending' | 'pending_eligibility' | 'active' | 'ended' | 'cancelled'>(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }),
  billingDay: integer('billing_day'),
  pricePence: integer('price_pence').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  orderId: integer('order_id').references(() => orders.id),
  paymentProblem: text('payment_problem').$type<PaymentProblem>(),
  // a cancellation the member asked for (migration 0027); the membership runs to end_date
  cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
  cancelKind: text('cancel_kind').$type<'notice' | 'cooling_off'>(),
  cancelReason: text('cancel_reason'),
  // the refund of a cancellation in the cooling-off period (migration 0033)
  coolingOffRefundPence: integer('cooling_off_refund_pence'),
  coolingOffCardRefundPence: integer('cooling_off_card_refund_pence'),
  coolingOffCardRefundStatus: text('cooling_off_card_refund_status').$type<'pending' | 'done' | 'failed'>(),
});

export type MembershipEventKind =
  | 'joined'
  | 'changed'
  | 'renewed'
  | 'payment_collected'
  | 'payment_failed'
  | 'payment_recovered'
  | 'payment_retried'
  | 'bank_details_changed'
  | 'freeze_scheduled'
  | 'frozen'
  | 'freeze_ended'
  | 'cancel_requested'
  | 'cooled_off'
  | 'cancelled'
  | 'ended'
  | 'renewal_reminder_sent'
  | 'price_change_notified'
  | 'price_changed';

/** A membership's timeline; `dedupeKey` makes a repeated job or request record an event once. */
export const membershipEvents = pgTable('membership_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  customerMembershipId: integer('customer_membership_id')
    .notNull()
    .references(() => customerMemberships.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull().$type<MembershipEventKind>(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  amountPence: integer('amount_pence'),
  detail: jsonb('detail').notNull().default({}).$type<Record<string, unknown>>(),
  dedupeKey: text('dedupe_key').unique(),
});

/** A payment option's new price for the members holding it, from a date (migration 0037). */
export const membershipPriceChanges = pgTable('membership_price_changes', {
  id: serial('id').primaryKey(),
  paymentOptionId: integer('payment_option_id')
    .notNull()
    .references(() => paymentOptions.id),
  pricePence: integer('price_pence').notNull(),
  effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
  status: text('status').notNull().default('active').$type<'active' | 'withdrawn'>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One member's notice of a price change, and when the new price took over (migration 0037). */
export const membershipPriceNotices = pgTable('membership_price_notices', {
  id: serial('id').primaryKey(),
  priceChangeId: integer('price_change_id')
    .notNull()
    .references(() => membershipPriceChanges.id),
  customerMembershipId: integer('customer_membership_id')
    .notNull()
    .references(() => customerMemberships.id, { onDelete: 'cascade' }),
  oldPricePence: integer('old_price_pence').notNull(),
  newPricePence: integer('new_price_pence').notNull(),
  noticeDate: date('notice_date', { mode: 'string' }).notNull(),
  firstBillingDate: date('first_billing_date', { mode: 'string' }).notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A freeze of whole months, [startsOn, endsOn). */
export const membershipFreezes = pgTable('membership_freezes', {
  id: serial('id').primaryKey(),
  customerMembershipId: integer('customer_membership_id')
    .notNull()
    .references(() => customerMemberships.id, { onDelete: 'cascade' }),
  startsOn: date('starts_on', { mode: 'string' }).notNull(),
  endsOn: date('ends_on', { mode: 'string' }).notNull(),
  monthlyFeePence: integer('monthly_fee_pence').notNull().default(0),
  status: text('status')
    .notNull()
    .default('scheduled')
    .$type<'scheduled' | 'active' | 'completed' | 'ended_early' | 'withdrawn'>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  endedEarlyOn: date('ended_early_on', { mode: 'string' }),
});

export type PaymentProblem =
  'mandate_failed' | 'mandate_cancelled' | 'mandate_expired' | 'payment_failed' | 'payment_charged_back';

export const questionAnswers = pgTable('question_answers', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  membershipTypeId: integer('membership_type_id')
    .notNull()
    .references(() => membershipTypes.id),
  questionId: integer('question_id')
    .notNull()
    .references(() => customQuestions.id, { onDelete: 'cascade' }),
  answer: jsonb('answer').notNull().$type<string | number | boolean | string[]>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- Packages, bookings and guest passes (migration 0007) ----

export const customerPackages = pgTable('customer_packages', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  venueId: integer('venue_id')
    .notNull()
    .references(() => venues.id),
  name: text('name').notNull(),
  totalUses: integer('total_uses').notNull(),
  remainingUses: integer('remaining_uses').notNull(),
  expiresOn: date('expires_on', { mode: 'string' }).notNull(),
  // Bought online (migration 0039); seeded rows have none of these and cover nothing.
  packageTypeId: integer('package_type_id').references(() => packageTypes.id),
  covers: jsonb('covers').notNull().default({ categories: [], activities: [] }).$type<PackageCovers>(),
  orderId: integer('order_id').references(() => orders.id),
  boughtByLineId: integer('bought_by_line_id').unique(),
  purchasedAt: timestamp('purchased_at', { withTimezone: true }),
});

export const customerBookings = pgTable('customer_bookings', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  venueId: integer('venue_id')
    .notNull()
    .references(() => venues.id),
  activityName: text('activity_name').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  status: text('status').notNull().$type<'booked' | 'cancelled' | 'attended' | 'missed'>(),
  pricePence: integer('price_pence').notNull().default(0),
  // a real booking of a session (migration 0022); rows from before it have no session
  sessionId: integer('session_id').references(() => activitySessions.id),
  orderId: integer('order_id').references(() => orders.id),
  attendeeCustomerId: integer('attendee_customer_id').references(() => customers.id, { onDelete: 'cascade' }),
  priceId: integer('price_id').references(() => activityPrices.id),
  quantity: integer('quantity').notNull().default(1),
  locationName: text('location_name'),
  waiverAcceptedAt: timestamp('waiver_accepted_at', { withTimezone: true }),
  waiverAcceptedBy: integer('waiver_accepted_by').references(() => customers.id),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  refundPence: integer('refund_pence'),
  refundMethod: text('refund_method').$type<'credit' | 'card'>(),
  /** a card refund: claimed (pending) before the provider is called, then done or failed (migration 0025) */
  refundStatus: text('refund_status').$type<'pending' | 'done' | 'failed'>(),
  /** the card's share of the refund, and the job's retries of it (migration 0044) */
  refundCardPence: integer('refund_card_pence'),
  refundAttempts: integer('refund_attempts').notNull().default(0),
  refundTriedAt: timestamp('refund_tried_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** a guest brought with a guest pass, "First Last" (migration 0040) */
  guestName: text('guest_name'),
  // the membership benefit that paid for it, given back if it is cancelled (migration 0038)
  benefitUseId: integer('benefit_use_id').references(() => benefitUses.id, { onDelete: 'set null' }),
  /** cancelled by the centre (migration 0064, decision 0095): which cancellation, and its reason */
  centreCancellationId: integer('centre_cancellation_id').references(
    (): AnyPgColumn => centreCancellations.id,
  ),
  cancelReason: text('cancel_reason'),
  /** a note the customer gave when booking, at most 200 characters (migration 0069, decision 0101) */
  note: text('note'),
});

// ---- Orders (migration 0008) ----

export const orders = pgTable('orders', {
  id: serial('id').primaryKey(),
  reference: text('reference').notNull().unique(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id),
  venueId: integer('venue_id').references(() => venues.id),
  source: text('source').notNull().$type<'online-joining' | 'bookings' | 'front-of-house'>(),
  status: text('status').notNull().$type<'pending' | 'completed' | 'failed' | 'refunded'>(),
  currency: text('currency').notNull().default('GBP'),
  totalPence: integer('total_pence').notNull(),
  taxPence: integer('tax_pence').notNull().default(0),
  paymentMethod: text('payment_method'),
  cardLastFour: text('card_last_four'),
  /** the part of the total paid with account credit */
  creditPence: integer('credit_pence').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  // Taken at the front desk (migration 0048, decision 0056): by whom, the change given, the void.
  takenByStaffUserId: integer('taken_by_staff_user_id').references((): AnyPgColumn => staffUsers.id),
  changePence: integer('change_pence').notNull().default(0),
  voidedAt: timestamp('voided_at', { withTimezone: true }),
  voidedByStaffUserId: integer('voided_by_staff_user_id').references((): AnyPgColumn => staffUsers.id),
  voidReason: text('void_reason'),
});

export const orderItems = pgTable('order_items', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  itemType: text('item_type')
    .notNull()
    .$type<
      | 'membership'
      | 'booking'
      | 'package'
      | 'fee'
      | 'outstanding_balance'
      | 'penalty_fee'
      | 'course_enrolment'
    >(),
  description: text('description').notNull(),
  amountPence: integer('amount_pence').notNull(),
  details: jsonb('details').$type<OrderItemDetails | OutstandingBalanceDetails>(),
});

/** A failed Direct Debit collection paid by card (migration 0035): what the receipt says was paid. */
export interface OutstandingBalanceDetails {
  kind: 'outstanding_balance';
  collectionId: number;
  membershipId: number;
  membershipName: string;
  billingDate: string;
}

/** A membership line as it was priced at checkout (migration 0012). */
export interface OrderItemDetails {
  kind: Exclude<CartItemType, 'outstanding_balance'>;
  name: string;
  categories: string[];
  venueName: string;
  membershipTypeId: number;
  requiresEligibility: boolean;
  /** the priced facts, in pence and ISO dates (migration 0021): formatted only when answering */
  costs: PricedLine;
  change: PricedChange | null;
}

// ---- Saved cards (migration 0009) ----

export const savedCards = pgTable('saved_cards', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  providerReference: text('provider_reference').notNull(),
  cardType: text('card_type').notNull(),
  lastFourDigits: text('last_four_digits').notNull(),
  expiryMonth: integer('expiry_month').notNull(),
  expiryYear: integer('expiry_year').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  addressLine1: text('address_line_1').notNull(),
  addressLine2: text('address_line_2'),
  city: text('city').notNull(),
  postCode: text('post_code').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- Baskets (migration 0010) ----

export type CartStatus = 'open' | 'completing' | 'completed';
export type CartItemType =
  | 'membership'
  | 'membership_renewal'
  | 'membership_change'
  // a failed Direct Debit collection, paid by card (migration 0035)
  | 'outstanding_balance';

export const carts = pgTable('carts', {
  id: serial('id').primaryKey(),
  uuid: uuid('uuid').notNull().unique().defaultRandom(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  source: text('source')
    .notNull()
    .default('online-joining')
    .$type<'online-joining' | 'bookings' | 'front-of-house'>(),
  status: text('status').notNull().default('open').$type<CartStatus>(),
  completeOrderId: integer('complete_order_id').references(() => orders.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cartItems = pgTable('cart_items', {
  id: serial('id').primaryKey(),
  cartId: integer('cart_id')
    .notNull()
    .references(() => carts.id, { onDelete: 'cascade' }),
  itemType: text('item_type').notNull().$type<CartItemType>(),
  membershipTypeId: integer('membership_type_id')
    .notNull()
    .references(() => membershipTypes.id),
  paymentOptionId: integer('payment_option_id')
    .notNull()
    .references(() => paymentOptions.id),
  venueId: integer('venue_id')
    .notNull()
    .references(() => venues.id),
  purchasedForCustomerId: integer('purchased_for_customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  renewsMembershipId: integer('renews_membership_id').references(() => customerMemberships.id, {
    onDelete: 'cascade',
  }),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  billingDay: integer('billing_day'),
  promotionId: integer('promotion_id').references(() => promotions.id),
  changesMembershipId: integer('changes_membership_id').references(() => customerMemberships.id, {
    onDelete: 'cascade',
  }),
  description: text('description').notNull(),
  amountPence: integer('amount_pence').notNull(),
  // The line as priced, in pence and ISO dates (migration 0021); a change line also keeps the
  // prices it was quoted with.
  costs: jsonb('costs').notNull().$type<PricedLine & { change?: PricedChange }>(),
  // Terms accepted on the joining page for this line, not asked again at checkout (migration 0029).
  acceptedTermIds: integer('accepted_term_ids').array().notNull().default([]),
  // An 'outstanding_balance' line: the failed collection it pays (migration 0035), once per basket.
  recoversCollectionId: integer('recovers_collection_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- Card payment attempts (migration 0013) ----

export type PaymentAttemptStatus =
  | 'created'
  | 'pending_sca'
  | 'authorised'
  | 'failed'
  | 'completed'
  | 'voided'
  | 'refunded'
  | 'unknown'
  /** claimed by the one caller giving the money back (migration 0017) */
  | 'reversing'
  | 'needs_attention';

/** Only what a receipt shows and the provider's reusable reference: never a card number. */
export type PaymentAttemptBilling = BillingAddress;
export type PaymentAttemptCard = AuthorisedCard;

/**
 * A booking line as a card payment paid for it: if its hold is released before completion the
 * place is taken again from these facts (decision 0032).
 */
export interface PaidBookingLine {
  id: number;
  sessionId: number;
  priceId: number;
  purchasedForCustomerId: number;
  quantity: number;
  unitPricePence: number;
  amountPence: number;
  /** when the payer accepted the activity's waiver for this line (ISO), null when none was needed */
  waiverAcceptedAt: string | null;
  /** the package whose use paid for the line (decision 0049); absent on older attempts */
  packageId?: number | null;
  /** a guest's line (decision 0050): its pass went with the line if the hold lapsed */
  guestName?: string | null;
  /** the customer's note for the instructor (decision 0101); absent on older attempts */
  note?: string | null;
}

export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    uuid: uuid('uuid').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    cartId: integer('cart_id').references(() => carts.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    providerTxId: text('provider_tx_id'),
    vendorTxCode: text('vendor_tx_code').notNull().unique(),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('created').$type<PaymentAttemptStatus>(),
    saveCard: boolean('save_card').notNull().default(false),
    savedCardId: integer('saved_card_id').references(() => savedCards.id, { onDelete: 'set null' }),
    billing: jsonb('billing').notNull().$type<PaymentAttemptBilling>(),
    acceptedTermIds: jsonb('accepted_term_ids').notNull().default([]).$type<number[]>(),
    card: jsonb('card').$type<PaymentAttemptCard>(),
    error: jsonb('error').$type<{ code: string; message: string; details?: unknown }>(),
    orderId: integer('order_id')
      .unique()
      .references(() => orders.id),
    /** account credit spent with this card payment (the card pays amountPence, the rest of the total) */
    creditPence: integer('credit_pence').notNull().default(0),
    /**
     * What this payment paid for, per line kind (migration 0052, decision 0077): each kind's own
     * record under its name (a booking's lines with their accepted waivers), checked at completion.
     */
    paidLines: jsonb('paid_lines').notNull().default({}).$type<Record<string, unknown>>(),
    /**
     * No longer written or read (migration 0052 moved it into `paidLines`): kept one release so an
     * instance still running the old code during a rolling deploy works; dropped after.
     */
    bookingLines: jsonb('booking_lines').notNull().default([]).$type<PaidBookingLine[]>(),
    reconcileAttempts: integer('reconcile_attempts').notNull().default(0),
    /**
     * The waiting list's offer this payment books by itself, charging the saved card the customer
     * agreed to (migration 0047, decision 0054); null for a basket's payment. One per entry.
     */
    waitingListEntryId: integer('waiting_list_entry_id').references(
      (): AnyPgColumn => waitingListEntries.id,
      { onDelete: 'set null' },
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_attempts_waiting_list_entry')
      .on(table.waitingListEntryId)
      .where(sql`waiting_list_entry_id IS NOT NULL`),
  ],
);

/** Webhook events already applied, per provider (migration 0014). */
export const providerWebhookEvents = pgTable(
  'provider_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

// ---- Direct Debit (migration 0016) ----

export const cartDirectDebits = pgTable('cart_direct_debits', {
  cartId: integer('cart_id')
    .primaryKey()
    .references(() => carts.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  billingRequestId: text('billing_request_id').notNull(),
  accountHolder: text('account_holder').notNull(),
  accountNumberEnding: text('account_number_ending').notNull(),
  sortCodeEnding: text('sort_code_ending').notNull(),
  bankName: text('bank_name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const directDebitInstructions = pgTable(
  'direct_debit_instructions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id),
    provider: text('provider').notNull(),
    billingRequestId: text('billing_request_id').unique(),
    providerCustomerId: text('provider_customer_id'),
    providerBankAccountId: text('provider_bank_account_id'),
    mandateId: text('mandate_id').unique(),
    reference: text('reference'),
    status: text('status').notNull().default('setting_up'),
    accountHolder: text('account_holder').notNull(),
    accountNumberEnding: text('account_number_ending').notNull(),
    sortCodeEnding: text('sort_code_ending').notNull(),
    bankName: text('bank_name'),
    nextPossibleChargeDate: date('next_possible_charge_date', { mode: 'string' }),
    failureReason: text('failure_reason'),
    confirmationDueBy: date('confirmation_due_by', { mode: 'string' }).notNull(),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    setupAttempts: integer('setup_attempts').notNull().default(0),
    // new bank details online (migration 0036): the instruction this one replaces, the browser's
    // key for the change, and how far it has taken over
    replacesInstructionId: integer('replaces_instruction_id'),
    changeKey: text('change_key').unique(),
    takeover: text('takeover').$type<'waiting' | 'moved' | 'cancel_sent' | 'done'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // one live replacement per instruction: concurrent changes make one mandate (migration 0036)
    uniqueIndex('direct_debit_instructions_one_replacement')
      .on(table.replacesInstructionId)
      .where(
        sql`replaces_instruction_id IS NOT NULL AND status NOT IN ('failed', 'cancelled', 'expired', 'setup_failed', 'blocked', 'consumed')`,
      ),
  ],
);

export const directDebitCollections = pgTable(
  'direct_debit_collections',
  {
    id: serial('id').primaryKey(),
    instructionId: integer('instruction_id')
      .notNull()
      .references(() => directDebitInstructions.id, { onDelete: 'cascade' }),
    customerMembershipId: integer('customer_membership_id')
      .notNull()
      .references(() => customerMemberships.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    amountPence: integer('amount_pence').notNull(),
    billingDate: date('billing_date', { mode: 'string' }).notNull(),
    chargeDate: date('charge_date', { mode: 'string' }),
    paymentId: text('payment_id').unique(),
    status: text('status').notNull().default('scheduled'),
    failureReason: text('failure_reason'),
    noticeSentAt: timestamp('notice_sent_at', { withTimezone: true }),
    // the order whose card payment recovered this failed collection (migration 0035)
    recoveredOrderId: integer('recovered_order_id').references(() => orders.id),
    // a failed collection re-presented at most once (migration 0036)
    representation: text('representation').$type<'planned' | 'sent' | 'missed'>(),
    representOn: date('represent_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // one live collection per billing date: a replaced one is kept, cancelled (migration 0034)
    uniqueIndex('direct_debit_collections_one_live')
      .on(table.customerMembershipId, table.billingDate)
      .where(sql`status NOT IN ('cancelling', 'cancel_sent', 'cancelled')`),
  ],
);

/** Every email, written with what it reports and sent by a job on any instance (migration 0019). */
export const emailOutbox = pgTable('email_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body').notNull(),
  dedupeKey: text('dedupe_key').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  deliveredBy: text('delivered_by'),
  lastError: text('last_error'),
  /** files sent with the message, base64 (migration 0025) */
  attachments: jsonb('attachments').notNull().default([]).$type<EmailAttachment[]>(),
});

/** Codes typed and checked, by customer or browser (migration 0017): only these can be applied by id. */
export const promotionValidations = pgTable('promotion_validations', {
  id: serial('id').primaryKey(),
  promotionId: integer('promotion_id')
    .notNull()
    .references(() => promotions.id, { onDelete: 'cascade' }),
  customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
  /** a hash of the browser's promotion cookie */
  browserKey: text('browser_key'),
  validatedAt: timestamp('validated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- Activities, sessions and held places (migration 0022) ----

export const activityCategories = pgTable('activity_categories', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
});

export const activities = pgTable('activities', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  categoryId: integer('category_id')
    .notNull()
    .references(() => activityCategories.id),
  kind: text('kind').notNull().default('session').$type<'session' | 'facility'>(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  minAge: integer('min_age'),
  maxAge: integer('max_age'),
  waiverRequired: boolean('waiver_required').notNull().default(false),
  waiverText: text('waiver_text').notNull().default(''),
  cancellationCutoffMinutes: integer('cancellation_cutoff_minutes').notNull().default(120),
  active: boolean('active').notNull().default(true),
  /** the OpenActive Activity List concept the catalogue names (migration 0046) */
  openactiveActivityId: text('openactive_activity_id'),
  openactiveActivityLabel: text('openactive_activity_label'),
});

export type ActivityLocationKind = 'room' | 'studio' | 'pool' | 'court' | 'wall' | 'hall';

export const activityLocations = pgTable(
  'activity_locations',
  {
    id: serial('id').primaryKey(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id),
    key: text('key').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('room').$type<ActivityLocationKind>(),
  },
  (table) => [unique('activity_locations_key').on(table.venueId, table.key)],
);

export type PriceBand = 'adult' | 'junior' | 'concession' | 'member';

export const activityPrices = pgTable(
  'activity_prices',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    band: text('band').notNull().$type<PriceBand>(),
    pricePence: integer('price_pence').notNull(),
    bookingWindowDays: integer('booking_window_days').notNull(),
    /** left the catalogue file while a basket or booking names it: kept, but not shown or sold (0043) */
    retired: boolean('retired').notNull().default(false),
  },
  (table) => [unique('activity_prices_one_per_band').on(table.activityId, table.band)],
);

export const activitySchedules = pgTable('activity_schedules', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  activityId: integer('activity_id')
    .notNull()
    .references(() => activities.id, { onDelete: 'cascade' }),
  locationId: integer('location_id')
    .notNull()
    .references(() => activityLocations.id),
  /** 1 Monday … 7 Sunday */
  weekday: integer('weekday').notNull(),
  /** 'HH:MM:SS', the operator's local time */
  startTime: time('start_time').notNull(),
  durationMinutes: integer('duration_minutes').notNull(),
  capacity: integer('capacity').notNull(),
  instructor: text('instructor'),
  onlineBookingEnabled: boolean('online_booking_enabled').notNull().default(true),
  validFrom: date('valid_from', { mode: 'string' }),
  validTo: date('valid_to', { mode: 'string' }),
  active: boolean('active').notNull().default(true),
  /** the series' own booking rules; NULL is the activity's (migration 0068, decision 0100) */
  minAge: integer('min_age'),
  maxAge: integer('max_age'),
  waiverRequired: boolean('waiver_required'),
  waiverText: text('waiver_text'),
  cancellationCutoffMinutes: integer('cancellation_cutoff_minutes'),
  /** the series' own amount and booking window of some of its activity's bands (migration 0068) */
  prices: jsonb('prices').$type<{ band: PriceBand; pricePence: number; bookingWindowDays: number }[]>(),
});

export const activitySessions = pgTable(
  'activity_sessions',
  {
    id: serial('id').primaryKey(),
    scheduleId: integer('schedule_id').references(() => activitySchedules.id, { onDelete: 'set null' }),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => activityLocations.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull(),
    /** places held in baskets plus places booked; the database keeps it within capacity */
    taken: integer('taken').notNull().default(0),
    instructor: text('instructor'),
    onlineBookingEnabled: boolean('online_booking_enabled').notNull().default(true),
    cancelled: boolean('cancelled').notNull().default(false),
    /** a session set apart from its series when the series changed (migration 0061, decision 0092) */
    originScheduleId: integer('origin_schedule_id').references(() => activitySchedules.id, {
      onDelete: 'set null',
    }),
    /** RPDE's `modified`: a trigger gives every update the next number */
    feedModified: bigint('feed_modified', { mode: 'number' })
      .notNull()
      .default(sql`nextval('activity_feed_modified_seq')`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('activity_sessions_once_per_slot').on(table.scheduleId, table.locationId, table.startsAt),
  ],
);

/** A place held in a basket; its id shares the basket lines' sequence. */
export const cartBookingLines = pgTable('cart_booking_lines', {
  id: integer('id')
    .primaryKey()
    .default(sql`nextval('cart_items_id_seq')`),
  cartId: integer('cart_id')
    .notNull()
    .references(() => carts.id, { onDelete: 'cascade' }),
  sessionId: integer('session_id')
    .notNull()
    .references(() => activitySessions.id),
  priceId: integer('price_id')
    .notNull()
    .references(() => activityPrices.id),
  purchasedForCustomerId: integer('purchased_for_customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  quantity: integer('quantity').notNull().default(1),
  unitPricePence: integer('unit_price_pence').notNull(),
  amountPence: integer('amount_pence').notNull(),
  heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** the package use paying for this line (migration 0039): its amount is then 0 */
  packageUseId: integer('package_use_id').references(() => packageUses.id),
  /** a guest brought with a guest pass, "First Last" (migration 0040) */
  guestName: text('guest_name'),
  // the membership benefit paying for this line (migration 0038)
  benefitUseId: integer('benefit_use_id').references(() => benefitUses.id, { onDelete: 'set null' }),
  /** a note for the instructor, copied to the booking (migration 0069, decision 0101) */
  note: text('note'),
});

/**
 * A guest pass spent (migration 0040, decision 0050): held with its basket line (and deleted with
 * it), used once the booking is bought, returned when the booking is cancelled.
 */
export const guestPassUses = pgTable('guest_pass_uses', {
  id: serial('id').primaryKey(),
  customerMembershipId: integer('customer_membership_id')
    .notNull()
    .references(() => customerMemberships.id, { onDelete: 'cascade' }),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  sessionId: integer('session_id')
    .notNull()
    .references(() => activitySessions.id),
  visitDate: date('visit_date', { mode: 'string' }).notNull(),
  guestFirstName: text('guest_first_name').notNull(),
  guestLastName: text('guest_last_name').notNull(),
  status: text('status').notNull().default('held').$type<'held' | 'used' | 'returned'>(),
  cartLineId: integer('cart_line_id')
    .unique()
    .references(() => cartBookingLines.id, { onDelete: 'cascade' }),
  bookingId: integer('booking_id')
    .unique()
    .references(() => customerBookings.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  returnedAt: timestamp('returned_at', { withTimezone: true }),
});

// ---- Benefits applied at booking (migration 0038, decision 0048) ----

/** Uses of a counted benefit taken (held or spent) by a membership in one period. */
export const benefitUseCounts = pgTable(
  'benefit_use_counts',
  {
    customerMembershipId: integer('customer_membership_id')
      .notNull()
      .references(() => customerMemberships.id, { onDelete: 'cascade' }),
    benefitId: integer('benefit_id')
      .notNull()
      .references(() => membershipBenefits.id, { onDelete: 'cascade' }),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    used: integer('used').notNull(),
  },
  (table) => [primaryKey({ columns: [table.customerMembershipId, table.benefitId, table.periodStart] })],
);

/** One use of a benefit: held by a basket line, spent on a booking, or returned by its cancelling. */
export const benefitUses = pgTable('benefit_uses', {
  id: serial('id').primaryKey(),
  customerMembershipId: integer('customer_membership_id')
    .notNull()
    .references(() => customerMemberships.id, { onDelete: 'cascade' }),
  benefitId: integer('benefit_id')
    .notNull()
    .references(() => membershipBenefits.id, { onDelete: 'cascade' }),
  periodStart: date('period_start', { mode: 'string' }).notNull(),
  counted: boolean('counted').notNull(),
  discountPence: integer('discount_pence').notNull(),
  status: text('status').notNull().default('held').$type<'held' | 'spent' | 'returned'>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** OpenActive: one series per activity and venue, its `modified` kept current by triggers (migration 0026). */
export const openactiveSeries = pgTable(
  'openactive_series',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    modified: bigint('modified', { mode: 'number' })
      .notNull()
      .default(sql`nextval('activity_feed_modified_seq')`),
  },
  (table) => [unique('openactive_series_one_per_activity_venue').on(table.activityId, table.venueId)],
);

/** What an OpenActive feed still announces as deleted. */
export const openactiveDeletedItems = pgTable(
  'openactive_deleted_items',
  {
    feed: text('feed').notNull(),
    itemId: integer('item_id').notNull(),
    modified: bigint('modified', { mode: 'number' })
      .notNull()
      .default(sql`nextval('activity_feed_modified_seq')`),
  },
  (table) => [primaryKey({ columns: [table.feed, table.itemId] })],
);

/** The days a once-a-day job has done its work (migration 0031). */
export const jobDays = pgTable(
  'job_days',
  {
    job: text('job').notNull(),
    day: date('day').notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.job, table.day] })],
);

// ---- Packages sold and spent (migration 0039, decision 0049) ----

/** Which bookings a package pays for: activity category keys and activity keys. */
export interface PackageCovers {
  categories: string[];
  activities: string[];
}

export const packageTypes = pgTable(
  'package_types',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    totalUses: integer('total_uses').notNull(),
    validMonths: integer('valid_months').notNull(),
    pricePence: integer('price_pence').notNull(),
    covers: jsonb('covers').notNull().default({ categories: [], activities: [] }).$type<PackageCovers>(),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (table) => [unique('package_types_key').on(table.operatorId, table.key)],
);

export const packageTypeVenues = pgTable(
  'package_type_venues',
  {
    packageTypeId: integer('package_type_id')
      .notNull()
      .references(() => packageTypes.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.packageTypeId, table.venueId] })],
);

export const cartPackageLines = pgTable('cart_package_lines', {
  id: integer('id')
    .primaryKey()
    .default(sql`nextval('cart_items_id_seq')`),
  cartId: integer('cart_id')
    .notNull()
    .references(() => carts.id, { onDelete: 'cascade' }),
  packageTypeId: integer('package_type_id')
    .notNull()
    .references(() => packageTypes.id),
  venueId: integer('venue_id')
    .notNull()
    .references(() => venues.id),
  purchasedForCustomerId: integer('purchased_for_customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  pricePence: integer('price_pence').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PackageUseStatus = 'held' | 'spent' | 'returned' | 'removed' | 'lapsed' | 'kept';

export const packageUses = pgTable('package_uses', {
  id: serial('id').primaryKey(),
  customerPackageId: integer('customer_package_id')
    .notNull()
    .references(() => customerPackages.id, { onDelete: 'cascade' }),
  sessionId: integer('session_id')
    .notNull()
    .references(() => activitySessions.id),
  uses: integer('uses').notNull(),
  status: text('status').notNull().default('held').$type<PackageUseStatus>(),
  bookingId: integer('booking_id').references(() => customerBookings.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
});

// ---- The catalogue file as last imported (migration 0061, decision 0092) ----

export const catalogueFiles = pgTable('catalogue_files', {
  operatorId: integer('operator_id')
    .primaryKey()
    .references(() => operators.id),
  file: jsonb('file').notNull().$type<Record<string, unknown>>(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- Front-of-house staff (migration 0045) ----

export type StaffRole = 'desk' | 'supervisor' | 'manager';

export const staffUsers = pgTable(
  'staff_users',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    role: text('role').notNull().$type<StaffRole>(),
    passwordHash: text('password_hash').notNull(),
    currencySymbol: text('currency_symbol').notNull().default('£'),
    active: boolean('active').notNull().default(true),
    /** a manager's centres, by venue slug (migration 0060, decision 0092) */
    centres: text('centres')
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('staff_users_username').on(table.operatorId, sql`lower(${table.username})`)],
);

export const staffSessions = pgTable('staff_sessions', {
  id: serial('id').primaryKey(),
  staffUserId: integer('staff_user_id')
    .notNull()
    .references(() => staffUsers.id),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** Append-only: a trigger refuses every UPDATE and DELETE. */
export const staffAuditLog = pgTable('staff_audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  staffUserId: integer('staff_user_id').references(() => staffUsers.id),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
  customerId: integer('customer_id').references(() => customers.id),
  orderId: integer('order_id').references(() => orders.id),
  amountPence: integer('amount_pence'),
  details: jsonb('details').notNull().default({}).$type<Record<string, unknown>>(),
});

/** Where each staff member last logged in (migration 0051, decision 0070): the login limit spares these. */
export const staffLoginAddresses = pgTable(
  'staff_login_addresses',
  {
    staffUserId: integer('staff_user_id')
      .notNull()
      .references(() => staffUsers.id),
    address: text('address').notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.staffUserId, table.address] })],
);
/**
 * A place in a full session's waiting list (migration 0042, decision 0052): queued in id order; an
 * offered place stays counted in the session's `taken` until it is claimed, booked or passed on.
 */
export const waitingListEntries = pgTable(
  'waiting_list_entries',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => activitySessions.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    attendeeCustomerId: integer('attendee_customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    autoBook: boolean('auto_book').notNull().default(false),
    status: text('status')
      .notNull()
      .default('waiting')
      .$type<'waiting' | 'offered' | 'claimed' | 'booked' | 'expired' | 'left' | 'closed'>(),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    bookingId: integer('booking_id').references(() => customerBookings.id),
    /** the saved card the customer agreed may pay for an automatic booking (migration 0047) */
    payWithSavedCardId: integer('pay_with_saved_card_id').references(() => savedCards.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('waiting_list_entries_one_live')
      .on(table.sessionId, table.attendeeCustomerId)
      .where(sql`status IN ('waiting', 'offered')`),
  ],
);

// ---- Payments taken at the front desk (migration 0048, decision 0056) ----

export type DeskTenderType = 'cash' | 'offline-voucher' | 'cheque' | 'credit';

/** What paid a desk order: `amountPence` is its share of the total (cash less the change). */
export const orderTenders = pgTable('order_tenders', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  tenderType: text('tender_type').notNull().$type<DeskTenderType>(),
  amountPence: integer('amount_pence').notNull(),
  tenderedPence: integer('tendered_pence').notNull(),
  staffUserId: integer('staff_user_id')
    .notNull()
    .references(() => staffUsers.id),
  // A voucher's code, and the Lido voucher it names (migration 0050); what a void handed back.
  voucherCode: text('voucher_code'),
  voucherId: integer('voucher_id').references((): AnyPgColumn => vouchers.id),
  handedBackPence: integer('handed_back_pence').notNull().default(0),
  /** a part of a voucher or cheque cannot be handed back: it went back in cash */
  handedBackInCash: boolean('handed_back_in_cash').notNull().default(false),
});

/** A desk transaction's UUID, claimed once with what it asked for; `orderId` once it made one. */
export const deskPayments = pgTable('desk_payments', {
  transactionUuid: uuid('transaction_uuid').primaryKey(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id),
  staffUserId: integer('staff_user_id')
    .notNull()
    .references(() => staffUsers.id),
  tenders: jsonb('tenders').notNull().$type<{ tenderType: DeskTenderType; amount: number }[]>(),
  orderId: integer('order_id').references(() => orders.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- Refunds and vouchers (migration 0050, decision 0072) ----

export type OrderRefundKind = 'booking_cancelled' | 'membership_cooled_off' | 'void';

/** Every refund an order made, whoever made it: written under the order's row lock, never more than paid. */
export const orderRefunds = pgTable('order_refunds', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull().$type<OrderRefundKind>(),
  subjectId: integer('subject_id').notNull(),
  amountPence: integer('amount_pence').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/** A voucher the operator issued in Lido: spent down from its value, given back by a void. */
export const vouchers = pgTable('vouchers', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  valuePence: integer('value_pence').notNull(),
  balancePence: integer('balance_pence').notNull(),
  expiresOn: date('expires_on', { mode: 'string' }),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  issuedBy: text('issued_by').notNull(),
  note: text('note'),
});

// ---- Announced booking openings and their fair queue (migration 0062, decision 0094) ----

/** An opening gates the sessions it names: unbookable before `opensAt`, then by admission until `gateEndsAt`. */
export const bookingOpenings = pgTable('booking_openings', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  lobbyOpensAt: timestamp('lobby_opens_at', { withTimezone: true }).notNull(),
  opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
  gateEndsAt: timestamp('gate_ends_at', { withTimezone: true }).notNull(),
  activityId: integer('activity_id').references(() => activities.id),
  venueId: integer('venue_id').references(() => venues.id),
  sessionsFrom: date('sessions_from', { mode: 'string' }).notNull(),
  sessionsTo: date('sessions_to', { mode: 'string' }).notNull(),
  admitPerSecond: doublePrecision('admit_per_second').notNull().default(5),
  admitCredit: doublePrecision('admit_credit').notNull().default(0),
  tickedAt: timestamp('ticked_at', { withTimezone: true }),
  idleSeconds: integer('idle_seconds').notNull().default(180),
  /** the catalogue's name for it (migration 0067) */
  key: text('key').notNull().unique(),
  /** the operator's ceiling on admissions a minute (migration 0067) */
  letInPerMinute: integer('let_in_per_minute'),
});

/** A customer asked to be emailed when an opening's waiting room opens (migration 0067). */
export const openingReminders = pgTable(
  'opening_reminders',
  {
    openingId: integer('opening_id')
      .notNull()
      .references(() => bookingOpenings.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.openingId, table.customerId] })],
);

/** A customer's place in an opening's queue: a random ticket before the opening, arrival time after. */
export const openingQueueEntries = pgTable(
  'opening_queue_entries',
  {
    openingId: integer('opening_id')
      .notNull()
      .references(() => bookingOpenings.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    ticket: doublePrecision('ticket').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    admittedAt: timestamp('admitted_at', { withTimezone: true }),
    activeUntil: timestamp('active_until', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.openingId, table.customerId] })],
);

/** Each instance's recent add-to-basket times for gated sessions, read by whichever instance ticks. */
export const openingLoadReports = pgTable('opening_load_reports', {
  instanceId: text('instance_id').primaryKey(),
  reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
  adds: integer('adds').notNull(),
  p95Ms: integer('p95_ms').notNull(),
});

/** Places the release job took back from a basket while its customer was away (migration 0063). */
export const cartLapsedLines = pgTable(
  'cart_lapsed_lines',
  {
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    lineId: integer('line_id').notNull(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => activitySessions.id, { onDelete: 'cascade' }),
    lapsedAt: timestamp('lapsed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.cartId, table.lineId] })],
);

/** Who came to a booked session, from a register or a check-in (migration 0065): the registers module's. */
export const bookingAttendance = pgTable('booking_attendance', {
  bookingId: integer('booking_id')
    .primaryKey()
    .references(() => customerBookings.id, { onDelete: 'cascade' }),
  status: text('status').notNull().$type<'attended' | 'no-show'>(),
  source: text('source').notNull().$type<'register' | 'check-in'>(),
  markedBy: integer('marked_by').references(() => staffUsers.id),
  markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A no-show's or a late cancellation's strike, one per booking (migration 0065): the registers module's. */
export const bookingStrikes = pgTable(
  'booking_strikes',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => customerBookings.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().$type<'no-show' | 'late-cancel'>(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: integer('removed_by').references(() => staffUsers.id),
    removedReason: text('removed_reason'),
  },
  (table) => [unique('booking_strikes_one_per_booking').on(table.bookingId)],
);

/** A customer's membership card (migration 0066, decision 0097): the QR code's random code. */
export const membershipCards = pgTable('membership_cards', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  replacedCount: integer('replaced_count').notNull().default(0),
});

export type DoorState = 'valid' | 'frozen' | 'ended' | 'overdue' | 'none';

/** A check-in at the desk, once per scan (migration 0066, decision 0097). */
export const checkIns = pgTable('check_ins', {
  id: serial('id').primaryKey(),
  scanId: uuid('scan_id').notNull().unique(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  staffUserId: integer('staff_user_id')
    .notNull()
    .references(() => staffUsers.id),
  method: text('method').notNull().$type<'card' | 'customer-id'>(),
  door: text('door').notNull().$type<DoorState>(),
  mayComeIn: boolean('may_come_in').notNull(),
  membershipId: integer('membership_id').references(() => customerMemberships.id, { onDelete: 'set null' }),
  bookingsAttended: integer('bookings_attended')
    .array()
    .notNull()
    .default(sql`'{}'`),
  checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Sessions a manager cancelled, one row per confirmed cancellation (migration 0064, decision 0095). */
export const centreCancellations = pgTable('centre_cancellations', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  staffUserId: integer('staff_user_id')
    .notNull()
    .references(() => staffUsers.id),
  venueId: integer('venue_id')
    .notNull()
    .references(() => venues.id),
  sessionIds: integer('session_ids').array().notNull(),
  reason: text('reason').notNull(),
  waitingListTold: integer('waiting_list_told').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** A skipped stretch of a course's weeks (migration 0074): a half-term, a closure. */
export interface CourseSkip {
  from: string;
  to: string;
}

/** A lesson programme and its levels (migration 0074, decision 0105): written by the courses module. */
export const courseProgrammes = pgTable(
  'course_programmes',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    whichLevel: text('which_level').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (table) => [unique('course_programmes_key').on(table.operatorId, table.key)],
);

export const courseLevels = pgTable(
  'course_levels',
  {
    id: serial('id').primaryKey(),
    programmeId: integer('programme_id')
      .notNull()
      .references(() => courseProgrammes.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    whoFor: text('who_for').notNull().default(''),
    outcomes: jsonb('outcomes').notNull().default([]).$type<string[]>(),
    active: boolean('active').notNull().default(true),
  },
  (table) => [unique('course_levels_key').on(table.programmeId, table.key)],
);

export const courseTerms = pgTable(
  'course_terms',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    skips: jsonb('skips').notNull().default([]).$type<CourseSkip[]>(),
    releasesAt: timestamp('releases_at', { withTimezone: true }).notNull(),
    active: boolean('active').notNull().default(true),
  },
  (table) => [unique('course_terms_key').on(table.operatorId, table.key)],
);

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name'),
    levelId: integer('level_id')
      .notNull()
      .references(() => courseLevels.id),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => activityLocations.id),
    /** ISO weekday, 1 Monday … 7 Sunday */
    weekday: integer('weekday').notNull(),
    startsAt: time('starts_at').notNull(),
    endsAt: time('ends_at').notNull(),
    minAge: integer('min_age'),
    maxAge: integer('max_age'),
    agesOn: date('ages_on', { mode: 'string' }),
    capacity: integer('capacity').notNull(),
    teacher: text('teacher').notNull().default(''),
    termId: integer('term_id').references(() => courseTerms.id),
    startsOn: date('starts_on', { mode: 'string' }),
    skips: jsonb('skips').notNull().default([]).$type<CourseSkip[]>(),
    pricing: text('pricing').notNull().$type<'term' | 'monthly'>(),
    pricePence: integer('price_pence').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (table) => [unique('courses_key').on(table.operatorId, table.key)],
);

/** A pupil's place in a course (migration 0074): empty until enrolling is built. */
export const courseEnrolments = pgTable('course_enrolments', {
  id: serial('id').primaryKey(),
  courseId: integer('course_id')
    .notNull()
    .references(() => courses.id),
  pupilCustomerId: integer('pupil_customer_id')
    .notNull()
    .references(() => customers.id),
  status: text('status').notNull().default('active').$type<'active' | 'withdrawn'>(),
  firstLessonOn: date('first_lesson_on', { mode: 'string' }).notNull(),
  enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  // the order that made it and what it paid (migration 0076, decision 0109)
  orderId: integer('order_id').references(() => orders.id),
  amountPence: integer('amount_pence'),
});
