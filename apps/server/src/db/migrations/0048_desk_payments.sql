-- Taking payment at the front desk (issue 19 items 4 and 5, decision 0056): who took an order,
-- the change given from cash, the tenders that paid it, and its void; the desk's transaction UUID
-- is claimed once so a repeated or concurrent pay makes one order.
ALTER TABLE orders
  ADD COLUMN taken_by_staff_user_id integer REFERENCES staff_users(id),
  ADD COLUMN change_pence integer NOT NULL DEFAULT 0 CHECK (change_pence >= 0),
  ADD COLUMN voided_at timestamptz,
  ADD COLUMN voided_by_staff_user_id integer REFERENCES staff_users(id),
  ADD COLUMN void_reason text;
CREATE INDEX orders_taken_at_desk ON orders (completed_at) WHERE taken_by_staff_user_id IS NOT NULL;

CREATE TABLE order_tenders (
  id serial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  tender_type text NOT NULL CHECK (tender_type IN ('cash', 'offline-voucher', 'cheque', 'credit')),
  -- what the tender paid of the order: for cash, what was handed over less the change
  amount_pence integer NOT NULL CHECK (amount_pence >= 0),
  tendered_pence integer NOT NULL CHECK (tendered_pence > 0 AND tendered_pence >= amount_pence),
  staff_user_id integer NOT NULL REFERENCES staff_users(id)
);
CREATE INDEX order_tenders_order ON order_tenders (order_id);

-- One row per desk transaction, claimed first in the order's transaction: a second claim of the
-- same UUID waits for the first, then answers its order (or 409 when it asked for something else).
CREATE TABLE desk_payments (
  transaction_uuid uuid PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers(id),
  staff_user_id integer NOT NULL REFERENCES staff_users(id),
  tenders jsonb NOT NULL,
  order_id integer REFERENCES orders(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
