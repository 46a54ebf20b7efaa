-- One row per card payment attempt (payments-reference.md §4.1). The provider's transaction id is
-- saved before the browser is sent anywhere and before any order logic runs, so a process that dies
-- mid-payment leaves a row the reconciliation job can finish or reverse: a charge is never lost.
-- Only tokens and what a receipt shows are kept, never a card number or security code.
CREATE TABLE payment_attempts (
  uuid uuid PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id),
  -- A basket emptied after paying leaves the attempt (and its money) behind: reconciliation gives it back.
  cart_id integer REFERENCES carts (id) ON DELETE SET NULL,
  provider text NOT NULL,
  provider_tx_id text,
  vendor_tx_code text NOT NULL UNIQUE,
  amount_pence integer NOT NULL,
  currency text NOT NULL,
  status text NOT NULL DEFAULT 'created',
  save_card boolean NOT NULL DEFAULT false,
  saved_card_id integer REFERENCES saved_cards (id) ON DELETE SET NULL,
  billing jsonb NOT NULL,
  accepted_term_ids jsonb NOT NULL DEFAULT '[]',
  card jsonb,
  error jsonb,
  order_id integer UNIQUE REFERENCES orders (id),
  reconcile_attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT payment_attempts_provider_tx UNIQUE (provider, provider_tx_id),
  CONSTRAINT payment_attempts_amount CHECK (amount_pence > 0),
  CONSTRAINT payment_attempts_status CHECK (
    status IN ('created', 'pending_sca', 'authorised', 'failed', 'completed', 'voided', 'refunded', 'unknown', 'needs_attention')
  )
);
CREATE INDEX payment_attempts_cart_idx ON payment_attempts (cart_id);
CREATE INDEX payment_attempts_open_idx ON payment_attempts (updated_at)
  WHERE status IN ('created', 'pending_sca', 'authorised', 'unknown');
