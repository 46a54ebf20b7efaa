-- Issue 15 (money and security): a payment being given back is claimed first, so racing callers
-- reach the provider once.
ALTER TABLE payment_attempts DROP CONSTRAINT payment_attempts_status;
ALTER TABLE payment_attempts ADD CONSTRAINT payment_attempts_status CHECK (
  status IN ('created', 'pending_sca', 'authorised', 'failed', 'completed', 'voided', 'refunded', 'unknown',
             'reversing', 'needs_attention')
);
