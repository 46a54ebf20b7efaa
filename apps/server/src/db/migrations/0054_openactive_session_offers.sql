-- Scheduled sessions and slots publish their activity's prices as `offers` (issue 34 item 9,
-- decision 0079), so a real change of price must republish them as it does their series. Touching a
-- session gives it the next `feed_modified` through its own trigger (migration 0022). Only sessions
-- still to end are touched: a harvester has no use for a new price on a session that is over, and a
-- change of price is a catalogue import, so this is rare.
CREATE OR REPLACE FUNCTION lido_openactive_price_changed() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  changed integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.activity_id ELSE NEW.activity_id END;
BEGIN
  UPDATE openactive_series SET modified = nextval('activity_feed_modified_seq') WHERE activity_id = changed;
  UPDATE activity_sessions SET updated_at = now() WHERE activity_id = changed AND ends_at > now();
  RETURN NULL;
END
$fn$;

-- The sessions of one activity, for the update above (and any other "this activity's sessions").
CREATE INDEX activity_sessions_activity_idx ON activity_sessions (activity_id, ends_at);
