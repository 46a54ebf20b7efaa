import { type BankDetails, maskAccountNumber, maskSortCode } from '@lido/contracts/bank-details';
import { ApiError } from '../../lib/api/api-client.ts';

/**
 * Bank details for the Direct Debit, held in memory only: never written to browser storage, so
 * they are gone on a refresh or when the tab closes (and must then be entered again).
 */
export const emptyBankDetails: BankDetails = {
  accountHolder: '',
  sortCode: '',
  accountNumber: '',
  billingAddressLineOne: '',
  billingAddressLineTwo: '',
  billingCity: '',
  billingPostcode: '',
};

let held: BankDetails = emptyBankDetails;
export const getBankDetails = (): BankDetails => held;
export const setBankDetails = (details: BankDetails): void => {
  held = details;
};
export const clearBankDetails = (): void => {
  held = emptyBankDetails;
  newMandate = false;
};

/**
 * Joining spec, "Membership submission": set when a recurring membership is submitted by a user
 * without a Direct Debit instruction; the order-confirmed page shows its banner from it.
 */
let newMandate = false;
export const markNewMandate = (value: boolean): void => {
  newMandate = value;
};
export const isNewMandate = (): boolean => newMandate;

/** The collapsed section's line: only masked digits are ever shown back. */
export const bankSummary = (details: BankDetails): string =>
  details.accountNumber
    ? `${details.accountHolder}, sort code ${maskSortCode(details.sortCode)}, account ${maskAccountNumber(details.accountNumber)}`
    : 'Bank details entered';

/** The server's messages about the bank account (accountDetails.*, accountHolder): listed under the form. */
export function bankMessagesFrom(error: unknown): string[] {
  const messages = error instanceof ApiError ? error.validationMessages : null;
  return Object.entries(messages ?? {})
    .filter(([field]) => field.startsWith('accountDetails') || field === 'accountHolder')
    .flatMap(([, list]) => list);
}
