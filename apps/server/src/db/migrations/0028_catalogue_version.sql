-- Issue 20 item 1: instances cache the operator's catalogue (operator, centres, themes, memberships,
-- terms, questions, activities) and reload it when this number moves. Statement triggers move it on
-- any change to those tables, whoever makes it (the catalogue import, the seed, a hand edit), in the
-- changing transaction, so an instance that reads the new number also reads the new rows.
-- Sessions are not here: places left change with every booking and are always read live.
CREATE TABLE catalogue_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL DEFAULT 1
);
INSERT INTO catalogue_version (id, version) VALUES (true, 1);

CREATE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET version = version + 1 WHERE id;
  RETURN NULL;
END;
$$;

DO $$
DECLARE
  cached text;
BEGIN
  FOREACH cached IN ARRAY ARRAY['operators', 'venues', 'themes', 'membership_categories', 'eligibility_rules',
    'membership_types', 'membership_type_categories', 'membership_type_venues', 'membership_benefits',
    'payment_options', 'custom_questions', 'terms', 'activity_categories', 'activities',
    'activity_locations', 'activity_prices']
  LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()',
      cached || '_bumps_catalogue_version', cached);
  END LOOP;
END;
$$;
