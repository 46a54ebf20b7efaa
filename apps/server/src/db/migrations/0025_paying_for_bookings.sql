-- Paying for bookings (issue 17, decision 0032).
--
-- A card payment remembers the booking lines it paid for, with the waivers accepted for them: if a
-- line's hold is released while the customer is in 3-D Secure (it lapsed and the sweeper gave the
-- place back), completion takes the place again if it is still free, or gives the money back. The
-- reconciler completes without the browser, so the accepted waivers must be on the attempt too.
ALTER TABLE payment_attempts ADD COLUMN booking_lines jsonb NOT NULL DEFAULT '[]';

-- A confirmation email carries the booking's calendar file (.ics) as an attachment.
ALTER TABLE email_outbox ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]';

-- A card refund of a cancelled booking is claimed in the booking's own row before the provider is
-- called, so a crash between the two leaves a row staff can find (refund_status 'pending').
ALTER TABLE customer_bookings
  ADD COLUMN refund_status text,
  ADD CONSTRAINT customer_bookings_refund_status CHECK (refund_status IS NULL OR refund_status IN ('pending', 'done', 'failed'));
