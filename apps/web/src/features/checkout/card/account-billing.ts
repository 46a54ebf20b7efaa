import type { DataFieldsAnswer } from '@lido/contracts/data-fields';
import { type BillingDetails, validateBillingDetails } from '@lido/contracts/billing-details';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/api-client.ts';
import { emptyBilling } from './billing-details.tsx';

/** The account's name and address as billing details, and whether they are enough to pay with. */
export interface AccountBilling {
  details: BillingDetails;
  complete: boolean;
}

/** The billing details a customer's account already holds (data-fields answers, field by field). */
export function billingFromAccount(answer: DataFieldsAnswer): AccountBilling {
  const answers = new Map(
    answer.sections.flatMap((section) =>
      section.sectionFields.map((field) => [field.name, field.answer ?? '']),
    ),
  );
  const details: BillingDetails = {
    billingFirstName: answers.get('firstName') ?? '',
    billingLastName: answers.get('lastName') ?? '',
    billingAddressLineOne: answers.get('addressLineOne') ?? '',
    billingAddressLineTwo: answers.get('addressLineTwo') ?? '',
    billingCity: answers.get('town') ?? '',
    billingPostcode: answers.get('postcode') ?? '',
  };
  return { details, complete: Object.keys(validateBillingDetails(details)).length === 0 };
}

/**
 * The logged-in customer's name and address for checkout's Billing Details (issue 21 item 5, WCAG
 * 3.3.7): given once, at "Create Account" or in My details, never asked for again. Kept under
 * 'auth' so it leaves with the session.
 */
export function useAccountBilling() {
  return useQuery({
    queryKey: ['auth', 'account-billing'],
    queryFn: async ({ signal }) =>
      billingFromAccount(
        await apiGet<DataFieldsAnswer>('data-fields', { onboardingType: 'membership_purchase' }, signal),
      ),
  });
}

/** A different address keeps the account's name: the customer is still the one paying. */
export const differentAddress = (details: BillingDetails): BillingDetails => ({
  ...emptyBilling,
  billingFirstName: details.billingFirstName,
  billingLastName: details.billingLastName,
});
