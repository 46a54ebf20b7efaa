-- An activity's concept in the OpenActive Activity List, named in the catalogue file: the RPDE
-- feeds carry it for every activity, not only those the built-in name matcher recognises.
ALTER TABLE activities
  ADD COLUMN openactive_activity_id text,
  ADD COLUMN openactive_activity_label text;
