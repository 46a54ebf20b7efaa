// The bank details' rules, messages and masks, without zod: the joining page imports these, and a
// module that builds schemas would bring zod (about 26 KB gzip) into its chunk (issue 20 item 4).
import { invalidPostcodeMessage, ukPostcodePattern } from './uk-postcode.ts';

/** The bank details a Direct Debit needs, as the joining page collects them. */
export interface BankDetails {
  accountHolder: string;
  sortCode: string;
  accountNumber: string;
  billingAddressLineOne: string;
  billingAddressLineTwo: string;
  billingCity: string;
  billingPostcode: string;
}

/** Sort codes are often typed "20-00-00" or "20 00 00": the digits are what count. */
export const digitsOf = (value: string): string => value.replace(/[\s-]/g, '');

export const bankMessages = {
  accountHolder: 'Enter the account holder’s name, at least 2 characters',
  accountNumber: 'Enter an account number of at least 8 digits, numbers only',
  sortCode: 'Enter a sort code of 6 digits, numbers only',
  confirmHolder:
    'Confirm that you are the account holder and are authorised to set up Direct Debit payments on this account',
  ddTerms: 'Please confirm that you accept the Direct Debit terms',
  billingAddressLineOne: 'Enter the first line of the billing address, at least 2 characters',
  billingCity: 'Enter the town or city of the billing address, at least 2 characters',
  billingPostcode: invalidPostcodeMessage,
} as const;

export type BankField = keyof typeof bankMessages;

/** Joining spec section 5 ("Bank" and "Direct debit billing address"): every rule, with its message. */
export function validateBankDetails(
  details: BankDetails,
  confirmations: { holderConfirmed: boolean; ddTermsAccepted: boolean; hasDdTerms: boolean },
  collectAddress: boolean,
): Partial<Record<BankField, string>> {
  const errors: Partial<Record<BankField, string>> = {};
  if (details.accountHolder.trim().length <= 1) errors.accountHolder = bankMessages.accountHolder;
  const sortCode = digitsOf(details.sortCode);
  if (!/^\d{6}$/.test(sortCode)) errors.sortCode = bankMessages.sortCode;
  const accountNumber = digitsOf(details.accountNumber);
  if (!/^\d{8,}$/.test(accountNumber)) errors.accountNumber = bankMessages.accountNumber;
  if (collectAddress) {
    if (details.billingAddressLineOne.trim().length <= 1)
      errors.billingAddressLineOne = bankMessages.billingAddressLineOne;
    if (details.billingCity.trim().length <= 1) errors.billingCity = bankMessages.billingCity;
    if (!ukPostcodePattern.test(details.billingPostcode.trim()))
      errors.billingPostcode = bankMessages.billingPostcode;
  }
  if (!confirmations.holderConfirmed) errors.confirmHolder = bankMessages.confirmHolder;
  if (confirmations.hasDdTerms && !confirmations.ddTermsAccepted) errors.ddTerms = bankMessages.ddTerms;
  return errors;
}

/** "******11" and "**-**-00": how bank details are shown once entered. */
export function maskAccountNumber(accountNumber: string): string {
  const digits = digitsOf(accountNumber);
  return `${'*'.repeat(Math.max(0, digits.length - 2))}${digits.slice(-2)}`;
}
export function maskSortCode(sortCode: string): string {
  return `**-**-${digitsOf(sortCode).slice(-2)}`;
}

/** What the server's bank-details check answers, under accountDetails.* (issue 8). */
export const bankCheckMessages = {
  sortCode: 'We don’t recognise that sort code. Check it with your bank card or statement.',
  accountNumber:
    'That account number doesn’t match the sort code. Check both numbers with your bank card or statement.',
  noDirectDebit: 'This bank account can’t be used for Direct Debit. Please use a different account.',
  notAccepted: 'We couldn’t accept these bank details. Please check them and try again.',
  unavailable: 'We couldn’t check your bank details just now. Please try again in a few minutes.',
} as const;
