-- The membership catalogue, managed by operators through catalogue files (npm run catalogue:import).
CREATE TABLE membership_categories (
  id serial PRIMARY KEY,
  operator_id integer NOT NULL REFERENCES operators (id),
  key text NOT NULL,
  name text NOT NULL,
  CONSTRAINT membership_categories_key UNIQUE (operator_id, key)
);

CREATE TABLE eligibility_rules (
  id serial PRIMARY KEY,
  operator_id integer NOT NULL REFERENCES operators (id),
  key text NOT NULL,
  name text NOT NULL,
  kind text NOT NULL,
  min_age integer,
  max_age integer,
  description text NOT NULL DEFAULT '',
  CONSTRAINT eligibility_rules_key UNIQUE (operator_id, key),
  CONSTRAINT eligibility_rules_kind CHECK (kind IN ('age', 'proof')),
  CONSTRAINT eligibility_rules_ages CHECK (
    (kind = 'age' AND (min_age IS NOT NULL OR max_age IS NOT NULL)) OR (kind = 'proof' AND min_age IS NULL AND max_age IS NULL)
  )
);

CREATE TABLE membership_types (
  id serial PRIMARY KEY,
  operator_id integer NOT NULL REFERENCES operators (id),
  slug text NOT NULL,
  name text NOT NULL,
  description_html text NOT NULL DEFAULT '',
  coverage text NOT NULL,
  eligibility_rule_id integer REFERENCES eligibility_rules (id),
  sort_order integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  CONSTRAINT membership_types_slug UNIQUE (operator_id, slug),
  CONSTRAINT membership_types_slug_format CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  CONSTRAINT membership_types_coverage CHECK (coverage IN ('national', 'venues'))
);

CREATE TABLE membership_type_categories (
  membership_type_id integer NOT NULL REFERENCES membership_types (id) ON DELETE CASCADE,
  category_id integer NOT NULL REFERENCES membership_categories (id),
  PRIMARY KEY (membership_type_id, category_id)
);

-- For coverage 'venues': the centres the membership gives access to (and is sold at).
CREATE TABLE membership_type_venues (
  membership_type_id integer NOT NULL REFERENCES membership_types (id) ON DELETE CASCADE,
  venue_id integer NOT NULL REFERENCES venues (id),
  PRIMARY KEY (membership_type_id, venue_id)
);

CREATE TABLE membership_benefits (
  id serial PRIMARY KEY,
  membership_type_id integer NOT NULL REFERENCES membership_types (id) ON DELETE CASCADE,
  position integer NOT NULL,
  name text NOT NULL,
  total_uses integer,
  frequency text,
  description text NOT NULL DEFAULT '',
  CONSTRAINT membership_benefits_position UNIQUE (membership_type_id, position),
  CONSTRAINT membership_benefits_uses CHECK (total_uses IS NULL OR total_uses > 0),
  CONSTRAINT membership_benefits_frequency CHECK (frequency IS NULL OR frequency IN ('day', 'week', 'month', 'year'))
);

CREATE TABLE payment_options (
  id serial PRIMARY KEY,
  membership_type_id integer NOT NULL REFERENCES membership_types (id),
  key text NOT NULL,
  payment_type text NOT NULL,
  price_pence integer NOT NULL,
  joining_fee_pence integer NOT NULL DEFAULT 0,
  fixed_duration integer,
  fixed_period text,
  takes_month_in_hand boolean NOT NULL DEFAULT false,
  is_purchasable boolean NOT NULL DEFAULT true,
  message text,
  promotion_enabled boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  CONSTRAINT payment_options_key UNIQUE (membership_type_id, key),
  CONSTRAINT payment_options_type CHECK (payment_type IN ('recurring', 'fixed')),
  CONSTRAINT payment_options_money CHECK (price_pence >= 0 AND joining_fee_pence >= 0),
  CONSTRAINT payment_options_fixed CHECK (
    (payment_type = 'fixed' AND fixed_duration > 0 AND fixed_period IN ('day', 'week', 'month', 'year') AND NOT takes_month_in_hand)
    OR (payment_type = 'recurring' AND fixed_duration IS NULL AND fixed_period IS NULL)
  )
);

CREATE TABLE custom_questions (
  id serial PRIMARY KEY,
  membership_type_id integer NOT NULL REFERENCES membership_types (id) ON DELETE CASCADE,
  reference text NOT NULL,
  group_title text NOT NULL,
  position integer NOT NULL,
  label text NOT NULL,
  type text NOT NULL,
  placeholder text,
  options jsonb,
  is_required boolean NOT NULL DEFAULT false,
  default_value text,
  CONSTRAINT custom_questions_reference UNIQUE (membership_type_id, reference),
  CONSTRAINT custom_questions_type CHECK (type IN ('text', 'number', 'select', 'multi_select', 'date', 'checkbox'))
);

CREATE TABLE terms (
  id serial PRIMARY KEY,
  operator_id integer NOT NULL REFERENCES operators (id),
  key text NOT NULL,
  kind text NOT NULL,
  membership_type_id integer REFERENCES membership_types (id) ON DELETE CASCADE,
  title text NOT NULL,
  html text NOT NULL,
  CONSTRAINT terms_key UNIQUE (operator_id, key),
  CONSTRAINT terms_kind CHECK (kind IN ('direct_debit', 'health_commitment', 'membership'))
);

CREATE TABLE promotions (
  id serial PRIMARY KEY,
  operator_id integer NOT NULL REFERENCES operators (id),
  code text NOT NULL,
  kind text NOT NULL,
  value integer NOT NULL,
  applies_to text[] NOT NULL,
  valid_from date,
  valid_to date,
  membership_type_ids integer[],
  max_redemptions integer,
  once_per_customer boolean NOT NULL DEFAULT false,
  redemption_count integer NOT NULL DEFAULT 0,
  CONSTRAINT promotions_kind CHECK (kind IN ('percent', 'amount')),
  CONSTRAINT promotions_value CHECK (value > 0 AND (kind <> 'percent' OR value <= 100)),
  CONSTRAINT promotions_applies_to CHECK (
    cardinality(applies_to) > 0 AND applies_to <@ ARRAY['joining_fee', 'pro_rata', 'month_in_hand', 'fixed_price']::text[]
  ),
  CONSTRAINT promotions_dates CHECK (valid_from IS NULL OR valid_to IS NULL OR valid_from <= valid_to),
  CONSTRAINT promotions_limit CHECK (max_redemptions IS NULL OR (max_redemptions > 0 AND redemption_count <= max_redemptions))
);
-- Codes are matched without regard to case.
CREATE UNIQUE INDEX promotions_code ON promotions (operator_id, upper(code));

CREATE TABLE promotion_redemptions (
  id serial PRIMARY KEY,
  promotion_id integer NOT NULL REFERENCES promotions (id),
  order_reference text NOT NULL,
  customer_reference text,
  -- copied from the promotion when redeemed, so the once-per-customer rule is a unique index
  once_per_customer boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT promotion_redemptions_order UNIQUE (promotion_id, order_reference)
);
CREATE UNIQUE INDEX promotion_redemptions_once ON promotion_redemptions (promotion_id, customer_reference)
  WHERE once_per_customer AND customer_reference IS NOT NULL;
