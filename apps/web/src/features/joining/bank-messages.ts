import { type BankDetails, maskAccountNumber, maskSortCode } from '@lido/contracts/bank-details-rules';
import { ApiError } from '../../lib/api/api-client.ts';

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
