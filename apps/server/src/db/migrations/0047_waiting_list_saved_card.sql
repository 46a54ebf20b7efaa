-- Waiting lists paid with a saved card (issue 18 item 5, decision 0054). A customer who opts in
-- names the saved card they agreed may be charged: a card deleted since is never charged (and no
-- other card instead).
ALTER TABLE waiting_list_entries
  ADD COLUMN pay_with_saved_card_id integer REFERENCES saved_cards(id) ON DELETE SET NULL;

-- The card payment that books an offered place by itself (a merchant-initiated charge of the saved
-- card): at most one per entry, so however many job runners tell the offer it is charged once.
ALTER TABLE payment_attempts
  ADD COLUMN waiting_list_entry_id integer REFERENCES waiting_list_entries(id) ON DELETE SET NULL;
CREATE UNIQUE INDEX payment_attempts_waiting_list_entry ON payment_attempts (waiting_list_entry_id)
  WHERE waiting_list_entry_id IS NOT NULL;
