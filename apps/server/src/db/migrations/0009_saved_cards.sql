-- Cards a customer chose to save with the card provider. Only the provider's reference and what a
-- receipt may show (type, last four digits, expiry) are kept: never a card number (PCI DSS SAQ A).
CREATE TABLE saved_cards (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  provider text NOT NULL,
  provider_reference text NOT NULL,
  card_type text NOT NULL,
  last_four_digits text NOT NULL,
  expiry_month integer NOT NULL,
  expiry_year integer NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  address_line_1 text NOT NULL,
  address_line_2 text,
  city text NOT NULL,
  post_code text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT saved_cards_reference UNIQUE (provider, provider_reference),
  CONSTRAINT saved_cards_last_four CHECK (last_four_digits ~ '^[0-9]{4}$'),
  CONSTRAINT saved_cards_expiry CHECK (expiry_month BETWEEN 1 AND 12 AND expiry_year BETWEEN 2000 AND 2100)
);
CREATE INDEX saved_cards_customer_idx ON saved_cards (customer_id);
