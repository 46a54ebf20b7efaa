-- Money given back, counted once per order (issue 40 items 1 and 4, decision 0072).

-- Every refund an order makes, whoever makes it: a cancelled booking, a cooling-off cancellation, a
-- void at the desk (and, later, a centre's cancellation). Each refund path locks the order's row,
-- reads what is here, and adds its row in the same transaction, so what an order gives back can
-- never be more than was paid for it, whichever came first and on whichever instance.
CREATE TABLE order_refunds (
  id bigserial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('booking_cancelled', 'membership_cooled_off', 'void')),
  -- the booking, the membership, or (for a void) the order itself: each is refunded once, ever
  subject_id integer NOT NULL,
  amount_pence integer NOT NULL CHECK (amount_pence >= 0),
  at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (kind, subject_id)
);
CREATE INDEX order_refunds_order ON order_refunds (order_id);

-- What happened before the ledger: cancelled bookings' refunds, cooling-off refunds (the part an
-- order can have paid: never more than its total), and voids (which handed back every tender).
INSERT INTO order_refunds (order_id, kind, subject_id, amount_pence, at)
SELECT b.order_id, 'booking_cancelled', b.id, b.refund_pence, coalesce(b.cancelled_at, now())
FROM customer_bookings b
WHERE b.order_id IS NOT NULL AND b.status = 'cancelled' AND b.refund_pence > 0;

INSERT INTO order_refunds (order_id, kind, subject_id, amount_pence, at)
SELECT m.order_id, 'membership_cooled_off', m.id, least(m.cooling_off_refund_pence, o.total_pence),
  coalesce(m.cancel_requested_at, now())
FROM customer_memberships m
JOIN orders o ON o.id = m.order_id
WHERE m.cancel_kind = 'cooling_off' AND m.cooling_off_refund_pence > 0;

INSERT INTO order_refunds (order_id, kind, subject_id, amount_pence, at)
SELECT o.id, 'void', o.id, coalesce(sum(t.amount_pence), 0), o.voided_at
FROM orders o
LEFT JOIN order_tenders t ON t.order_id = o.id
WHERE o.voided_at IS NOT NULL
GROUP BY o.id;

-- Vouchers the operator issues in Lido: a code, what it was worth, and what is left of it.
CREATE TABLE vouchers (
  id serial PRIMARY KEY,
  code text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9-]{4,40}$'),
  value_pence integer NOT NULL CHECK (value_pence > 0 AND value_pence <= 100000000),
  balance_pence integer NOT NULL CHECK (balance_pence >= 0 AND balance_pence <= value_pence),
  expires_on date,
  issued_at timestamptz NOT NULL DEFAULT now(),
  issued_by text NOT NULL,
  note text
);

-- A voucher tender names its voucher; a void records what it handed back of each tender (all of
-- it, or, when refunds came first, what was left: a part of a voucher or cheque goes back in cash).
ALTER TABLE order_tenders
  ADD COLUMN voucher_code text CHECK (
    voucher_code IS NULL OR (tender_type = 'offline-voucher' AND voucher_code ~ '^[A-Z0-9-]{4,40}$')
  ),
  ADD COLUMN voucher_id integer REFERENCES vouchers(id),
  ADD COLUMN handed_back_pence integer NOT NULL DEFAULT 0,
  ADD COLUMN handed_back_in_cash boolean NOT NULL DEFAULT false,
  ADD CONSTRAINT order_tenders_handed_back CHECK (handed_back_pence >= 0 AND handed_back_pence <= amount_pence);

UPDATE order_tenders t SET handed_back_pence = t.amount_pence
FROM orders o
WHERE o.id = t.order_id AND o.voided_at IS NOT NULL;

-- A voucher from outside Lido is spent once: its code can pay again only after a void handed it back.
CREATE UNIQUE INDEX order_tenders_other_voucher_once ON order_tenders (voucher_code)
  WHERE voucher_code IS NOT NULL AND voucher_id IS NULL AND (handed_back_pence = 0 OR handed_back_in_cash);

-- The desk's limits on cash (the catalogue's deskRules): what may be handed over, and given back.
ALTER TABLE operators
  ADD COLUMN desk_max_cash_tendered_pence integer NOT NULL DEFAULT 200000
    CHECK (desk_max_cash_tendered_pence BETWEEN 100 AND 10000000),
  ADD COLUMN desk_max_change_pence integer NOT NULL DEFAULT 10000
    CHECK (desk_max_change_pence BETWEEN 0 AND 1000000),
  ADD COLUMN desk_other_vouchers_accepted boolean NOT NULL DEFAULT true;
