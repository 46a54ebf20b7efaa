import type { BillingDetails, BillingErrors } from '@lido/contracts/payments';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-fields.tsx';

export const emptyBilling: BillingDetails = {
  billingFirstName: '',
  billingLastName: '',
  billingAddressLineOne: '',
  billingAddressLineTwo: '',
  billingCity: '',
  billingPostcode: '',
};

const billingFields: {
  name: keyof BillingDetails;
  label: string;
  autoComplete: string;
}[] = [
  { name: 'billingFirstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'billingLastName', label: 'Last name', autoComplete: 'family-name' },
  { name: 'billingAddressLineOne', label: 'Address line 1', autoComplete: 'address-line1' },
  { name: 'billingAddressLineTwo', label: 'Address line 2 (optional)', autoComplete: 'address-line2' },
  { name: 'billingCity', label: 'Town or city', autoComplete: 'address-level2' },
  { name: 'billingPostcode', label: 'Postcode', autoComplete: 'postal-code' },
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
        <h2 id="billing-heading">Billing Details</h2>
      </legend>
      {billingFields.map((field) => (
        <TextField
          key={field.name}
          id={`checkout-${field.name}`}
          label={field.label}
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
      <h2 id="billing-heading">Billing Details</h2>
      <p>The name and address on your account:</p>
      <address className="billing-details__address">
        {lines.map((line) => (
          <span key={line}>
            {line}
            <br />
          </span>
        ))}
      </address>
      <Button variant="link" size="md" disabled={disabled} onClick={onUseDifferent}>
        Use a different address
      </Button>
    </section>
  );
}
