-- Activity booking (issue 17, decision 0028). The catalogue file brings activities, where they happen,
-- their prices per band and their weekly schedules; schedules generate dated sessions. A session's
-- `taken` counts every place that is held in a basket or booked, and the database refuses a row where
-- it passes `capacity`: the one conditional UPDATE that takes a place is what stops overselling.

CREATE TABLE activity_categories (
  id serial PRIMARY KEY,
  key text NOT NULL UNIQUE,
  name text NOT NULL,
  position integer NOT NULL DEFAULT 0
);

-- A session activity (a class, a swim, a lesson) or a facility (a court hired by the hour).
CREATE TABLE activities (
  id serial PRIMARY KEY,
  key text NOT NULL UNIQUE,
  category_id integer NOT NULL REFERENCES activity_categories (id),
  kind text NOT NULL DEFAULT 'session',
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  min_age integer,
  max_age integer,
  waiver_required boolean NOT NULL DEFAULT false,
  waiver_text text NOT NULL DEFAULT '',
  -- a booking can be cancelled until this many minutes before the start
  cancellation_cutoff_minutes integer NOT NULL DEFAULT 120,
  active boolean NOT NULL DEFAULT true,
  CONSTRAINT activities_kind CHECK (kind IN ('session', 'facility')),
  CONSTRAINT activities_ages CHECK (min_age IS NULL OR max_age IS NULL OR min_age <= max_age),
  CONSTRAINT activities_cutoff CHECK (cancellation_cutoff_minutes >= 0)
);

-- A room, pool, studio, wall or court at a centre.
CREATE TABLE activity_locations (
  id serial PRIMARY KEY,
  venue_id integer NOT NULL REFERENCES venues (id),
  key text NOT NULL,
  name text NOT NULL,
  kind text NOT NULL DEFAULT 'room',
  CONSTRAINT activity_locations_kind CHECK (kind IN ('room', 'studio', 'pool', 'court', 'wall', 'hall')),
  CONSTRAINT activity_locations_key UNIQUE (venue_id, key)
);

-- What one place costs per price band; the row's id is the cart's `pricingOptionId`. A band books
-- `booking_window_days` ahead (members usually further than others).
CREATE TABLE activity_prices (
  id serial PRIMARY KEY,
  activity_id integer NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
  band text NOT NULL,
  price_pence integer NOT NULL,
  booking_window_days integer NOT NULL,
  CONSTRAINT activity_prices_band CHECK (band IN ('adult', 'junior', 'concession', 'member')),
  CONSTRAINT activity_prices_price CHECK (price_pence >= 0),
  CONSTRAINT activity_prices_window CHECK (booking_window_days BETWEEN 0 AND 90),
  CONSTRAINT activity_prices_one_per_band UNIQUE (activity_id, band)
);

-- A weekly slot: every `weekday` (1 Monday … 7 Sunday) at `start_time`, operator's local time.
CREATE TABLE activity_schedules (
  id serial PRIMARY KEY,
  key text NOT NULL UNIQUE,
  activity_id integer NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
  location_id integer NOT NULL REFERENCES activity_locations (id),
  weekday integer NOT NULL,
  start_time time NOT NULL,
  duration_minutes integer NOT NULL,
  capacity integer NOT NULL,
  instructor text,
  online_booking_enabled boolean NOT NULL DEFAULT true,
  valid_from date,
  valid_to date,
  active boolean NOT NULL DEFAULT true,
  CONSTRAINT activity_schedules_weekday CHECK (weekday BETWEEN 1 AND 7),
  CONSTRAINT activity_schedules_duration CHECK (duration_minutes BETWEEN 5 AND 1440),
  CONSTRAINT activity_schedules_capacity CHECK (capacity BETWEEN 1 AND 10000)
);

-- RPDE (OpenActive) orders changes by a number that only grows; every change to a session takes the
-- next one, so a feed reader never misses an update however the change was made.
CREATE SEQUENCE activity_feed_modified_seq;

CREATE TABLE activity_sessions (
  id serial PRIMARY KEY,
  schedule_id integer REFERENCES activity_schedules (id) ON DELETE SET NULL,
  activity_id integer NOT NULL REFERENCES activities (id),
  venue_id integer NOT NULL REFERENCES venues (id),
  location_id integer NOT NULL REFERENCES activity_locations (id),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  capacity integer NOT NULL,
  -- places held in baskets plus places booked
  taken integer NOT NULL DEFAULT 0,
  instructor text,
  online_booking_enabled boolean NOT NULL DEFAULT true,
  cancelled boolean NOT NULL DEFAULT false,
  feed_modified bigint NOT NULL DEFAULT nextval('activity_feed_modified_seq'),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT activity_sessions_times CHECK (ends_at > starts_at),
  CONSTRAINT activity_sessions_capacity CHECK (capacity >= 0),
  CONSTRAINT activity_sessions_never_oversold CHECK (taken >= 0 AND taken <= capacity),
  CONSTRAINT activity_sessions_once_per_slot UNIQUE (schedule_id, location_id, starts_at)
);
CREATE INDEX activity_sessions_venue_time_idx ON activity_sessions (venue_id, starts_at);
CREATE INDEX activity_sessions_feed_idx ON activity_sessions (feed_modified, id);

CREATE FUNCTION lido_activity_session_touched() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.feed_modified := nextval('activity_feed_modified_seq');
  NEW.updated_at := now();
  RETURN NEW;
END
$fn$;
CREATE TRIGGER activity_sessions_touched BEFORE UPDATE ON activity_sessions
  FOR EACH ROW EXECUTE FUNCTION lido_activity_session_touched();

-- A place (or several) held in a basket until `held_until`. Its id comes from the basket lines'
-- sequence, so one `cartItemId` names either kind of line.
CREATE TABLE cart_booking_lines (
  id integer PRIMARY KEY DEFAULT nextval('cart_items_id_seq'),
  cart_id integer NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  session_id integer NOT NULL REFERENCES activity_sessions (id),
  price_id integer NOT NULL REFERENCES activity_prices (id),
  purchased_for_customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  quantity integer NOT NULL DEFAULT 1,
  unit_price_pence integer NOT NULL,
  amount_pence integer NOT NULL,
  held_until timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT cart_booking_lines_quantity CHECK (quantity BETWEEN 1 AND 10),
  CONSTRAINT cart_booking_lines_amount CHECK (amount_pence = unit_price_pence * quantity AND unit_price_pence >= 0)
);
CREATE INDEX cart_booking_lines_cart_idx ON cart_booking_lines (cart_id);
CREATE INDEX cart_booking_lines_held_idx ON cart_booking_lines (held_until);
CREATE INDEX cart_booking_lines_session_idx ON cart_booking_lines (session_id);

-- Bookings become real: a booked row names its session, order line, attendee and waiver. Rows
-- written before this migration (no session) stay readable.
ALTER TABLE customer_bookings
  ADD COLUMN session_id integer REFERENCES activity_sessions (id),
  ADD COLUMN order_id integer REFERENCES orders (id),
  ADD COLUMN attendee_customer_id integer REFERENCES customers (id) ON DELETE CASCADE,
  ADD COLUMN price_id integer REFERENCES activity_prices (id),
  ADD COLUMN quantity integer NOT NULL DEFAULT 1,
  ADD COLUMN location_name text,
  ADD COLUMN waiver_accepted_at timestamptz,
  ADD COLUMN waiver_accepted_by integer REFERENCES customers (id),
  ADD COLUMN cancelled_at timestamptz,
  ADD COLUMN refund_pence integer,
  ADD COLUMN refund_method text,
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
  ADD CONSTRAINT customer_bookings_quantity CHECK (quantity BETWEEN 1 AND 10),
  ADD CONSTRAINT customer_bookings_refund CHECK (
    (refund_pence IS NULL AND refund_method IS NULL)
    OR (refund_pence >= 0 AND refund_method IN ('credit', 'card'))
  );
CREATE INDEX customer_bookings_session_idx ON customer_bookings (session_id) WHERE session_id IS NOT NULL;
CREATE INDEX customer_bookings_order_idx ON customer_bookings (order_id) WHERE order_id IS NOT NULL;

-- The operator's booking rules: how long a basket holds a place, where a cancelled booking's money
-- goes, and the time of day a booking window opens.
ALTER TABLE operators
  ADD COLUMN basket_hold_minutes integer NOT NULL DEFAULT 15,
  ADD COLUMN booking_refund_method text NOT NULL DEFAULT 'credit',
  ADD COLUMN booking_window_opens_at time NOT NULL DEFAULT '08:00',
  ADD CONSTRAINT operators_basket_hold CHECK (basket_hold_minutes BETWEEN 1 AND 120),
  ADD CONSTRAINT operators_booking_refund CHECK (booking_refund_method IN ('credit', 'card'));
