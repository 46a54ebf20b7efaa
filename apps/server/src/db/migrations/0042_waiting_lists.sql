-- Waiting lists (issue 18 item 5, decision 0052). A full session's waiting customers queue in id
-- order. A freed place goes to the first in line as an offer and stays counted in the session's
-- `taken` while offered, so it is never back on general sale: `taken` = places held in baskets +
-- places booked + places offered.
ALTER TABLE operators ADD COLUMN waiting_list_offer_hours integer NOT NULL DEFAULT 2
  CHECK (waiting_list_offer_hours BETWEEN 1 AND 72);

CREATE TABLE waiting_list_entries (
  id serial PRIMARY KEY,
  session_id integer NOT NULL REFERENCES activity_sessions(id) ON DELETE CASCADE,
  -- who joined (and pays), and who would attend (today the same customer; family accounts differ)
  customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  attendee_customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  -- book by itself when a place frees and costs the attendee nothing
  auto_book boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'waiting' CONSTRAINT waiting_list_entries_status
    CHECK (status IN ('waiting', 'offered', 'claimed', 'booked', 'expired', 'left', 'closed')),
  offered_at timestamptz,
  offer_expires_at timestamptz,
  -- the offer's email (or automatic booking) was queued: the job claims offers where this is null
  notified_at timestamptz,
  booking_id integer REFERENCES customer_bookings(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT waiting_list_entries_offer CHECK (status <> 'offered' OR offer_expires_at IS NOT NULL)
);

-- one place in the queue per attendee per session while waiting or offered
CREATE UNIQUE INDEX waiting_list_entries_one_live ON waiting_list_entries (session_id, attendee_customer_id)
  WHERE status IN ('waiting', 'offered');
CREATE INDEX waiting_list_entries_queue ON waiting_list_entries (session_id, id) WHERE status = 'waiting';
CREATE INDEX waiting_list_entries_offers ON waiting_list_entries (offer_expires_at) WHERE status = 'offered';
CREATE INDEX waiting_list_entries_customer ON waiting_list_entries (customer_id);
