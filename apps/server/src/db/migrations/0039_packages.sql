-- Issue 18 item 2 (decision 0049): packages sold through the basket and spent on bookings.

-- What the operator sells: a number of uses, valid for some months from purchase, covering
-- bookings of the listed activity categories and/or activities, sold at the listed centres.
CREATE TABLE package_types (
  id serial PRIMARY KEY,
  operator_id integer NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  key text NOT NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  total_uses integer NOT NULL,
  valid_months integer NOT NULL,
  price_pence integer NOT NULL,
  covers jsonb NOT NULL DEFAULT '{"categories": [], "activities": []}',
  sort_order integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  CONSTRAINT package_types_key UNIQUE (operator_id, key),
  CONSTRAINT package_types_uses CHECK (total_uses BETWEEN 1 AND 200),
  CONSTRAINT package_types_months CHECK (valid_months BETWEEN 1 AND 36),
  CONSTRAINT package_types_price CHECK (price_pence >= 0)
);

CREATE TABLE package_type_venues (
  package_type_id integer NOT NULL REFERENCES package_types (id) ON DELETE CASCADE,
  venue_id integer NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
  PRIMARY KEY (package_type_id, venue_id)
);

-- Catalogue tables move the catalogue's version (migration 0028, decision 0038).
CREATE TRIGGER package_types_bumps_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON package_types FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
CREATE TRIGGER package_type_venues_bumps_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON package_type_venues FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();

-- A package in the basket, bought for the attendee at one centre. Ids come from the basket's
-- shared sequence, so a basket item id names one line of any kind.
CREATE TABLE cart_package_lines (
  id integer PRIMARY KEY DEFAULT nextval('cart_items_id_seq'),
  cart_id integer NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  package_type_id integer NOT NULL REFERENCES package_types (id),
  venue_id integer NOT NULL REFERENCES venues (id),
  purchased_for_customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  price_pence integer NOT NULL CHECK (price_pence >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cart_package_lines_cart_idx ON cart_package_lines (cart_id);

-- A bought package remembers what it covers as sold, and the basket line it was bought by:
-- unique, so a repeated completion can never make a second package.
ALTER TABLE customer_packages
  ADD COLUMN package_type_id integer REFERENCES package_types (id),
  ADD COLUMN covers jsonb NOT NULL DEFAULT '{"categories": [], "activities": []}',
  ADD COLUMN order_id integer REFERENCES orders (id),
  ADD COLUMN bought_by_line_id integer UNIQUE,
  ADD COLUMN purchased_at timestamptz;

-- Each use of a package: held by a basket line, spent by a booking, or returned (the hold
-- removed or lapsed, or the booking cancelled). `uses` is the line's number of places.
CREATE TABLE package_uses (
  id serial PRIMARY KEY,
  customer_package_id integer NOT NULL REFERENCES customer_packages (id) ON DELETE CASCADE,
  session_id integer NOT NULL REFERENCES activity_sessions (id),
  uses integer NOT NULL CHECK (uses BETWEEN 1 AND 10),
  status text NOT NULL DEFAULT 'held',
  booking_id integer REFERENCES customer_bookings (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  CONSTRAINT package_uses_status CHECK (status IN ('held', 'spent', 'returned', 'removed', 'lapsed', 'kept'))
);
CREATE INDEX package_uses_package_idx ON package_uses (customer_package_id, created_at);
CREATE UNIQUE INDEX package_uses_booking_idx ON package_uses (booking_id) WHERE booking_id IS NOT NULL;

ALTER TABLE cart_booking_lines ADD COLUMN package_use_id integer REFERENCES package_uses (id);
-- A line paid by a package costs nothing; the price stays on the line for when it is taken off.
-- 0038's cart_booking_lines_amount (from nothing up to the places' price) already allows both a
-- benefit-discounted line and a package-paid one, so it stays as it is. A line is paid by a
-- benefit or by a package, never by both (issue 18: a covering benefit first, else a package).
ALTER TABLE cart_booking_lines ADD CONSTRAINT cart_booking_lines_package_free
  CHECK (package_use_id IS NULL OR amount_pence = 0);
ALTER TABLE cart_booking_lines ADD CONSTRAINT cart_booking_lines_one_allowance
  CHECK (package_use_id IS NULL OR benefit_use_id IS NULL);
