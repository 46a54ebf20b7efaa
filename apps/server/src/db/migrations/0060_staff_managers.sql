-- Issue 35 item 1 (decision 0092): a manager role beside desk and supervisor, limited to the
-- centres it is given (venue slugs, as the catalogue file's `staff:` section and `npm run staff`
-- name them). Other roles keep an empty list.
ALTER TABLE staff_users DROP CONSTRAINT IF EXISTS staff_users_role_check;
ALTER TABLE staff_users ADD CONSTRAINT staff_users_role_check
  CHECK (role IN ('desk', 'supervisor', 'manager'));
ALTER TABLE staff_users ADD COLUMN centres text[] NOT NULL DEFAULT '{}';
