-- The clean-up job (modules/maintenance) deletes old rate-limit windows and ended sessions every
-- minute; these indexes keep those deletes from reading the whole table.
CREATE INDEX rate_limit_hits_window_start_idx ON rate_limit_hits (window_start);
CREATE INDEX sessions_last_seen_at_idx ON sessions (last_seen_at);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);
