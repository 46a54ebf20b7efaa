-- Guest passes (issue 18 item 3, decision 0050). A membership's benefit of kind 'guest-pass' grants
-- `total_uses` passes per `frequency`; each pass a member spends on a guest is one row of
-- guest_pass_uses, counted per membership and period under the membership's row lock.
ALTER TABLE membership_benefits
  ADD COLUMN kind text NOT NULL DEFAULT 'booking',
  ADD CONSTRAINT membership_benefits_kind CHECK (kind IN ('booking', 'guest-pass'));

-- A held use belongs to its basket line and goes with it (removed, released, kiosk reset): the
-- pass is free again with no code to remember. Paying turns it into a used one tied to the
-- booking; cancelling the booking marks it returned, which stops it counting.
CREATE TABLE guest_pass_uses (
  id serial PRIMARY KEY,
  customer_membership_id integer NOT NULL REFERENCES customer_memberships (id) ON DELETE CASCADE,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  session_id integer NOT NULL REFERENCES activity_sessions (id),
  -- the session's local date: the period whose allowance the pass is counted in
  visit_date date NOT NULL,
  guest_first_name text NOT NULL,
  guest_last_name text NOT NULL,
  status text NOT NULL DEFAULT 'held',
  cart_line_id integer UNIQUE REFERENCES cart_booking_lines (id) ON DELETE CASCADE,
  booking_id integer UNIQUE REFERENCES customer_bookings (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  returned_at timestamptz,
  CONSTRAINT guest_pass_uses_status CHECK (
    (status = 'held' AND cart_line_id IS NOT NULL AND booking_id IS NULL)
    OR (status IN ('used', 'returned') AND cart_line_id IS NULL AND booking_id IS NOT NULL)),
  CONSTRAINT guest_pass_uses_names CHECK (length(guest_first_name) BETWEEN 1 AND 50 AND length(guest_last_name) BETWEEN 1 AND 50)
);
CREATE INDEX guest_pass_uses_membership_idx ON guest_pass_uses (customer_membership_id, visit_date);
CREATE INDEX guest_pass_uses_customer_idx ON guest_pass_uses (customer_id, visit_date);

-- The guest a line or a booking is for: a guest's line never blocks the member's own in a session.
ALTER TABLE cart_booking_lines ADD COLUMN guest_name text;
ALTER TABLE customer_bookings ADD COLUMN guest_name text;

-- The passes seeded before memberships granted them (migration 0007) are replaced by the above.
DROP TABLE guest_passes;
