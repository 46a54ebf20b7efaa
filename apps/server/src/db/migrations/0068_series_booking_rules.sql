-- Issue 35 item 2 (decision 0100): a weekly series may set its own age limits, waiver and
-- cancellation cut-off; NULL is the activity's. Each slot row of the series carries them, and a
-- session reads them from its slot (or the slot it was set apart from), falling back to its activity.
ALTER TABLE activity_schedules
  ADD COLUMN min_age integer CONSTRAINT activity_schedules_min_age CHECK (min_age BETWEEN 0 AND 120),
  ADD COLUMN max_age integer CONSTRAINT activity_schedules_max_age CHECK (max_age BETWEEN 0 AND 120),
  ADD COLUMN waiver_required boolean,
  ADD COLUMN waiver_text text,
  ADD COLUMN cancellation_cutoff_minutes integer
    CONSTRAINT activity_schedules_cutoff CHECK (cancellation_cutoff_minutes BETWEEN 0 AND 10080);
