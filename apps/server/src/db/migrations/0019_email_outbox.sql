-- Every email goes through this table (issue 15): it is written in the same transaction as what it
-- reports, and a job on any instance sends it. A row is claimed (claimed_until) before its send, so
-- two instances never send it at once, and a claim left by a process that died runs out and the
-- row is sent by another. dedupe_key makes "this email, once" a constraint (a receipt per order).
CREATE TABLE email_outbox (
  id bigserial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  dedupe_key text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz,
  sent_at timestamptz,
  -- 'smtp', or 'outbox' when no SMTP server is configured (the demo: the mail stays on /dev/outbox)
  delivered_by text,
  last_error text
);
CREATE INDEX email_outbox_due ON email_outbox (next_attempt_at) WHERE sent_at IS NULL;
