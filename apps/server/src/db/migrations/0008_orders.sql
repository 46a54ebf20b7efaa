-- Orders and their lines: what a customer paid for. Checkout (issue 7) writes them; the account's
-- Payments page and receipts read them.
CREATE TABLE orders (
  id serial PRIMARY KEY,
  reference text NOT NULL UNIQUE,
  customer_id integer NOT NULL REFERENCES customers (id),
  venue_id integer REFERENCES venues (id),
  source text NOT NULL,
  status text NOT NULL,
  currency text NOT NULL DEFAULT 'GBP',
  total_pence integer NOT NULL,
  tax_pence integer NOT NULL DEFAULT 0,
  payment_method text,
  card_last_four text,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  CONSTRAINT orders_reference_format CHECK (reference ~ '^LD-[0-9]{6,}$'),
  CONSTRAINT orders_source CHECK (source IN ('online-joining', 'bookings', 'front-of-house')),
  CONSTRAINT orders_status CHECK (status IN ('pending', 'completed', 'failed', 'refunded')),
  CONSTRAINT orders_money CHECK (total_pence >= 0 AND tax_pence >= 0 AND tax_pence <= total_pence),
  CONSTRAINT orders_card CHECK (card_last_four IS NULL OR card_last_four ~ '^[0-9]{4}$')
);
CREATE INDEX orders_customer_idx ON orders (customer_id, created_at DESC);
CREATE SEQUENCE order_reference_seq START 100001;

CREATE TABLE order_items (
  id serial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  position integer NOT NULL,
  item_type text NOT NULL,
  description text NOT NULL,
  amount_pence integer NOT NULL,
  CONSTRAINT order_items_position UNIQUE (order_id, position),
  CONSTRAINT order_items_type CHECK (item_type IN ('membership', 'booking', 'package', 'fee'))
);
