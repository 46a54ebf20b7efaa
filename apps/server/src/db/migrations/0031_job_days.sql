-- Jobs that run once a day across every instance (the session generator) mark the day in the same
-- transaction as their work: with several instances exactly one does the day's work (the others
-- wait on the row, then find it marked), and a run that fails leaves the day unmarked for the next.
CREATE TABLE job_days (
  job text NOT NULL,
  day date NOT NULL,
  done_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (job, day)
);
