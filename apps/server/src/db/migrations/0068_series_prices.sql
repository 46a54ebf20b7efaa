-- Issue 35 item 2 (decision 0100): a weekly series may price some of its activity's bands its own
-- way (amount and booking window), as a JSON list [{band, pricePence, bookingWindowDays}] on each
-- of its slots; NULL is the activity's prices. The price rows stay the activity's: a series
-- changes the amount and window of a band, never which bands there are.
ALTER TABLE activity_schedules ADD COLUMN prices jsonb;
