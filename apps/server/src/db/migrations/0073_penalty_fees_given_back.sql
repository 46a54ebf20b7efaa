-- A no-show fee already paid when the booking is corrected to attended is given back as account
-- credit, once (decision 0101): the moment it was given back. An unpaid one is waived as before.
ALTER TABLE account_penalty_fees ADD COLUMN given_back_at timestamptz;
ALTER TABLE account_penalty_fees ADD CONSTRAINT account_penalty_fees_given_back_when_paid
  CHECK (given_back_at IS NULL OR paid_at IS NOT NULL);
