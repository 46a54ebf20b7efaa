-- Issue 35 item 5 (decision 0097): a customer's membership card and the desk's check-ins.
-- Both tables are written only by the check-in module.

-- A customer's card: the QR code carries `code`, 128 random bits (base64url), never derived from
-- the customer. One row per customer; "Replace my card" writes a new code over the old one in one
-- UPDATE, so the old code stops working at once on every instance.
CREATE TABLE membership_cards (
  customer_id integer PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  code text NOT NULL UNIQUE,
  issued_at timestamptz NOT NULL DEFAULT now(),
  replaced_count integer NOT NULL DEFAULT 0
);

-- One row per check-in at the desk. `scan_id` is the desk's one read of a card or one typed
-- customer ID: sent again (a retried request, two instances), it is recorded once.
CREATE TABLE check_ins (
  id serial PRIMARY KEY,
  scan_id uuid NOT NULL UNIQUE,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  staff_user_id integer NOT NULL REFERENCES staff_users (id),
  method text NOT NULL CHECK (method IN ('card', 'customer-id')),
  door text NOT NULL CHECK (door IN ('valid', 'frozen', 'ended', 'overdue', 'none')),
  may_come_in boolean NOT NULL,
  membership_id integer REFERENCES customer_memberships (id) ON DELETE SET NULL,
  bookings_attended integer[] NOT NULL DEFAULT '{}',
  checked_in_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX check_ins_customer ON check_ins (customer_id, checked_in_at);
