-- Baskets (the spec's "cart"): one open basket per customer, held on the server so it follows the
-- customer between the three sites and survives a reload. Prices are computed here, never taken
-- from the browser (quality.md S16). Checkout (issue 7) locks a basket and turns it into an order.
CREATE TABLE carts (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  source text NOT NULL DEFAULT 'online-joining',
  status text NOT NULL DEFAULT 'open',
  complete_order_id integer REFERENCES orders (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT carts_source CHECK (source IN ('online-joining', 'bookings', 'front-of-house')),
  CONSTRAINT carts_status CHECK (status IN ('open', 'completing', 'completed')),
  CONSTRAINT carts_completed_order CHECK ((status = 'completed') = (complete_order_id IS NOT NULL))
);
-- At most one basket a customer can still change or pay for.
CREATE UNIQUE INDEX carts_one_open_per_customer ON carts (customer_id) WHERE status <> 'completed';

CREATE TABLE cart_items (
  id serial PRIMARY KEY,
  cart_id integer NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  item_type text NOT NULL,
  membership_type_id integer NOT NULL REFERENCES membership_types (id),
  payment_option_id integer NOT NULL REFERENCES payment_options (id),
  venue_id integer NOT NULL REFERENCES venues (id),
  purchased_for_customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  renews_membership_id integer REFERENCES customer_memberships (id) ON DELETE CASCADE,
  start_date date NOT NULL,
  billing_day integer,
  promotion_id integer REFERENCES promotions (id),
  description text NOT NULL,
  amount_pence integer NOT NULL,
  costs jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT cart_items_type CHECK (item_type IN ('membership', 'membership_renewal')),
  CONSTRAINT cart_items_renewal CHECK ((item_type = 'membership_renewal') = (renews_membership_id IS NOT NULL)),
  CONSTRAINT cart_items_billing_day CHECK (billing_day IS NULL OR billing_day BETWEEN 1 AND 28),
  CONSTRAINT cart_items_amount CHECK (amount_pence >= 0)
);
CREATE INDEX cart_items_cart_idx ON cart_items (cart_id);
-- A membership type once per basket, and a held membership's renewal once.
CREATE UNIQUE INDEX cart_items_one_per_type ON cart_items (cart_id, membership_type_id);
