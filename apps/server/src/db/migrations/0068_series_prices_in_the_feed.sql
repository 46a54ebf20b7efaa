-- Issue 35 item 2 (decision 0100): a session published in the OpenActive feeds shows its series'
-- own prices, so a real change of a series' prices republishes its sessions still to end, as a
-- change of an activity's prices does (migration 0054): touching a session gives it the next
-- `feed_modified` through its own trigger (migration 0022). An import that writes the same prices
-- again touches nothing.
CREATE FUNCTION lido_series_prices_changed() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE activity_sessions SET updated_at = now()
   WHERE (schedule_id = NEW.id OR origin_schedule_id = NEW.id) AND ends_at > now();
  RETURN NULL;
END
$fn$;
CREATE TRIGGER activity_schedules_prices_changed AFTER UPDATE OF prices ON activity_schedules
  FOR EACH ROW WHEN (OLD.prices IS DISTINCT FROM NEW.prices)
  EXECUTE FUNCTION lido_series_prices_changed();
