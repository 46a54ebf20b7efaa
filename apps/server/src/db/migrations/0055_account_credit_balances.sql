-- Account credit in its own table, written only by the account-credit module (issue 32 item 3):
-- the customers table is the customers module's alone. A customer with no row has no credit.
CREATE TABLE account_credit_balances (
  customer_id integer PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  balance_pence integer NOT NULL CHECK (balance_pence >= 0)
);

INSERT INTO account_credit_balances (customer_id, balance_pence)
SELECT id, credit_balance_pence FROM customers WHERE credit_balance_pence <> 0;

-- For one release, customers.credit_balance_pence is kept in step both ways, so an instance still
-- on the previous release during a rolling deploy reads and writes the same balance (decision
-- 0082). The next release drops the column and these triggers. pg_trigger_depth() stops the one
-- mirroring the other back.
CREATE FUNCTION lido_0055_credit_to_customers() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF pg_trigger_depth() = 1 THEN
    UPDATE customers SET credit_balance_pence = NEW.balance_pence
     WHERE id = NEW.customer_id AND credit_balance_pence IS DISTINCT FROM NEW.balance_pence;
  END IF;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER account_credit_balances_mirror
AFTER INSERT OR UPDATE OF balance_pence ON account_credit_balances
FOR EACH ROW EXECUTE FUNCTION lido_0055_credit_to_customers();

CREATE FUNCTION lido_0055_credit_from_customers() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF pg_trigger_depth() = 1 AND NOT (TG_OP = 'INSERT' AND NEW.credit_balance_pence = 0) THEN
    INSERT INTO account_credit_balances (customer_id, balance_pence)
    VALUES (NEW.id, NEW.credit_balance_pence)
    ON CONFLICT (customer_id) DO UPDATE SET balance_pence = EXCLUDED.balance_pence
     WHERE account_credit_balances.balance_pence IS DISTINCT FROM EXCLUDED.balance_pence;
  END IF;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER customers_credit_mirror
AFTER INSERT OR UPDATE OF credit_balance_pence ON customers
FOR EACH ROW EXECUTE FUNCTION lido_0055_credit_from_customers();
