-- Announced booking openings and their fair queue (issue 39, decision 0094). An opening gates the
-- sessions it names (an activity and/or a centre, sessions from one date to another): before it
-- opens they can't be booked; from the moment it opens until its gate ends, only customers let in
-- from its queue can put them in a basket. Owned by the booking-openings module.
CREATE TABLE booking_openings (
  id serial PRIMARY KEY,
  name text NOT NULL,
  -- the waiting room opens at lobby_opens_at; everyone there by opens_at gets a random place
  lobby_opens_at timestamptz NOT NULL,
  opens_at timestamptz NOT NULL,
  -- after this, the sessions are on ordinary sale again with no queue
  gate_ends_at timestamptz NOT NULL,
  activity_id integer REFERENCES activities (id),
  venue_id integer REFERENCES venues (id),
  sessions_from date NOT NULL,
  sessions_to date NOT NULL,
  -- admissions per second, tuned from the measured add-to-basket time (never a fixed guess)
  admit_per_second double precision NOT NULL DEFAULT 5,
  -- the fraction of an admission owed from the last tick, so slow ticks don't round it away
  admit_credit double precision NOT NULL DEFAULT 0,
  -- one tick admits at a time across every instance (the row is locked and this is moved)
  ticked_at timestamptz,
  -- how long a let-in customer may do nothing before their turn passes to the next
  idle_seconds integer NOT NULL DEFAULT 180,
  CHECK (lobby_opens_at <= opens_at AND opens_at < gate_ends_at),
  CHECK (sessions_from <= sessions_to)
);

CREATE TABLE opening_queue_entries (
  opening_id integer NOT NULL REFERENCES booking_openings (id) ON DELETE CASCADE,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  joined_at timestamptz NOT NULL,
  -- the place in the queue: a random number in [0, 1) for everyone there by the opening (so arriving
  -- earlier or refreshing gives no advantage), the arrival time in epoch seconds for later arrivals
  ticket double precision NOT NULL,
  -- the waiting page asks every few seconds: only people still there are let in, and someone who
  -- comes back finds their ticket kept
  seen_at timestamptz NOT NULL,
  admitted_at timestamptz,
  -- the admission lapses at this time unless the customer keeps using it
  active_until timestamptz,
  PRIMARY KEY (opening_id, customer_id)
);
CREATE INDEX opening_queue_waiting ON opening_queue_entries (opening_id, ticket) WHERE admitted_at IS NULL;

-- Each instance's recent add-to-basket times for gated sessions, so the tick that admits can see
-- how the whole system is coping, whichever instance it runs on.
CREATE TABLE opening_load_reports (
  instance_id text PRIMARY KEY,
  reported_at timestamptz NOT NULL,
  adds integer NOT NULL,
  p95_ms integer NOT NULL
);
