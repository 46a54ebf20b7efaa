-- A freeze (issue 22) changes what a billing date collects. A payment already requested at the old
-- amount is cancelled at the provider and kept as history, and a new collection for the same date
-- takes its place: one live collection per membership and billing date, not one row.
DO $$
DECLARE
  name text;
BEGIN
  -- PostgreSQL shortened the constraint's generated name to 63 characters: found, not spelled out.
  SELECT conname INTO name FROM pg_constraint
  WHERE conrelid = 'direct_debit_collections'::regclass AND contype = 'u'
    AND pg_get_constraintdef(oid) = 'UNIQUE (customer_membership_id, billing_date)';
  EXECUTE format('ALTER TABLE direct_debit_collections DROP CONSTRAINT %I', name);
END $$;
CREATE UNIQUE INDEX direct_debit_collections_one_live ON direct_debit_collections (customer_membership_id, billing_date)
  WHERE status NOT IN ('cancelling', 'cancel_sent', 'cancelled');

-- A frozen billing date with no freeze fee keeps its row, collecting nothing ('skipped'), so the
-- monthly schedule carries on from it.
ALTER TABLE direct_debit_collections DROP CONSTRAINT direct_debit_collections_amount_pence_check;
ALTER TABLE direct_debit_collections ADD CONSTRAINT direct_debit_collections_amount
  CHECK (amount_pence > 0 OR (amount_pence = 0 AND status = 'skipped'));

-- 'held': waits for the payment it replaces to be cancelled; 'skipped': a billing date that
-- collects nothing; 'recovered': a failed collection the member paid by card instead.
ALTER TABLE direct_debit_collections DROP CONSTRAINT direct_debit_collections_status;
ALTER TABLE direct_debit_collections ADD CONSTRAINT direct_debit_collections_status CHECK (status IN ('scheduled',
  'held', 'skipped', 'cancelling', 'cancel_sent', 'pending_customer_approval', 'pending_submission', 'submitted', 'confirmed',
  'paid_out', 'cancelled', 'customer_approval_denied', 'failed', 'charged_back', 'recovered'));
