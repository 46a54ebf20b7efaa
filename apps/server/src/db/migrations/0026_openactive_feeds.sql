-- OpenActive open data (issue 17, decision 0035). RPDE feeds are read in order of a `modified` number
-- that only grows, from `activity_feed_modified_seq` (migration 0022). Sessions carry their own;
-- the series (SessionSeries, FacilityUse) are one per activity and venue and need a row of their own
-- to carry theirs, kept current by the triggers below whoever changes the catalogue. Rows that are
-- deleted leave a tombstone so the feeds can say `state: deleted`.

CREATE TABLE openactive_series (
  id serial PRIMARY KEY,
  activity_id integer NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
  venue_id integer NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
  -- the activity's kind, copied so a feed page is one index walk: session -> SessionSeries, facility -> FacilityUse
  kind text NOT NULL,
  modified bigint NOT NULL DEFAULT nextval('activity_feed_modified_seq'),
  CONSTRAINT openactive_series_kind CHECK (kind IN ('session', 'facility')),
  CONSTRAINT openactive_series_one_per_activity_venue UNIQUE (activity_id, venue_id)
);
CREATE INDEX openactive_series_feed_idx ON openactive_series (kind, modified, id);

-- What a feed must still announce as deleted: `feed` is the feed's path name.
CREATE TABLE openactive_deleted_items (
  feed text NOT NULL,
  item_id integer NOT NULL,
  modified bigint NOT NULL DEFAULT nextval('activity_feed_modified_seq'),
  CONSTRAINT openactive_deleted_items_feed CHECK (feed IN ('session-series', 'scheduled-sessions', 'facility-uses', 'slots')),
  PRIMARY KEY (feed, item_id)
);
CREATE INDEX openactive_deleted_items_feed_idx ON openactive_deleted_items (feed, modified, item_id);

-- A new session makes its activity and venue a series, once.
CREATE FUNCTION lido_openactive_series_for_sessions() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO openactive_series (activity_id, venue_id, kind)
    SELECT DISTINCT i.activity_id, i.venue_id, a.kind FROM inserted_sessions i JOIN activities a ON a.id = i.activity_id
  ON CONFLICT (activity_id, venue_id) DO NOTHING;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER activity_sessions_make_series AFTER INSERT ON activity_sessions
  REFERENCING NEW TABLE AS inserted_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION lido_openactive_series_for_sessions();

-- A removed session is announced as deleted in the feed it was in.
CREATE FUNCTION lido_openactive_session_deleted() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO openactive_deleted_items (feed, item_id)
    SELECT CASE WHEN a.kind = 'facility' THEN 'slots' ELSE 'scheduled-sessions' END, OLD.id
    FROM activities a WHERE a.id = OLD.activity_id
  ON CONFLICT (feed, item_id) DO UPDATE SET modified = nextval('activity_feed_modified_seq');
  RETURN NULL;
END
$fn$;
CREATE TRIGGER activity_sessions_feed_deleted AFTER DELETE ON activity_sessions
  FOR EACH ROW EXECUTE FUNCTION lido_openactive_session_deleted();

CREATE FUNCTION lido_openactive_series_deleted() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO openactive_deleted_items (feed, item_id)
    VALUES (CASE WHEN OLD.kind = 'facility' THEN 'facility-uses' ELSE 'session-series' END, OLD.id)
  ON CONFLICT (feed, item_id) DO UPDATE SET modified = nextval('activity_feed_modified_seq');
  RETURN NULL;
END
$fn$;
CREATE TRIGGER openactive_series_feed_deleted AFTER DELETE ON openactive_series
  FOR EACH ROW EXECUTE FUNCTION lido_openactive_series_deleted();

-- What a series shows comes from its activity, the activity's prices and the venue: a real change to
-- any of them gives the series a new `modified` (an import that writes the same values changes nothing).
CREATE FUNCTION lido_openactive_activity_changed() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE openactive_series SET kind = NEW.kind, modified = nextval('activity_feed_modified_seq')
    WHERE activity_id = NEW.id;
  -- Withdrawn (or brought back): its sessions leave (or rejoin) the feed too. Touching them gives
  -- each the next `feed_modified` through their own trigger; only a withdrawal does this, so it is rare.
  IF OLD.active IS DISTINCT FROM NEW.active THEN
    UPDATE activity_sessions SET updated_at = now() WHERE activity_id = NEW.id;
  END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER activities_feed_changed AFTER UPDATE ON activities
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION lido_openactive_activity_changed();

CREATE FUNCTION lido_openactive_price_changed() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE openactive_series SET modified = nextval('activity_feed_modified_seq')
    WHERE activity_id = CASE WHEN TG_OP = 'DELETE' THEN OLD.activity_id ELSE NEW.activity_id END;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER activity_prices_feed_added AFTER INSERT OR DELETE ON activity_prices
  FOR EACH ROW EXECUTE FUNCTION lido_openactive_price_changed();
CREATE TRIGGER activity_prices_feed_changed AFTER UPDATE ON activity_prices
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION lido_openactive_price_changed();

CREATE FUNCTION lido_openactive_venue_changed() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE openactive_series SET modified = nextval('activity_feed_modified_seq') WHERE venue_id = NEW.id;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER venues_feed_changed AFTER UPDATE ON venues
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION lido_openactive_venue_changed();

-- A series publishes its weekly schedule too: a schedule added, changed or removed changes the series.
CREATE FUNCTION lido_openactive_schedule_changed() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  row activity_schedules%ROWTYPE;
BEGIN
  row := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  UPDATE openactive_series SET modified = nextval('activity_feed_modified_seq')
    WHERE activity_id = row.activity_id
      AND venue_id = (SELECT l.venue_id FROM activity_locations l WHERE l.id = row.location_id);
  RETURN NULL;
END
$fn$;
CREATE TRIGGER activity_schedules_feed_added AFTER INSERT OR DELETE ON activity_schedules
  FOR EACH ROW EXECUTE FUNCTION lido_openactive_schedule_changed();
CREATE TRIGGER activity_schedules_feed_changed AFTER UPDATE ON activity_schedules
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION lido_openactive_schedule_changed();
