-- Issue 35 items 4 and 6 (decision 0101).
--
-- A note the customer gave when booking ("Anything the instructor should know?"): optional, plain
-- text, at most 200 characters. It travels from the basket line to the booking, and is read on the
-- session's register and in the customer's own booking.
ALTER TABLE cart_booking_lines ADD COLUMN note text
  CONSTRAINT cart_booking_lines_note_length CHECK (char_length(note) BETWEEN 1 AND 200);
ALTER TABLE customer_bookings ADD COLUMN note text
  CONSTRAINT customer_bookings_note_length CHECK (char_length(note) BETWEEN 1 AND 200);

-- A fee owed for a no-show or a late cancellation, when the operator's `bookingPenalties` gives
-- one (instead of, or as well as, a strike). Owned by the penalty-fees module. One per booking (the
-- unique key), so a register marked twice at once gives one fee. Owed until paid (by an order
-- through the basket) or waived by a manager with a reason; a no-show corrected to attended waives
-- its unpaid fee (waived_by NULL, "Marked attended"), and a no-show marked again owes it again.
CREATE TABLE account_penalty_fees (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  booking_id integer NOT NULL REFERENCES customer_bookings (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('no-show', 'late-cancel')),
  amount_pence integer NOT NULL CHECK (amount_pence > 0),
  given_at timestamptz NOT NULL DEFAULT now(),
  paid_order_id integer REFERENCES orders (id),
  paid_at timestamptz,
  waived_at timestamptz,
  waived_by integer REFERENCES staff_users (id),
  waived_reason text,
  CONSTRAINT account_penalty_fees_one_per_booking UNIQUE (booking_id),
  CONSTRAINT account_penalty_fees_paid CHECK ((paid_order_id IS NULL) = (paid_at IS NULL)),
  CONSTRAINT account_penalty_fees_paid_or_waived CHECK (paid_at IS NULL OR waived_at IS NULL)
);
CREATE INDEX account_penalty_fees_owed ON account_penalty_fees (customer_id)
  WHERE paid_at IS NULL AND waived_at IS NULL;

-- A fee in the basket, to be paid with the rest of it: once per basket.
CREATE TABLE cart_penalty_fee_lines (
  id integer PRIMARY KEY DEFAULT nextval('cart_items_id_seq'),
  cart_id integer NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  fee_id integer NOT NULL REFERENCES account_penalty_fees (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT cart_penalty_fee_lines_once UNIQUE (cart_id, fee_id)
);

ALTER TABLE order_items DROP CONSTRAINT order_items_type;
ALTER TABLE order_items ADD CONSTRAINT order_items_type
  CHECK (item_type IN ('membership', 'booking', 'package', 'fee', 'outstanding_balance', 'penalty_fee'));
