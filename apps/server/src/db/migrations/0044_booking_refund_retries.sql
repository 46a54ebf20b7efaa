-- A cancelled booking's card refund that failed, or whose process stopped mid-call, is tried again
-- by a job with the same refund reference (the provider refunds a reference once), instead of
-- waiting for staff. Staff see only the refunds the job gave up on.
ALTER TABLE customer_bookings
  ADD COLUMN refund_card_pence integer,
  ADD COLUMN refund_attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN refund_tried_at timestamptz;
