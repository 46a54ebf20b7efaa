-- Issue 15 (money and security): a payment being given back is claimed first, so racing callers
-- reach the provider once.
ALTER TABLE payment_attempts DROP CONSTRAINT payment_attempts_status;
ALTER TABLE payment_attempts ADD CONSTRAINT payment_attempts_status CHECK (
  status IN ('created', 'pending_sca', 'authorised', 'failed', 'completed', 'voided', 'refunded', 'unknown',
             'reversing', 'needs_attention')
);

-- A promotion can be applied by id only after its code was typed and checked by the same customer
-- or browser in the last hour, so ids cannot be guessed. The browser is known by a random cookie,
-- of which only a hash is kept.
CREATE TABLE promotion_validations (
  id serial PRIMARY KEY,
  promotion_id integer NOT NULL REFERENCES promotions (id) ON DELETE CASCADE,
  customer_id integer REFERENCES customers (id) ON DELETE CASCADE,
  browser_key text,
  validated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT promotion_validations_who CHECK (customer_id IS NOT NULL OR browser_key IS NOT NULL)
);
CREATE INDEX promotion_validations_promotion_idx ON promotion_validations (promotion_id, validated_at);
