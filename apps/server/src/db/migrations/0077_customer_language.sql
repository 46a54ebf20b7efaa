-- Issue 38 item 3 (decision 0108): the language a customer chose, for what Lido sends them (emails
-- and receipts, by any instance and by background jobs) and for the desk to answer in. Written by
-- the customers module only; English until the customer chooses Welsh.
ALTER TABLE customers ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'cy'));
