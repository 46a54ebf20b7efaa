-- A customer's answers to a membership's additional questions (one per question, latest wins).
CREATE TABLE question_answers (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  membership_type_id integer NOT NULL REFERENCES membership_types (id),
  question_id integer NOT NULL REFERENCES custom_questions (id) ON DELETE CASCADE,
  answer jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT question_answers_once UNIQUE (customer_id, question_id)
);
