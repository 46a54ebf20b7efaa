import {
  type BankDetails,
  type BankField,
  bankCheckMessages,
  maskAccountNumber,
  maskSortCode,
} from '@lido/contracts/bank-details-rules';
import { ApiError } from '../../lib/api/api-client.ts';
import { joiningWords } from './words.ts';

/** The collapsed section's line: only masked digits are ever shown back. */
export const bankSummary = (details: BankDetails): string =>
  details.accountNumber
    ? joiningWords('bankSummary', {
        holder: details.accountHolder,
        sortCode: maskSortCode(details.sortCode),
        accountNumber: maskAccountNumber(details.accountNumber),
      })
    : joiningWords('bankDetailsEntered');

/** The server's messages about the bank account (accountDetails.*, accountHolder): listed under the form. */
export function bankMessagesFrom(error: unknown): string[] {
  const messages = error instanceof ApiError ? error.validationMessages : null;
  return Object.entries(messages ?? {})
    .filter(([field]) => field.startsWith('accountDetails') || field === 'accountHolder')
    .flatMap(([, list]) => list);
}

/** The field each of the bank check's messages is about: one about the whole account goes on its sort code. */
const fieldOfMessage: Record<string, BankField> = {
  accountHolder: 'accountHolder',
  'accountDetails.sortCode': 'sortCode',
  'accountDetails.accountNumber': 'accountNumber',
  accountDetails: 'sortCode',
};

/**
 * The bank check's refusals as field errors, tied to the fields and listed in the error summary as
 * on My account's bank details page (issue 34 item 1). "Try again later" is about no field: left out.
 */
export function bankFieldErrorsFrom(error: unknown): Partial<Record<BankField, string>> {
  const messages = error instanceof ApiError ? error.validationMessages : null;
  const found: Partial<Record<BankField, string>> = {};
  for (const [name, list] of Object.entries(messages ?? {})) {
    const field = fieldOfMessage[name];
    const about = list.filter((message) => message !== bankCheckMessages.unavailable);
    if (field && about.length > 0) found[field] = [found[field], ...about].filter(Boolean).join(' ');
  }
  return found;
}
