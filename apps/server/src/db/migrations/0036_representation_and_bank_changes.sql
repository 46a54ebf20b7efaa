-- Issue 22 item 4: a failed collection re-presented at most once, and new bank details online.

-- A failed collection's re-presentation: planned (the member emailed with its date), sent, or
-- given up ('missed': the promised date could no longer be kept). Set once and never cleared, so
-- a collection is re-presented at most once. The claim is the collection's own status below.
ALTER TABLE direct_debit_collections
  ADD COLUMN representation text,
  ADD COLUMN represent_on date,
  ADD CONSTRAINT direct_debit_collections_representation CHECK (
    representation IS NULL OR representation IN ('planned', 'sent', 'missed'));

-- New bank details: a new instruction replacing the member's current one. The browser's key
-- makes a repeated submission the same change; one live replacement per instruction makes
-- concurrent ones a single mandate. Its billing request is made after the row is claimed.
ALTER TABLE direct_debit_instructions
  ALTER COLUMN billing_request_id DROP NOT NULL,
  ADD COLUMN replaces_instruction_id integer REFERENCES direct_debit_instructions(id),
  ADD COLUMN change_key text UNIQUE,
  -- the replacement taking over: collections moved ('moved'), the old mandate's cancel claimed
  -- ('cancel_sent'), done ('done')
  ADD COLUMN takeover text,
  ADD CONSTRAINT direct_debit_instructions_takeover CHECK (
    takeover IS NULL OR takeover IN ('waiting', 'moved', 'cancel_sent', 'done'));
CREATE UNIQUE INDEX direct_debit_instructions_one_replacement ON direct_debit_instructions (replaces_instruction_id)
  WHERE replaces_instruction_id IS NOT NULL
    AND status NOT IN ('failed', 'cancelled', 'expired', 'setup_failed', 'blocked', 'consumed');

-- 'retrying': the re-presentation claimed, its provider call under way. A collection leaves
-- 'failed' as it is claimed, so the member's card payment (failed → recovered) and the
-- re-presentation can never both happen.
ALTER TABLE direct_debit_collections DROP CONSTRAINT direct_debit_collections_status;
ALTER TABLE direct_debit_collections ADD CONSTRAINT direct_debit_collections_status CHECK (status IN ('scheduled',
  'held', 'skipped', 'cancelling', 'cancel_sent', 'pending_customer_approval', 'pending_submission', 'submitted', 'confirmed',
  'paid_out', 'cancelled', 'customer_approval_denied', 'failed', 'charged_back', 'recovered', 'retrying'));
