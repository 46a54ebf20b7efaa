-- What a card payment paid for, per line kind (issue 32 item 1, decision 0077): checkout records
-- each kind's own record under the kind's name without knowing what it holds. Until now only
-- bookings recorded theirs, in booking_lines; those records move under "booking". booking_lines
-- stays (unwritten) for one release, so an instance still running the old code during a rolling
-- deploy keeps reading what it wrote.
ALTER TABLE payment_attempts ADD COLUMN paid_lines jsonb NOT NULL DEFAULT '{}';
UPDATE payment_attempts
   SET paid_lines = jsonb_build_object('booking', booking_lines)
 WHERE booking_lines <> '[]'::jsonb;
-- A waiting list offer's payment (decision 0054) records its place under the offered place's kind.
UPDATE payment_attempts
   SET paid_lines = jsonb_build_object('waiting-list-offer', jsonb_build_object(
         'entryId', waiting_list_entry_id,
         'priceId', (booking_lines -> 0 ->> 'priceId')::int,
         'pricePence', (booking_lines -> 0 ->> 'amountPence')::int))
 WHERE waiting_list_entry_id IS NOT NULL AND booking_lines <> '[]'::jsonb;
