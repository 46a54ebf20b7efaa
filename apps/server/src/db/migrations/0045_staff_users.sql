-- Front-of-house staff (issue 19): accounts that are not customers, with a role, their own
-- sessions, and an audit log of what they change that nobody can edit or delete.
CREATE TABLE staff_users (
  id serial PRIMARY KEY,
  operator_id integer NOT NULL REFERENCES operators(id),
  username text NOT NULL,
  display_name text NOT NULL,
  role text NOT NULL CHECK (role IN ('desk', 'supervisor')),
  password_hash text NOT NULL,
  -- the spec's "a current staff user may carry its own currency symbol"
  currency_symbol text NOT NULL DEFAULT '£',
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX staff_users_username ON staff_users (operator_id, lower(username));

CREATE TABLE staff_sessions (
  id serial PRIMARY KEY,
  staff_user_id integer NOT NULL REFERENCES staff_users(id),
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);

CREATE TABLE staff_audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  -- the staff member, or null for the command line (then `actor` says so)
  staff_user_id integer REFERENCES staff_users(id),
  actor text NOT NULL,
  action text NOT NULL,
  customer_id integer REFERENCES customers(id),
  order_id integer REFERENCES orders(id),
  amount_pence integer,
  details jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX staff_audit_log_at ON staff_audit_log (at);

CREATE FUNCTION staff_audit_log_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'the staff audit log cannot be changed or deleted';
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER staff_audit_log_append_only BEFORE UPDATE OR DELETE ON staff_audit_log
  FOR EACH ROW EXECUTE FUNCTION staff_audit_log_append_only();
