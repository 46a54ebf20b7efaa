-- What an order line bought, as it was priced at checkout (name, centre, dates, fees), so the
-- confirmation page and receipts show it even after the catalogue changes; and which order created
-- each membership.
ALTER TABLE order_items ADD COLUMN details jsonb;
ALTER TABLE customer_memberships ADD COLUMN order_id integer REFERENCES orders (id);
