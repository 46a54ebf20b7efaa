-- Terms the customer accepted while choosing a membership (the joining page's "Review & select
-- dates") travel with the basket line, so checkout asks only for terms not yet accepted
-- (issue 21 item 5, WCAG 3.3.7 Redundant Entry).
ALTER TABLE cart_items ADD COLUMN accepted_term_ids integer[] NOT NULL DEFAULT '{}';
