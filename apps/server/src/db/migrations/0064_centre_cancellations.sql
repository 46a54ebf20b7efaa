-- Issue 35 item 3 (decision 0095): sessions cancelled by the centre.
--
-- One row per cancellation a manager confirms: its key (sent by the page, so a second press or a
-- retry finds the first run instead of starting another), who, where, the sessions it cancelled and
-- the reason. Written only by the centre-cancellations module.
CREATE TABLE centre_cancellations (
  id serial PRIMARY KEY,
  key text NOT NULL UNIQUE,
  staff_user_id integer NOT NULL REFERENCES staff_users (id),
  venue_id integer NOT NULL REFERENCES venues (id),
  session_ids integer[] NOT NULL,
  reason text NOT NULL,
  -- waiting-list entries of its sessions closed and told
  waiting_list_told integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- set when every booking of its sessions has been cancelled (a run cut short is finished by the next press)
  finished_at timestamptz
);

-- A booking the centre cancelled names the cancellation and keeps its reason, for My account.
ALTER TABLE customer_bookings
  ADD COLUMN centre_cancellation_id integer REFERENCES centre_cancellations (id),
  ADD COLUMN cancel_reason text;
CREATE INDEX customer_bookings_centre_cancellation ON customer_bookings (centre_cancellation_id)
  WHERE centre_cancellation_id IS NOT NULL;

-- The operator's rule for money given back when the centre cancels: `card` gives each payment back
-- the way it came (the card's share to the card, credit to credit); `credit` gives it all as credit.
ALTER TABLE operators
  ADD COLUMN centre_cancellation_refund_method text NOT NULL DEFAULT 'card'
    CHECK (centre_cancellation_refund_method IN ('card', 'credit'));
