import { describe, expect, it } from 'vitest';
import {
  type BankDetails,
  bankMessages,
  maskAccountNumber,
  maskSortCode,
  validateBankDetails,
} from '../src/bank-details.ts';

const valid: BankDetails = {
  accountHolder: 'Alex Newman',
  sortCode: '20-00-00',
  accountNumber: '55779911',
  billingAddressLineOne: '9 River View',
  billingAddressLineTwo: '',
  billingCity: 'York',
  billingPostcode: 'YO1 7HH',
};
const confirmed = { holderConfirmed: true, ddTermsAccepted: true, hasDdTerms: true };

describe('bank details for a Direct Debit', () => {
  it('accepts a valid account, with the sort code typed with dashes or spaces', () => {
    expect(validateBankDetails(valid, confirmed, true)).toEqual({});
    expect(validateBankDetails({ ...valid, sortCode: '20 00 00' }, confirmed, false)).toEqual({});
  });

  it('gives every rule of the joining spec its own message', () => {
    const errors = validateBankDetails(
      {
        ...valid,
        accountHolder: ' A ',
        sortCode: '2000000',
        accountNumber: '1234567',
        billingAddressLineOne: 'x',
        billingCity: '',
        billingPostcode: 'NOT A CODE',
      },
      { holderConfirmed: false, ddTermsAccepted: false, hasDdTerms: true },
      true,
    );
    expect(errors).toEqual({
      accountHolder: bankMessages.accountHolder,
      sortCode: bankMessages.sortCode,
      accountNumber: bankMessages.accountNumber,
      billingAddressLineOne: bankMessages.billingAddressLineOne,
      billingCity: bankMessages.billingCity,
      billingPostcode: 'Please enter a valid postcode',
      confirmHolder: bankMessages.confirmHolder,
      ddTerms: bankMessages.ddTerms,
    });
  });

  it('refuses letters in the numbers, and asks for no address or terms when none apply', () => {
    const errors = validateBankDetails(
      { ...valid, sortCode: '20a000', accountNumber: '5577991x', billingCity: '' },
      { holderConfirmed: true, ddTermsAccepted: false, hasDdTerms: false },
      false,
    );
    expect(Object.keys(errors).sort()).toEqual(['accountNumber', 'sortCode']);
  });

  it('masks what it shows back', () => {
    expect(maskAccountNumber('55779911')).toBe('******11');
    expect(maskSortCode('20-00-00')).toBe('**-**-00');
  });
});
