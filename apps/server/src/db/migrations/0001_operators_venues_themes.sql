-- The demo operator, its centres and their themes.
CREATE TABLE operators (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  customer_service_email text NOT NULL,
  currency text NOT NULL DEFAULT 'GBP',
  online_joining_enabled boolean NOT NULL DEFAULT true,
  online_joining_map_enabled boolean NOT NULL DEFAULT true,
  online_guest_passes_enabled boolean NOT NULL DEFAULT false,
  collect_direct_debit_billing_address boolean NOT NULL DEFAULT false,
  direct_debit_provider text NOT NULL DEFAULT 'go_cardless',
  direct_debit_service_user_name text NOT NULL,
  available_billing_dates integer[] NOT NULL DEFAULT '{1,15}'::integer[],
  saved_cards_enabled boolean NOT NULL DEFAULT true,
  footer_html text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT operators_currency_code CHECK (currency ~ '^[A-Z]{3}$'),
  CONSTRAINT operators_billing_dates_range CHECK (available_billing_dates <@ ARRAY[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28])
);

CREATE TABLE venues (
  id serial PRIMARY KEY,
  operator_id integer NOT NULL REFERENCES operators (id),
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  address1 text NOT NULL,
  address2 text,
  town text NOT NULL,
  postcode text NOT NULL,
  lat double precision NOT NULL,
  lng double precision NOT NULL,
  place_type text NOT NULL,
  can_display_ineligible_memberships boolean NOT NULL DEFAULT false,
  display_venue_selection_button boolean NOT NULL DEFAULT true,
  activities_v2_enabled boolean NOT NULL DEFAULT true,
  footer_html text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT venues_slug_format CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  CONSTRAINT venues_lat_range CHECK (lat BETWEEN -90 AND 90),
  CONSTRAINT venues_lng_range CHECK (lng BETWEEN -180 AND 180)
);
CREATE INDEX venues_operator_idx ON venues (operator_id);

CREATE TABLE themes (
  id serial PRIMARY KEY,
  operator_id integer NOT NULL REFERENCES operators (id),
  venue_id integer REFERENCES venues (id),
  logo_url text,
  primary_colour text,
  secondary_colour_1 text,
  secondary_colour_2 text,
  dark_bg_colour text,
  header_bg_colour text,
  header_text_colour text,
  body_font text,
  heading_font text,
  secondary_button_style text,
  CONSTRAINT themes_fonts CHECK (
    (body_font IS NULL OR body_font IN ('garage_gothic', 'lato', 'open_sans', 'roboto'))
    AND (heading_font IS NULL OR heading_font IN ('garage_gothic', 'lato', 'open_sans', 'roboto'))
  ),
  CONSTRAINT themes_button_style CHECK (secondary_button_style IS NULL OR secondary_button_style IN ('solid', 'outline'))
);
CREATE UNIQUE INDEX themes_operator_default_unique ON themes (operator_id) WHERE venue_id IS NULL;
CREATE UNIQUE INDEX themes_venue_unique ON themes (venue_id);
