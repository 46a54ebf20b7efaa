-- Customer accounts, server-side sessions, password reset tokens and abuse-limit counters.
CREATE TABLE customers (
  id serial PRIMARY KEY,
  operator_id integer NOT NULL REFERENCES operators (id),
  reference text NOT NULL UNIQUE,
  email text NOT NULL,
  password_hash text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  date_of_birth date,
  phone text,
  address_line_one text,
  address_line_two text,
  town text,
  postcode text,
  home_venue_id integer REFERENCES venues (id),
  has_outstanding_penalties boolean NOT NULL DEFAULT false,
  credit_balance_pence integer NOT NULL DEFAULT 0,
  has_direct_debit_instruction boolean NOT NULL DEFAULT false,
  billing_day integer,
  membership_document_upload_required boolean NOT NULL DEFAULT false,
  profile_photo_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT customers_reference_format CHECK (reference ~ '^C[0-9]{6,}$'),
  CONSTRAINT customers_email_lower CHECK (email = lower(email)),
  CONSTRAINT customers_billing_day CHECK (billing_day IS NULL OR billing_day BETWEEN 1 AND 28)
);
-- Several accounts may share one email (a parent and their children): not unique on purpose.
CREATE INDEX customers_email_idx ON customers (operator_id, email);
CREATE SEQUENCE customer_reference_seq START 100100;

CREATE TABLE sessions (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  -- SHA-256 of the opaque token: a leaked table does not give working cookies.
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  kiosk boolean NOT NULL DEFAULT false
);
CREATE INDEX sessions_customer_idx ON sessions (customer_id);

CREATE TABLE rate_limit_hits (
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL DEFAULT 0,
  PRIMARY KEY (key, window_start)
);
