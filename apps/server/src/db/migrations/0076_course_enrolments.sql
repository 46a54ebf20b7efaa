-- Enrolling on a course through the basket (issue 36, decision 0109). A course place held in a
-- basket is a line of its own kind, owned by the courses module (one writer per table, decision
-- 0082). A line holds its place while `held_until` is ahead (the basket's hold, as a session's
-- place) or its basket is being paid for; places left are capacity less active enrolments and
-- lines holding a place, counted under the course row's lock.
CREATE TABLE cart_course_lines (
  id serial PRIMARY KEY,
  cart_id integer NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  course_id integer NOT NULL REFERENCES courses (id),
  -- the pupil: the account holder or one of their family (a dependant is a customer row)
  pupil_customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  -- a term course: the late joiner's price when added (packages/pricing termPriceFor)
  amount_pence integer NOT NULL CHECK (amount_pence >= 0),
  first_lesson_on date NOT NULL,
  lessons_left integer NOT NULL CHECK (lessons_left >= 1),
  lessons_in_term integer NOT NULL CHECK (lessons_in_term >= lessons_left),
  held_until timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT cart_course_lines_once UNIQUE (cart_id, course_id, pupil_customer_id)
);
CREATE INDEX cart_course_lines_course ON cart_course_lines (course_id);

-- The order that made an enrolment, and what it paid: a second completion finds it made.
ALTER TABLE course_enrolments ADD COLUMN order_id integer REFERENCES orders (id);
ALTER TABLE course_enrolments ADD COLUMN amount_pence integer CHECK (amount_pence >= 0);
CREATE INDEX course_enrolments_order ON course_enrolments (order_id) WHERE order_id IS NOT NULL;

ALTER TABLE order_items DROP CONSTRAINT order_items_type;
ALTER TABLE order_items ADD CONSTRAINT order_items_type
  CHECK (item_type IN ('membership', 'booking', 'package', 'fee', 'outstanding_balance', 'penalty_fee',
                       'course_enrolment'));
