-- A change of membership (pricing.md, "Change of membership") is a basket line too: what is due now
-- for moving a held monthly membership to another. Checkout applies it to the held membership.
ALTER TABLE cart_items ADD COLUMN changes_membership_id integer REFERENCES customer_memberships (id) ON DELETE CASCADE;
ALTER TABLE cart_items DROP CONSTRAINT cart_items_type;
ALTER TABLE cart_items ADD CONSTRAINT cart_items_type
  CHECK (item_type IN ('membership', 'membership_renewal', 'membership_change'));
ALTER TABLE cart_items ADD CONSTRAINT cart_items_change
  CHECK ((item_type = 'membership_change') = (changes_membership_id IS NOT NULL));
