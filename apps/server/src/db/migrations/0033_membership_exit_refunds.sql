-- Leaving a membership in the cooling-off period (issue 22 item 2): the refund it was given, and
-- where its card share stands, so a refund that failed is found and never made twice.
ALTER TABLE customer_memberships
  ADD COLUMN cooling_off_refund_pence integer,
  ADD COLUMN cooling_off_card_refund_pence integer,
  ADD COLUMN cooling_off_card_refund_status text,
  ADD CONSTRAINT customer_memberships_cooling_off_refund CHECK (
    (cooling_off_refund_pence IS NULL OR cooling_off_refund_pence >= 0)
    AND (cooling_off_card_refund_pence IS NULL OR cooling_off_card_refund_pence >= 0)),
  ADD CONSTRAINT customer_memberships_card_refund_status CHECK (
    cooling_off_card_refund_status IS NULL OR cooling_off_card_refund_status IN ('pending', 'done', 'failed'));
