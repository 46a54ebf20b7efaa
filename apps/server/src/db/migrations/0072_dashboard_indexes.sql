-- Issue 37 item 4: the manager's dashboard within 1 s on a year of a 20-centre operator
-- (`npm run bench:reports`, README). Each index serves the dashboard's reads of a centre and a
-- range; none changes what any query answers.

-- Money taken: completed, not voided orders of the centres, by when they completed (the
-- dashboard's `coalesce(completed_at, created_at)`, so the expression is the index's).
CREATE INDEX orders_completed_at_centre ON orders (venue_id, (coalesce(completed_at, created_at)))
  WHERE status = 'completed' AND voided_at IS NULL;

-- A centre's members: their movements, and the Direct Debit collections found through them.
CREATE INDEX customer_memberships_home_venue ON customer_memberships (home_venue_id, membership_type_id);

-- What the dashboard adds up of an order, its tenders and its lines, read from the index alone
-- (the order's tenders index, made again with the columns; the lines' own unique index keeps
-- their order).
DROP INDEX order_tenders_order;
CREATE INDEX order_tenders_order ON order_tenders (order_id) INCLUDE (tender_type, amount_pence, handed_back_pence);
CREATE INDEX order_items_amounts ON order_items (order_id) INCLUDE (item_type, amount_pence);

-- A member's Direct Debit collections by billing date, with what the dashboard counts of them.
CREATE INDEX direct_debit_collections_by_member ON direct_debit_collections (customer_membership_id, billing_date)
  INCLUDE (status, charge_date, amount_pence);

-- Places booked in a session, read from the index alone (bookings per day, utilisation).
CREATE INDEX customer_bookings_session_places ON customer_bookings (session_id) INCLUDE (quantity)
  WHERE status <> 'cancelled';

-- Memberships changed in a range (a few among every payment's and notice's events).
CREATE INDEX membership_events_changed ON membership_events (occurred_at, customer_membership_id)
  WHERE kind = 'changed';

-- The days the dashboard's ranges are compared with are expressions: statistics of their own let
-- the planner see that a year holds most rows (it guessed a few, and sorted to disk to group them).
CREATE STATISTICS orders_completed_or_created ON (coalesce(completed_at, created_at)) FROM orders;
CREATE STATISTICS direct_debit_collections_charged_or_billed ON (coalesce(charge_date, billing_date))
  FROM direct_debit_collections;
