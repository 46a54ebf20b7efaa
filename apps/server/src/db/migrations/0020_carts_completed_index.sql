-- The basket answer names the order a customer's basket has just become (decision 0019): it looks
-- up their latest completed basket whenever they have no open one, so that lookup needs an index
-- rather than a scan of every basket ever paid for.
CREATE INDEX carts_completed_by_customer ON carts (customer_id, updated_at DESC) WHERE status = 'completed';
