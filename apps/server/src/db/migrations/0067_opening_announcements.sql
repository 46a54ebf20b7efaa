-- Announced openings from the catalogue file and the staff site, and reminders (issue 39 item 1,
-- decision 0098). Owned by the booking-openings module.
-- The catalogue's (and staff site's) name for an opening: import and export match on it.
ALTER TABLE booking_openings ADD COLUMN key text;
UPDATE booking_openings SET key = 'opening-' || id WHERE key IS NULL;
ALTER TABLE booking_openings ALTER COLUMN key SET NOT NULL;
-- An opening announced without a name for the file (a test's, a benchmark's) is given one.
ALTER TABLE booking_openings ALTER COLUMN key SET DEFAULT 'opening-' || substr(md5(random()::text), 1, 12);
ALTER TABLE booking_openings ADD CONSTRAINT booking_openings_key UNIQUE (key);
-- The operator's own ceiling on how many are let in a minute (for a class list that small
-- admissions suit); the measured rate decides below it. Null: no ceiling.
ALTER TABLE booking_openings ADD COLUMN let_in_per_minute integer CHECK (let_in_per_minute > 0);

-- Customers who asked to be emailed when the waiting room opens: one row each, sent once.
CREATE TABLE opening_reminders (
  opening_id integer NOT NULL REFERENCES booking_openings (id) ON DELETE CASCADE,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  asked_at timestamptz NOT NULL,
  sent_at timestamptz,
  PRIMARY KEY (opening_id, customer_id)
);
CREATE INDEX opening_reminders_unsent ON opening_reminders (opening_id) WHERE sent_at IS NULL;
