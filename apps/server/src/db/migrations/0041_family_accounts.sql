-- Family accounts (issue 18 item 4, decision 0051): a dependant is a customer row of its own,
-- linked to the account holder who pays for it. It has no login of its own (the holder books,
-- buys and cancels for it), so it never sees the holder's cards or payments.
ALTER TABLE customers
  ADD COLUMN account_holder_id integer REFERENCES customers (id) ON DELETE CASCADE,
  ADD COLUMN relationship text,
  -- Removing a dependant keeps the row (its past bookings and memberships still name them) but
  -- takes it out of the family: it can no longer be chosen or changed.
  ADD COLUMN removed_from_family_at timestamptz,
  ADD CONSTRAINT customers_relationship CHECK (
    (account_holder_id IS NULL AND relationship IS NULL)
    OR (account_holder_id IS NOT NULL AND relationship IN ('child', 'partner', 'other'))
  ),
  -- A dependant's holder is never itself a dependant: one level only.
  ADD CONSTRAINT customers_not_own_holder CHECK (account_holder_id IS DISTINCT FROM id);
CREATE INDEX customers_account_holder_idx ON customers (account_holder_id) WHERE account_holder_id IS NOT NULL;
