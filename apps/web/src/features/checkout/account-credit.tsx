import { CheckboxField } from '../../ui/form-fields.tsx';

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
      <h2 id="account-credit-heading">Account credit</h2>
      <p>You have {available} of account credit.</p>
      <CheckboxField
        id="checkout-use-credit"
        label={`Use ${applicable} of my account credit`}
        checked={used}
        onChange={(event) => onChange(event.target.checked)}
      />
    </section>
  );
}
