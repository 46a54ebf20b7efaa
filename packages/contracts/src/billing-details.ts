import { invalidPostcodeMessage, ukPostcodePattern } from './uk-postcode.ts';

// Checkout billing's rules and messages, without zod: the card payment form imports these, and a
// module that builds schemas would bring zod into its chunk (issue 20 item 4).

/** Checkout billing details (joining spec §5 "Checkout billing"), shared by the page and the server. */
export interface BillingDetails {
  billingFirstName: string;
  billingLastName: string;
  billingAddressLineOne: string;
  billingAddressLineTwo: string;
  billingCity: string;
  billingPostcode: string;
}

export const billingMessages = {
  billingFirstName: 'Please enter your first name',
  billingLastName: 'Please enter your last name',
  billingAddressLineOne: 'Please enter the first line of your address',
  billingCity: 'Please enter your town or city',
  billingPostcode: invalidPostcodeMessage,
} as const;

export type BillingErrors = Partial<Record<keyof BillingDetails, string>>;

export function validateBillingDetails(details: BillingDetails): BillingErrors {
  const errors: BillingErrors = {};
  if (details.billingFirstName.trim().length <= 1) errors.billingFirstName = billingMessages.billingFirstName;
  if (details.billingLastName.trim().length <= 1) errors.billingLastName = billingMessages.billingLastName;
  if (details.billingAddressLineOne.trim().length <= 2)
    errors.billingAddressLineOne = billingMessages.billingAddressLineOne;
  if (details.billingCity.trim().length <= 1) errors.billingCity = billingMessages.billingCity;
  if (!ukPostcodePattern.test(details.billingPostcode.trim()))
    errors.billingPostcode = billingMessages.billingPostcode;
  return errors;
}

export const savedCardCvvMessage = 'Please enter your card security code (CVV)';
