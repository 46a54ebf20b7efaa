-- Issue 18 item 1 (decision 0048): a membership benefit can pay for bookings. `covers` names the
-- activity and category keys it pays for ({"activities": [...], "categories": [...]}); a benefit
-- covering nothing stays words on the membership's card. `discount_percent` is how much of the
-- price it takes off (100: free).
ALTER TABLE membership_benefits
  ADD COLUMN covers jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN discount_percent integer NOT NULL DEFAULT 100
    CONSTRAINT membership_benefits_discount_percent CHECK (discount_percent BETWEEN 1 AND 100);

-- How many uses of a counted benefit a membership has taken in one period (held in a basket or
-- spent on a booking). Taking a use is one INSERT ... ON CONFLICT DO UPDATE ... WHERE used < total,
-- which PostgreSQL re-checks after waiting for the row's lock: the last use goes to one taker.
CREATE TABLE benefit_use_counts (
  customer_membership_id integer NOT NULL REFERENCES customer_memberships (id) ON DELETE CASCADE,
  benefit_id integer NOT NULL REFERENCES membership_benefits (id) ON DELETE CASCADE,
  period_start date NOT NULL,
  used integer NOT NULL CONSTRAINT benefit_use_counts_used CHECK (used >= 0),
  PRIMARY KEY (customer_membership_id, benefit_id, period_start)
);

-- One use of a benefit: 'held' while its basket line holds it, 'spent' once the booking is made,
-- 'returned' when that booking is cancelled. `counted` says whether it is in benefit_use_counts
-- (an unlimited benefit's uses are not).
CREATE TABLE benefit_uses (
  id serial PRIMARY KEY,
  customer_membership_id integer NOT NULL REFERENCES customer_memberships (id) ON DELETE CASCADE,
  benefit_id integer NOT NULL REFERENCES membership_benefits (id) ON DELETE CASCADE,
  period_start date NOT NULL,
  counted boolean NOT NULL,
  discount_pence integer NOT NULL CONSTRAINT benefit_uses_discount CHECK (discount_pence >= 0),
  status text NOT NULL DEFAULT 'held' CONSTRAINT benefit_uses_status CHECK (status IN ('held', 'spent', 'returned')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX benefit_uses_membership ON benefit_uses (customer_membership_id, benefit_id);

ALTER TABLE cart_booking_lines
  ADD COLUMN benefit_use_id integer REFERENCES benefit_uses (id) ON DELETE SET NULL;
-- A line paid for (in part) by a benefit costs less than its places: at most, never below nothing.
ALTER TABLE cart_booking_lines DROP CONSTRAINT cart_booking_lines_amount;
ALTER TABLE cart_booking_lines ADD CONSTRAINT cart_booking_lines_amount
  CHECK (unit_price_pence >= 0 AND amount_pence BETWEEN 0 AND unit_price_pence * quantity);
CREATE UNIQUE INDEX cart_booking_lines_benefit_use ON cart_booking_lines (benefit_use_id)
  WHERE benefit_use_id IS NOT NULL;
ALTER TABLE customer_bookings
  ADD COLUMN benefit_use_id integer REFERENCES benefit_uses (id) ON DELETE SET NULL;

-- A held use goes back the moment its line lets go of it, however that happens: the line removed,
-- its hold lapsed (the job or the next call), the basket emptied or reset at a kiosk, or the
-- benefit taken off. Booking completion marks the use 'spent' before deleting the line, so a
-- bought booking keeps it. In the transaction that changes the line, so it happens exactly once.
CREATE FUNCTION give_back_held_benefit_use() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.benefit_use_id IS NOT DISTINCT FROM OLD.benefit_use_id THEN
    RETURN NEW;
  END IF;
  WITH gone AS (
    DELETE FROM benefit_uses WHERE id = OLD.benefit_use_id AND status = 'held'
    RETURNING customer_membership_id, benefit_id, period_start, counted)
  UPDATE benefit_use_counts c SET used = c.used - 1
    FROM gone
   WHERE gone.counted AND c.customer_membership_id = gone.customer_membership_id
     AND c.benefit_id = gone.benefit_id AND c.period_start = gone.period_start;
  RETURN NULL;
END;
$$;
CREATE TRIGGER cart_booking_lines_give_back_benefit_use
  AFTER DELETE OR UPDATE OF benefit_use_id ON cart_booking_lines
  FOR EACH ROW WHEN (OLD.benefit_use_id IS NOT NULL)
  EXECUTE FUNCTION give_back_held_benefit_use();
