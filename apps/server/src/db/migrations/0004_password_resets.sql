-- Single-use password reset tokens (stored as SHA-256), expiring and replaced on re-issue.
CREATE TABLE password_reset_tokens (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_reset_tokens_customer_idx ON password_reset_tokens (customer_id);
