-- Leaving a membership in the cooling-off period (issue 22 item 2): the refund it was given, and
-- where its card share stands, so a refund that failed is found and never made twice.
ALTER TABLE customer_memberships
  ADD COLUMN cooling_off_refund_pence integer,
  ADD COLUMN cooling_off_card_refund_pence integer,
  ADD COLUMN cooling_off_card_refund_status text,
  ADD CONSTRAINT customer_memberships_cooling_off_refund CHECK (
    (cooling_off_refund_pence IS NULL OR cooling_off_refund_pence >= 0)
    AND (cooling_off_card_refund_pence IS NULL OR cooling_off_card_refund_pence >= 0)),
  ADD CONSTRAINT customer_memberships_card_refund_status CHECK (
    cooling_off_card_refund_status IS NULL OR cooling_off_card_refund_status IN ('pending', 'done', 'failed'));

-- A provider call to cancel is claimed before it is made, so two instances make it once: a
-- collection moves cancelling → cancel_sent, a mandate's instruction to cancelling.
ALTER TABLE direct_debit_collections DROP CONSTRAINT direct_debit_collections_status;
ALTER TABLE direct_debit_collections ADD CONSTRAINT direct_debit_collections_status CHECK (status IN ('scheduled',
  'cancelling', 'cancel_sent', 'pending_customer_approval', 'pending_submission', 'submitted', 'confirmed', 'paid_out',
  'cancelled', 'customer_approval_denied', 'failed', 'charged_back'));
ALTER TABLE direct_debit_instructions DROP CONSTRAINT direct_debit_instructions_status;
ALTER TABLE direct_debit_instructions ADD CONSTRAINT direct_debit_instructions_status CHECK (status IN ('setting_up',
  'pending_customer_approval', 'pending_submission', 'submitted', 'active', 'cancelling', 'failed', 'cancelled',
  'expired', 'consumed', 'blocked', 'suspended_by_payer', 'setup_failed'));
