-- Basket and order lines keep facts, not the wire format (issue 16, decision 0023): `cart_items.costs`
-- and `order_items.details.costs` held the costs call's answer (money as amount, decimal and text,
-- `prettyFirstBillingDate`) and a change's difference in words. They now hold a priced line in integer
-- pence and ISO dates, formatted only when answering. Rows written in the old shape are converted
-- here; a row already converted (no `globalBasePrice`) is left alone.

CREATE FUNCTION lido_0021_pence(money jsonb) RETURNS integer
LANGUAGE sql IMMUTABLE AS $fn$ SELECT (money -> 'raw' ->> 'amount')::integer $fn$;

CREATE FUNCTION lido_0021_priced_line(costs jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT jsonb_build_object(
    'paymentType', costs -> 'paymentType',
    'fixedDuration', costs -> 'fixedDuration',
    'fixedPeriod', costs -> 'fixedPeriod',
    'promotionEnabled', costs -> 'promotionEnabled',
    'basePrice', lido_0021_pence(costs -> 'globalBasePrice'),
    'fees', jsonb_build_object(
      'joiningFee', lido_0021_pence(costs -> 'fees' -> 'joiningFee'),
      'proRataFee', lido_0021_pence(costs -> 'fees' -> 'proRataFee'),
      'monthInHandFee', lido_0021_pence(costs -> 'fees' -> 'monthInHandFee'),
      'discount', lido_0021_pence(costs -> 'fees' -> 'discount')
    ),
    'proRataDays', costs -> 'proRataDays',
    'startDate', costs -> 'startDate',
    'endDate', costs -> 'endDate',
    'firstBillingDate', costs -> 'firstBillingDate',
    'totalToPayNow', lido_0021_pence(costs -> 'totalToPayNow')
  )
$fn$;

-- The difference was stored only as the words `monthlyDifferenceText` writes ("£3.00 more per month",
-- "£3.00 less per month", "Same price per month"): read back into signed pence, or stop the migration
-- rather than guess.
CREATE FUNCTION lido_0021_priced_change(change jsonb) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE AS $fn$
DECLARE
  words text := change ->> 'differenceToOldMembership';
  found text[];
  difference integer;
BEGIN
  IF words = 'Same price per month' THEN
    difference := 0;
  ELSE
    found := regexp_match(words, '([0-9]+)\.([0-9]{2}) (more|less) per month$');
    IF found IS NULL THEN
      RAISE EXCEPTION 'lido 0021: cannot read the change difference "%"', words;
    END IF;
    difference := (found[1] || found[2])::integer * CASE found[3] WHEN 'more' THEN 1 ELSE -1 END;
  END IF;
  RETURN jsonb_build_object(
    'newMembershipPrice', lido_0021_pence(change -> 'newMembershipPrice'),
    'monthlyDifference', difference
  );
END
$fn$;

UPDATE cart_items
SET costs = lido_0021_priced_line(costs)
  || CASE WHEN jsonb_typeof(costs -> 'change') = 'object'
       THEN jsonb_build_object('change', lido_0021_priced_change(costs -> 'change'))
       ELSE '{}'::jsonb END
WHERE costs -> 'globalBasePrice' IS NOT NULL;

UPDATE order_items
SET details = details
  || jsonb_build_object('costs', lido_0021_priced_line(details -> 'costs'))
  || jsonb_build_object('change', CASE WHEN jsonb_typeof(details -> 'change') = 'object'
       THEN lido_0021_priced_change(details -> 'change')
       ELSE 'null'::jsonb END)
WHERE details -> 'costs' -> 'globalBasePrice' IS NOT NULL;

DROP FUNCTION lido_0021_priced_change(jsonb);
DROP FUNCTION lido_0021_priced_line(jsonb);
DROP FUNCTION lido_0021_pence(jsonb);
