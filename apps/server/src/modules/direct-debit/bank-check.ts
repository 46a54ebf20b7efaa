import { bankCheckMessages, digitsOf } from '@lido/contracts/bank-details';
import { HttpError, ValidationError } from '../../http/errors.ts';
import { GoCardlessError, type GoCardlessClient } from '../../providers/direct-debit/gocardless-client.ts';

interface CheckedAccount {
  sortCode: string;
  accountNumber: string;
  bankName: string | null;
}

/**
 * The provider's bank-details lookup (modulus and reachability checks), its answers turned into
 * the joining page's messages under `accountDetails.*`. Nothing about the account is logged.
 */
export async function checkBankAccount(
  client: GoCardlessClient,
  input: { sortCode: string; accountNumber: string; accountHolder: string },
): Promise<CheckedAccount> {
  const sortCode = digitsOf(input.sortCode);
  const accountNumber = digitsOf(input.accountNumber);
  try {
    const found = await client.lookupBankDetails({
      account_number: accountNumber,
      branch_code: sortCode,
      country_code: 'GB',
      account_holder_name: input.accountHolder,
    });
    if (!found.available_debit_schemes?.includes('bacs'))
      throw new ValidationError({ accountDetails: [bankCheckMessages.noDirectDebit] });
    return { sortCode, accountNumber, bankName: found.bank_name ?? null };
  } catch (error) {
    throw toBankError(error);
  }
}

/** A provider answer about bank details, as the field errors the joining page lists. */
export function toBankError(error: unknown): unknown {
  if (!(error instanceof GoCardlessError)) return error;
  if (error.isValidation) {
    const fields = error.errors.map((entry) => entry.field ?? '');
    if (fields.some((field) => field.endsWith('branch_code')))
      return new ValidationError({ 'accountDetails.sortCode': [bankCheckMessages.sortCode] });
    if (error.errors.some((entry) => entry.message.includes('cannot be used')))
      return new ValidationError({ accountDetails: [bankCheckMessages.noDirectDebit] });
    if (fields.some((field) => field.endsWith('account_number')))
      return new ValidationError({ 'accountDetails.accountNumber': [bankCheckMessages.accountNumber] });
    return new ValidationError({ accountDetails: [bankCheckMessages.notAccepted] });
  }
  return new HttpError(503, bankCheckMessages.unavailable, {
    errors: { accountDetails: [bankCheckMessages.unavailable] },
  });
}
