-- What a customer holds besides memberships, as the account site shows it.
CREATE TABLE customer_packages (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  venue_id integer NOT NULL REFERENCES venues (id),
  name text NOT NULL,
  total_uses integer NOT NULL,
  remaining_uses integer NOT NULL,
  expires_on date NOT NULL,
  CONSTRAINT customer_packages_uses CHECK (total_uses > 0 AND remaining_uses BETWEEN 0 AND total_uses)
);
CREATE INDEX customer_packages_customer_idx ON customer_packages (customer_id);

CREATE TABLE customer_bookings (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  venue_id integer NOT NULL REFERENCES venues (id),
  activity_name text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  status text NOT NULL,
  price_pence integer NOT NULL DEFAULT 0,
  CONSTRAINT customer_bookings_status CHECK (status IN ('booked', 'cancelled', 'attended', 'missed')),
  CONSTRAINT customer_bookings_times CHECK (ends_at > starts_at),
  CONSTRAINT customer_bookings_price CHECK (price_pence >= 0)
);
CREATE INDEX customer_bookings_customer_idx ON customer_bookings (customer_id, starts_at);

CREATE TABLE guest_passes (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  venue_id integer NOT NULL REFERENCES venues (id),
  valid_from date NOT NULL,
  valid_to date NOT NULL,
  used_on date,
  CONSTRAINT guest_passes_dates CHECK (valid_to >= valid_from)
);
CREATE INDEX guest_passes_customer_idx ON guest_passes (customer_id);
