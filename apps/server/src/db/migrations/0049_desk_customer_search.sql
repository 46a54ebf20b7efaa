-- Desk customer search (issue 19 item 3, decision 0055): name prefixes case- and accent-insensitive,
-- email prefixes case-insensitive, postcodes with spaces ignored, each answered from an index.
-- lido_fold is IMMUTABLE (translate and lower only), so expression indexes may use it.
CREATE FUNCTION lido_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT translate(lower(value),
    'áàâäãåāăąçćčďéèêëēėęěíìîïīįłñńňóòôöõøōőŕřśšşťúùûüūůűųýÿžźż',
    'aaaaaaaaacccdeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuuyyzzz') $$;

CREATE INDEX customers_first_name_search ON customers (lido_fold(first_name) text_pattern_ops);
CREATE INDEX customers_last_name_search ON customers (lido_fold(last_name) text_pattern_ops);
CREATE INDEX customers_email_search ON customers (lower(email) text_pattern_ops);
CREATE INDEX customers_postcode_search ON customers (replace(postcode, ' ', '') text_pattern_ops);
