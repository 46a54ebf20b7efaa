import type { BillingDetails, BillingErrors } from '@lido/contracts/payments';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-fields.tsx';
import { checkoutWords } from '../words.ts';

export const emptyBilling: BillingDetails = {
  billingFirstName: '',
  billingLastName: '',
  billingAddressLineOne: '',
  billingAddressLineTwo: '',
  billingCity: '',
  billingPostcode: '',
};

// Each field's label is the checkout message named after it (checkout.billingFirstName ...).
const billingFields: {
  name: keyof BillingDetails;
  autoComplete: string;
}[] = [
  { name: 'billingFirstName', autoComplete: 'given-name' },
  { name: 'billingLastName', autoComplete: 'family-name' },
  { name: 'billingAddressLineOne', autoComplete: 'address-line1' },
  { name: 'billingAddressLineTwo', autoComplete: 'address-line2' },
  { name: 'billingCity', autoComplete: 'address-level2' },
  { name: 'billingPostcode', autoComplete: 'postal-code' },
];

/** The name on a new card: the billing first and last names. */
export const cardHolderName = (billing: BillingDetails): string =>
  `${billing.billingFirstName.trim()} ${billing.billingLastName.trim()}`;

/** The billing details form for a new card (the heading labels the whole card payment section). */
export function BillingDetailsFields({
  billing,
  errors,
  disabled,
  onChange,
}: {
  billing: BillingDetails;
  errors: BillingErrors;
  disabled: boolean;
  onChange: (update: (current: BillingDetails) => BillingDetails) => void;
}) {
  return (
    <fieldset className="billing-details">
      <legend>
        <h2 id="billing-heading">{checkoutWords('billingDetails')}</h2>
      </legend>
      {billingFields.map((field) => (
        <TextField
          key={field.name}
          id={`checkout-${field.name}`}
          label={checkoutWords(field.name)}
          autoComplete={field.autoComplete}
          value={billing[field.name]}
          error={errors[field.name]}
          disabled={disabled}
          onChange={(event) => onChange((current) => ({ ...current, [field.name]: event.target.value }))}
        />
      ))}
    </fieldset>
  );
}

/**
 * Billing Details taken from the account (issue 21 item 5): the name and address shown, not asked
 * for again, with "Use a different address" for a card billed elsewhere.
 */
export function AccountBillingSummary({
  billing,
  disabled,
  onUseDifferent,
}: {
  billing: BillingDetails;
  disabled: boolean;
  onUseDifferent: () => void;
}) {
  const lines = [
    `${billing.billingFirstName} ${billing.billingLastName}`,
    billing.billingAddressLineOne,
    billing.billingAddressLineTwo,
    billing.billingCity,
    billing.billingPostcode.toUpperCase(),
  ].filter((line) => line.trim() !== '');
  return (
    <section className="billing-details" aria-labelledby="billing-heading">
      <h2 id="billing-heading">{checkoutWords('billingDetails')}</h2>
      <p>{checkoutWords('accountAddress')}</p>
      <address className="billing-details__address">
        {lines.map((line) => (
          <span key={line}>
            {line}
            <br />
          </span>
        ))}
      </address>
      <Button variant="link" size="md" disabled={disabled} onClick={onUseDifferent}>
        {checkoutWords('useDifferentAddress')}
      </Button>
    </section>
  );
}
