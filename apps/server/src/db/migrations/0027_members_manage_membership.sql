-- Members manage their own membership (issue 22): cancelling with notice or in the cooling-off
-- period, freezing, and a timeline of everything that happened to a membership.

-- What happened to a membership, in order, for the member's timeline. A dedupe key makes a job run
-- on several instances, or a retried request, record an event once.
CREATE TABLE membership_events (
  id bigserial PRIMARY KEY,
  customer_membership_id integer NOT NULL REFERENCES customer_memberships (id) ON DELETE CASCADE,
  kind text NOT NULL,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  amount_pence integer,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  dedupe_key text UNIQUE,
  CONSTRAINT membership_events_kind CHECK (kind IN ('joined', 'changed', 'renewed', 'payment_collected',
    'payment_failed', 'payment_recovered', 'payment_retried', 'bank_details_changed', 'freeze_scheduled',
    'frozen', 'freeze_ended', 'cancel_requested', 'cooled_off', 'cancelled', 'ended', 'renewal_reminder_sent',
    'price_change_notified'))
);
CREATE INDEX membership_events_membership_idx ON membership_events (customer_membership_id, occurred_at, id);

-- A cancellation the member asked for: the membership stays active until end_date (the last day).
ALTER TABLE customer_memberships
  ADD COLUMN cancel_requested_at timestamptz,
  ADD COLUMN cancel_kind text,
  ADD COLUMN cancel_reason text,
  ADD CONSTRAINT customer_memberships_cancel_kind CHECK (cancel_kind IS NULL OR cancel_kind IN ('notice', 'cooling_off'));

-- A freeze of whole months: [starts_on, ends_on) with the monthly fee charged instead of the price.
CREATE TABLE membership_freezes (
  id serial PRIMARY KEY,
  customer_membership_id integer NOT NULL REFERENCES customer_memberships (id) ON DELETE CASCADE,
  starts_on date NOT NULL,
  ends_on date NOT NULL,
  monthly_fee_pence integer NOT NULL DEFAULT 0 CHECK (monthly_fee_pence >= 0),
  status text NOT NULL DEFAULT 'scheduled',
  created_at timestamptz NOT NULL DEFAULT now(),
  ended_early_on date,
  CONSTRAINT membership_freezes_dates CHECK (ends_on > starts_on),
  CONSTRAINT membership_freezes_status CHECK (status IN ('scheduled', 'active', 'completed', 'ended_early', 'withdrawn'))
);
CREATE INDEX membership_freezes_membership_idx ON membership_freezes (customer_membership_id);
-- At most one freeze not yet over per membership.
CREATE UNIQUE INDEX membership_freezes_one_open ON membership_freezes (customer_membership_id)
  WHERE status IN ('scheduled', 'active');

-- The operator's membership rules, from the catalogue file's membershipRules section.
ALTER TABLE operators
  ADD COLUMN cancellation_notice_months integer NOT NULL DEFAULT 1,
  ADD COLUMN cooling_off_days integer NOT NULL DEFAULT 14,
  ADD COLUMN freeze_min_months integer NOT NULL DEFAULT 1,
  ADD COLUMN freeze_max_months integer NOT NULL DEFAULT 3,
  ADD COLUMN freeze_notice_days integer NOT NULL DEFAULT 7,
  ADD COLUMN freeze_monthly_fee_pence integer NOT NULL DEFAULT 0,
  ADD COLUMN failed_payment_retry boolean NOT NULL DEFAULT true,
  ADD COLUMN outstanding_balance_blocks_booking boolean NOT NULL DEFAULT false,
  ADD COLUMN renewal_reminder_days integer NOT NULL DEFAULT 14,
  ADD CONSTRAINT operators_cancellation_notice CHECK (cancellation_notice_months BETWEEN 0 AND 3),
  ADD CONSTRAINT operators_cooling_off CHECK (cooling_off_days BETWEEN 14 AND 60),
  ADD CONSTRAINT operators_freeze_months CHECK (freeze_min_months >= 1 AND freeze_max_months >= freeze_min_months AND freeze_max_months <= 12),
  ADD CONSTRAINT operators_freeze_notice CHECK (freeze_notice_days BETWEEN 0 AND 60),
  ADD CONSTRAINT operators_freeze_fee CHECK (freeze_monthly_fee_pence >= 0),
  ADD CONSTRAINT operators_renewal_reminder CHECK (renewal_reminder_days BETWEEN 1 AND 60);
