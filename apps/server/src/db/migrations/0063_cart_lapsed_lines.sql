-- Places the release job took back from a basket while its customer was away (issue 33 item 7):
-- the basket names them when it is next opened, for a while, instead of only saying it is empty.
-- Written and read only by the cart module; rows go a day after they lapsed.
CREATE TABLE cart_lapsed_lines (
  cart_id integer NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  line_id integer NOT NULL,
  session_id integer NOT NULL REFERENCES activity_sessions (id) ON DELETE CASCADE,
  lapsed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cart_id, line_id)
);
