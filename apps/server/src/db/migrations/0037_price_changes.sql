-- A change of a membership's price for the members who hold it (issue 22 item 5): the operator
-- dates it in the catalogue; each member is told before their first collection at the new price.

-- Calendar days of notice (the Bacs scheme's 10 working days are always given as well).
ALTER TABLE operators
  ADD COLUMN price_change_notice_days integer NOT NULL DEFAULT 30,
  ADD CONSTRAINT operators_price_change_notice CHECK (price_change_notice_days BETWEEN 10 AND 90);

-- A payment option's new price from a date, as the catalogue file last gave it. A change no member
-- was told of yet is withdrawn when it leaves the file; one told of stays.
CREATE TABLE membership_price_changes (
  id serial PRIMARY KEY,
  payment_option_id integer NOT NULL REFERENCES payment_options (id),
  price_pence integer NOT NULL CHECK (price_pence > 0),
  effective_from date NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'withdrawn')),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (payment_option_id, effective_from)
);

-- One notice per member and change (the unique key makes two instances send it once): what the
-- member was told, and when the new price took over their membership.
CREATE TABLE membership_price_notices (
  id serial PRIMARY KEY,
  price_change_id integer NOT NULL REFERENCES membership_price_changes (id),
  customer_membership_id integer NOT NULL REFERENCES customer_memberships (id) ON DELETE CASCADE,
  old_price_pence integer NOT NULL,
  new_price_pence integer NOT NULL,
  notice_date date NOT NULL,
  first_billing_date date NOT NULL,
  applied_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (price_change_id, customer_membership_id)
);
CREATE INDEX membership_price_notices_waiting ON membership_price_notices (customer_membership_id)
  WHERE applied_at IS NULL;

ALTER TABLE membership_events DROP CONSTRAINT membership_events_kind;
ALTER TABLE membership_events ADD CONSTRAINT membership_events_kind CHECK (kind IN ('joined', 'changed', 'renewed',
  'payment_collected', 'payment_failed', 'payment_recovered', 'payment_retried', 'bank_details_changed',
  'freeze_scheduled', 'frozen', 'freeze_ended', 'cancel_requested', 'cooled_off', 'cancelled', 'ended',
  'renewal_reminder_sent', 'price_change_notified', 'price_changed'));
