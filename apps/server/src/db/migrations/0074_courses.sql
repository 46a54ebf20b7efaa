-- Courses and swimming lessons (issue 36, decision 0105). A programme (Swim England Learn to Swim)
-- has ordered levels (Stage 1 to 7) with their outcomes; a course is a weekly class of one level at
-- a place in a centre, over a named term or continuous, paid per term or monthly by Direct Debit.
-- Written from the catalogue file; owned by the courses module (one writer per table, decision 0082).
CREATE TABLE course_programmes (
  id serial PRIMARY KEY,
  operator_id integer NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  key text NOT NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- "Which stage is my child?": the programme's own words, for parents choosing a level
  which_level text NOT NULL DEFAULT '',
  sort_order integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  CONSTRAINT course_programmes_key UNIQUE (operator_id, key)
);

CREATE TABLE course_levels (
  id serial PRIMARY KEY,
  programme_id integer NOT NULL REFERENCES course_programmes (id) ON DELETE CASCADE,
  key text NOT NULL,
  name text NOT NULL,
  -- 1, 2, 3 …: the order a pupil moves up through
  position integer NOT NULL CHECK (position >= 1),
  -- who the level is for, in the programme's words (shown under "Which stage is my child?")
  who_for text NOT NULL DEFAULT '',
  -- what a pupil must be able to do to complete the level (teachers mark these later)
  outcomes jsonb NOT NULL DEFAULT '[]'::jsonb,
  active boolean NOT NULL DEFAULT true,
  CONSTRAINT course_levels_key UNIQUE (programme_id, key)
);

-- A named term (Spring 2027): its dates, the dates it skips (half-term) and when its courses are
-- released to everyone (current pupils re-enrol before then, in a later slice).
CREATE TABLE course_terms (
  id serial PRIMARY KEY,
  operator_id integer NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  key text NOT NULL,
  name text NOT NULL,
  first_day date NOT NULL,
  last_day date NOT NULL,
  -- [{"from": "2027-02-13", "to": "2027-02-21"}, …]
  skips jsonb NOT NULL DEFAULT '[]'::jsonb,
  releases_at timestamptz NOT NULL,
  active boolean NOT NULL DEFAULT true,
  CONSTRAINT course_terms_key UNIQUE (operator_id, key),
  CHECK (first_day <= last_day)
);

CREATE TABLE courses (
  id serial PRIMARY KEY,
  operator_id integer NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  key text NOT NULL,
  -- shown to customers; NULL: the level's name
  name text,
  level_id integer NOT NULL REFERENCES course_levels (id),
  venue_id integer NOT NULL REFERENCES venues (id),
  location_id integer NOT NULL REFERENCES activity_locations (id),
  -- ISO weekday: 1 Monday … 7 Sunday
  weekday integer NOT NULL CHECK (weekday BETWEEN 1 AND 7),
  starts_at time NOT NULL,
  ends_at time NOT NULL,
  -- ages in whole years on ages_on (NULL: on the pupil's first lesson)
  min_age integer CHECK (min_age >= 0),
  max_age integer CHECK (max_age >= 0),
  ages_on date,
  capacity integer NOT NULL CHECK (capacity >= 1),
  teacher text NOT NULL DEFAULT '',
  -- over a term, or continuous from starts_on with no end
  term_id integer REFERENCES course_terms (id),
  starts_on date,
  -- the course's own skipped dates, on top of its term's
  skips jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- 'term': price_pence for the whole term, paid up front; 'monthly': price_pence a month by Direct Debit
  pricing text NOT NULL CHECK (pricing IN ('term', 'monthly')),
  price_pence integer NOT NULL CHECK (price_pence >= 0),
  sort_order integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  CONSTRAINT courses_key UNIQUE (operator_id, key),
  CHECK (starts_at < ends_at),
  CHECK (min_age IS NULL OR max_age IS NULL OR min_age <= max_age),
  CHECK ((term_id IS NULL) <> (starts_on IS NULL)),
  CHECK ((pricing = 'term') = (term_id IS NOT NULL))
);
CREATE INDEX courses_venue ON courses (venue_id) WHERE active;

-- A pupil's place in a course. Empty until enrolling is built (a later slice, through the basket);
-- places left are capacity minus the active rows.
CREATE TABLE course_enrolments (
  id serial PRIMARY KEY,
  course_id integer NOT NULL REFERENCES courses (id),
  -- the pupil: the account holder or one of their family (a dependant is a customer row)
  pupil_customer_id integer NOT NULL REFERENCES customers (id),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'withdrawn')),
  first_lesson_on date NOT NULL,
  enrolled_at timestamptz NOT NULL DEFAULT now(),
  withdrawn_at timestamptz,
  CHECK ((status = 'withdrawn') = (withdrawn_at IS NOT NULL))
);
CREATE UNIQUE INDEX course_enrolments_one_place ON course_enrolments (course_id, pupil_customer_id)
  WHERE status = 'active';
CREATE INDEX course_enrolments_course ON course_enrolments (course_id) WHERE status = 'active';
