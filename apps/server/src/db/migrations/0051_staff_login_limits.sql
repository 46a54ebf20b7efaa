-- Where each staff member last logged in successfully (issue 40 item 6, decision 0070). When an
-- account's login limit is used up, an address it has logged in from lately may still try: the
-- strangers whose guesses used it up cannot lock the staff out of their own desks.
CREATE TABLE staff_login_addresses (
  staff_user_id integer NOT NULL REFERENCES staff_users(id),
  -- as the per-address limit counts it: an IPv4 address, or an IPv6 address's /64
  address text NOT NULL,
  last_login_at timestamptz NOT NULL,
  PRIMARY KEY (staff_user_id, address)
);
