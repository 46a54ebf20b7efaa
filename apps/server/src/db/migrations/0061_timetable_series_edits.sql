-- Issue 35 item 2 (decision 0092): the timetable edited in the staff site.
--
-- A session a manager chose to leave as it was when its series changed is set apart from the
-- series (schedule_id NULL) but remembers where it came from, so the series does not make a second
-- session on the same day and an import does not change it back.
ALTER TABLE activity_sessions
  ADD COLUMN origin_schedule_id integer REFERENCES activity_schedules(id) ON DELETE SET NULL;
CREATE INDEX activity_sessions_origin_schedule ON activity_sessions (origin_schedule_id)
  WHERE origin_schedule_id IS NOT NULL;

-- The catalogue file as last imported (defaults filled in), which `npm run catalogue:export`
-- writes back out with the sections the staff site changes read from the tables.
CREATE TABLE catalogue_files (
  operator_id integer PRIMARY KEY REFERENCES operators(id),
  file jsonb NOT NULL,
  imported_at timestamptz NOT NULL DEFAULT now()
);
