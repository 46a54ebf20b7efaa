import { CheckboxField } from '../../ui/form-fields.tsx';
import { checkoutWords } from './words.ts';

/**
 * Account credit at checkout (platform spec §3 "Cart" credits, "Offline payment"): the customer
 * chooses to spend what applies to this basket; the card then pays only the rest. The spec does
 * not show this control; decision 0014 records its design.
 */
export function AccountCredit({
  available,
  applicable,
  used,
  onChange,
}: {
  available: string;
  applicable: string;
  used: boolean;
  onChange: (use: boolean) => void;
}) {
  return (
    <section className="account-credit" aria-labelledby="account-credit-heading">
      <h2 id="account-credit-heading">{checkoutWords('accountCreditHeading')}</h2>
      <p>{checkoutWords('creditAvailable', { amount: available })}</p>
      <CheckboxField
        id="checkout-use-credit"
        label={checkoutWords('useCredit', { amount: applicable })}
        checked={used}
        onChange={(event) => onChange(event.target.checked)}
      />
    </section>
  );
}
