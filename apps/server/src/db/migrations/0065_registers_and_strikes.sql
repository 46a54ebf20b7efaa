-- Issue 35 items 4 and 6 (decision 0096): registers, and the no-show and late-cancel rules.
--
-- The operator's rules, the catalogue's `bookingPenalties` (NULL: no strikes are given).
ALTER TABLE operators ADD COLUMN booking_penalty_rules jsonb;

-- Who came: one row per booking marked on a register or at check-in, written only by the
-- registers module (`markAttended`, `markNoShow`). Marking again changes the row, never adds one.
CREATE TABLE booking_attendance (
  booking_id integer PRIMARY KEY REFERENCES customer_bookings (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('attended', 'no-show')),
  source text NOT NULL CHECK (source IN ('register', 'check-in')),
  marked_by integer REFERENCES staff_users (id),
  marked_at timestamptz NOT NULL DEFAULT now()
);

-- A strike: a no-show or a late cancellation. One per booking (the unique key), so a register
-- marked twice at once, or on two instances, gives one strike. A manager may remove one, with a
-- reason; a removed strike stays, for the record, and no longer counts.
CREATE TABLE booking_strikes (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  booking_id integer NOT NULL REFERENCES customer_bookings (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('no-show', 'late-cancel')),
  given_at timestamptz NOT NULL DEFAULT now(),
  removed_at timestamptz,
  removed_by integer REFERENCES staff_users (id),
  removed_reason text,
  CONSTRAINT booking_strikes_one_per_booking UNIQUE (booking_id)
);
CREATE INDEX booking_strikes_customer ON booking_strikes (customer_id, given_at);
