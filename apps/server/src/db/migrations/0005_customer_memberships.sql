-- The memberships customers hold. Joining (issue 6) writes them; the account site reads them.
CREATE TABLE customer_memberships (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  membership_type_id integer NOT NULL REFERENCES membership_types (id),
  payment_option_id integer NOT NULL REFERENCES payment_options (id),
  home_venue_id integer NOT NULL REFERENCES venues (id),
  status text NOT NULL,
  start_date date NOT NULL,
  end_date date,
  billing_day integer,
  price_pence integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT customer_memberships_status CHECK (status IN ('pending', 'pending_eligibility', 'active', 'ended', 'cancelled')),
  CONSTRAINT customer_memberships_dates CHECK (end_date IS NULL OR end_date >= start_date),
  CONSTRAINT customer_memberships_billing_day CHECK (billing_day IS NULL OR billing_day BETWEEN 1 AND 28),
  CONSTRAINT customer_memberships_price CHECK (price_pence >= 0)
);
CREATE INDEX customer_memberships_customer_idx ON customer_memberships (customer_id);
