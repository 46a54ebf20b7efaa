-- Issue 22 item 4: a member pays a failed Direct Debit collection by card from the Dashboard. The
-- basket carries one 'outstanding_balance' line per failed collection (once per basket), checkout
-- pays it like any other line, and the order recovers the collection: it records which order did.
ALTER TABLE cart_items ADD COLUMN recovers_collection_id integer
  REFERENCES direct_debit_collections (id) ON DELETE CASCADE;
ALTER TABLE cart_items DROP CONSTRAINT cart_items_type;
ALTER TABLE cart_items ADD CONSTRAINT cart_items_type
  CHECK (item_type IN ('membership', 'membership_renewal', 'membership_change', 'outstanding_balance'));
ALTER TABLE cart_items ADD CONSTRAINT cart_items_outstanding_balance
  CHECK ((item_type = 'outstanding_balance') = (recovers_collection_id IS NOT NULL));
CREATE UNIQUE INDEX cart_items_one_line_per_collection ON cart_items (cart_id, recovers_collection_id)
  WHERE recovers_collection_id IS NOT NULL;

-- The order whose card payment recovered a failed collection: set once, with status 'recovered'.
ALTER TABLE direct_debit_collections ADD COLUMN recovered_order_id integer REFERENCES orders (id);

ALTER TABLE order_items DROP CONSTRAINT order_items_type;
ALTER TABLE order_items ADD CONSTRAINT order_items_type
  CHECK (item_type IN ('membership', 'booking', 'package', 'fee', 'outstanding_balance'));
