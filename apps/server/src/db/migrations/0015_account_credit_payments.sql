-- Account credit pays for part or all of a basket (platform spec §3 "Offline payment", tender
-- `credit`): the attempt records the credit that goes with its card payment, the order what was
-- paid by credit, and a balance can never go below zero (the deduction is checked in the order's
-- transaction, so two checkouts cannot spend the same credit).
ALTER TABLE payment_attempts ADD COLUMN credit_pence integer NOT NULL DEFAULT 0;
ALTER TABLE payment_attempts ADD CONSTRAINT payment_attempts_credit CHECK (credit_pence >= 0);
ALTER TABLE orders ADD COLUMN credit_pence integer NOT NULL DEFAULT 0;
ALTER TABLE orders ADD CONSTRAINT orders_credit CHECK (credit_pence >= 0);
ALTER TABLE customers ADD CONSTRAINT customers_credit_balance CHECK (credit_balance_pence >= 0);
