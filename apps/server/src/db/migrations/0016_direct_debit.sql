-- Direct Debit (issue 8). Lido never stores bank details: the provider's billing request holds them
-- between the joining page and the order, and we keep only what may be shown back (the holder, the
-- last two digits of the account and sort code, the bank's name).

-- The bank account checked on the joining page, waiting for its basket to be paid for.
CREATE TABLE cart_direct_debits (
  cart_id integer PRIMARY KEY REFERENCES carts(id) ON DELETE CASCADE,
  provider text NOT NULL,
  billing_request_id text NOT NULL,
  account_holder text NOT NULL,
  account_number_ending text NOT NULL CHECK (account_number_ending ~ '^[0-9]{2}$'),
  sort_code_ending text NOT NULL CHECK (sort_code_ending ~ '^[0-9]{2}$'),
  bank_name text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A customer's Direct Debit instruction: made when an order with a monthly membership completes,
-- then set up with the provider (the billing request fulfilled into a mandate) after the commit.
CREATE TABLE direct_debit_instructions (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  order_id integer REFERENCES orders(id),
  provider text NOT NULL,
  billing_request_id text NOT NULL UNIQUE,
  provider_customer_id text,
  provider_bank_account_id text,
  mandate_id text UNIQUE,
  reference text,
  status text NOT NULL DEFAULT 'setting_up',
  account_holder text NOT NULL,
  account_number_ending text NOT NULL CHECK (account_number_ending ~ '^[0-9]{2}$'),
  sort_code_ending text NOT NULL CHECK (sort_code_ending ~ '^[0-9]{2}$'),
  bank_name text,
  next_possible_charge_date date,
  failure_reason text,
  -- Bacs: the payer hears of the new instruction within 3 working days of giving their details.
  confirmation_due_by date NOT NULL,
  confirmation_sent_at timestamptz,
  setup_attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT direct_debit_instructions_status CHECK (status IN ('setting_up', 'pending_customer_approval',
    'pending_submission', 'submitted', 'active', 'failed', 'cancelled', 'expired', 'consumed', 'blocked',
    'suspended_by_payer', 'setup_failed'))
);
CREATE INDEX direct_debit_instructions_customer ON direct_debit_instructions (customer_id);

-- Each collection the instruction takes, from the first billing date the pricing rules give.
CREATE TABLE direct_debit_collections (
  id serial PRIMARY KEY,
  instruction_id integer NOT NULL REFERENCES direct_debit_instructions(id) ON DELETE CASCADE,
  customer_membership_id integer NOT NULL REFERENCES customer_memberships(id) ON DELETE CASCADE,
  description text NOT NULL,
  amount_pence integer NOT NULL CHECK (amount_pence > 0),
  billing_date date NOT NULL,
  charge_date date,
  payment_id text UNIQUE,
  status text NOT NULL DEFAULT 'scheduled',
  failure_reason text,
  notice_sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (customer_membership_id, billing_date),
  -- 'cancelling': replaced by a membership change, to be cancelled at the provider.
  CONSTRAINT direct_debit_collections_status CHECK (status IN ('scheduled', 'cancelling', 'pending_customer_approval',
    'pending_submission', 'submitted', 'confirmed', 'paid_out', 'cancelled', 'customer_approval_denied',
    'failed', 'charged_back'))
);

-- A failed mandate or collection marks the membership, and the member sees a notice.
ALTER TABLE customer_memberships ADD COLUMN payment_problem text;
ALTER TABLE customer_memberships ADD CONSTRAINT customer_memberships_payment_problem
  CHECK (payment_problem IS NULL OR payment_problem IN ('mandate_failed', 'mandate_cancelled', 'mandate_expired', 'payment_failed', 'payment_charged_back'));
