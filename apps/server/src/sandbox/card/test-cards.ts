/**
 * The sandbox card provider's test cards (payments-reference.md §1.9 and §5.10). Only these numbers
 * tokenise: any other Luhn-valid number is refused as unsupported, so a real card is never accepted.
 */

export type CardBrand =
  'Visa' | 'VisaDebit' | 'MasterCard' | 'DebitMasterCard' | 'AmericanExpress' | 'Maestro';

export interface CardScenario {
  brand: CardBrand;
  /** what the bank answers when the transaction reaches authorisation */
  outcome:
    | { kind: 'ok' }
    | { kind: 'decline'; bankResponseCode: string; category?: string; description?: string }
    | { kind: 'soft-decline' }
    | { kind: 'error'; bankResponseCode: string };
  /** Maestro always asks for 3-D Secure */
  always3ds?: boolean;
}

const ok = { kind: 'ok' } as const;

const table: Record<string, CardScenario> = {
  '4929000000006': { brand: 'Visa', outcome: ok },
  '4929000005559': { brand: 'Visa', outcome: ok },
  '4929000000014': { brand: 'Visa', outcome: ok },
  '4929000000022': { brand: 'Visa', outcome: ok },
  '4462000000000003': { brand: 'VisaDebit', outcome: ok },
  '5186150660000009': { brand: 'MasterCard', outcome: ok },
  '5186150660000025': { brand: 'MasterCard', outcome: ok },
  '5404000000000001': { brand: 'MasterCard', outcome: ok },
  '5185690060000001': { brand: 'DebitMasterCard', outcome: ok },
  '374200000000004': { brand: 'AmericanExpress', outcome: ok },
  '6759000000005': { brand: 'Maestro', outcome: ok, always3ds: true },
  '4929602110085639': { brand: 'Visa', outcome: { kind: 'decline', bankResponseCode: '05' } },
  '5403814948608092': { brand: 'MasterCard', outcome: { kind: 'decline', bankResponseCode: '05' } },
  '4929000000000059': {
    brand: 'Visa',
    outcome: { kind: 'decline', bankResponseCode: '05', description: 'Do not honour' },
  },
  '4929000000000513': {
    brand: 'Visa',
    outcome: { kind: 'decline', bankResponseCode: '51', category: '02', description: 'Insufficient funds' },
  },
  '4929000000000547': {
    brand: 'Visa',
    outcome: { kind: 'decline', bankResponseCode: '54', category: '03', description: 'Expired card' },
  },
  '4929000000000653': { brand: 'Visa', outcome: { kind: 'soft-decline' } },
  '4929000000000919': {
    brand: 'Visa',
    outcome: { kind: 'decline', bankResponseCode: '91', category: '02', description: 'Issuer unavailable' },
  },
  '4929000000000968': { brand: 'Visa', outcome: { kind: 'error', bankResponseCode: '96' } },
};

function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

type CardLookup = { kind: 'known'; scenario: CardScenario } | { kind: 'invalid' } | { kind: 'unsupported' };

export function lookUpCard(cardNumber: string): CardLookup {
  if (!luhnValid(cardNumber)) return { kind: 'invalid' };
  const scenario = table[cardNumber];
  return scenario ? { kind: 'known', scenario } : { kind: 'unsupported' };
}

/** The security code that always matches (Amex has four digits). */
export function matchingSecurityCode(brand: CardBrand): string {
  return brand === 'AmericanExpress' ? '1234' : '123';
}
