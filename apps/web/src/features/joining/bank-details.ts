import type { BankDetails } from '@lido/contracts/bank-details-rules';

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
