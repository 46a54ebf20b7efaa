-- A price band that leaves the catalogue file but is named by a basket line or a booking cannot be
-- deleted; it is retired instead, so it is no longer shown or sold (it was still sellable before).
ALTER TABLE activity_prices ADD COLUMN retired boolean NOT NULL DEFAULT false;
