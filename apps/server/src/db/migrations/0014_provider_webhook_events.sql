-- The webhook inbox (issue 7 and 8): a provider's event is applied once. Its id is recorded in the
-- same transaction as its effect, so a replay, a retry or five concurrent deliveries change nothing.
CREATE TABLE provider_webhook_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  event_type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);
