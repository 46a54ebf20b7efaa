/** Money is integer pence everywhere; this is the one place it becomes text. */

export interface Money {
  raw: { amount: number; currency: string };
  decimal: string;
  formatted: string;
}

export function assertPence(amount: number): void {
  if (!Number.isSafeInteger(amount))
    throw new RangeError(`Money must be a whole number of pence, got ${amount}`);
}

/** "29.86" for 2986. */
export function penceToDecimal(amount: number): string {
  assertPence(amount);
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "£29.86" for 2986; "-£3.00" for -300; "£1,234.00" for 123400 (thousands grouped, issue 21 item 13). */
export function formatPence(amount: number, symbol = '£'): string {
  const decimal = penceToDecimal(amount);
  const [pounds, pence] = (decimal.startsWith('-') ? decimal.slice(1) : decimal).split('.');
  const grouped = pounds!.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${decimal.startsWith('-') ? '-' : ''}${symbol}${grouped}.${pence}`;
}

export function toMoney(amount: number, currency = 'GBP', symbol = '£'): Money {
  return {
    raw: { amount, currency },
    decimal: penceToDecimal(amount),
    formatted: formatPence(amount, symbol),
  };
}

const currencySymbols: Record<string, string> = { GBP: '£', EUR: '€', USD: '$' };

/** The symbol shown for an operator's currency code; an unknown code is shown as itself. */
export function currencySymbol(code: string): string {
  return currencySymbols[code] ?? code;
}

/** "20", "£20", "20.5", "1,020.50" → pence; an error says what is wrong with anything else. */
export function parsePounds(text: string, symbol: string): { pence: number } | { error: string } {
  const trimmed = text.trim().replace(symbol, '').replace(/,/g, '').trim();
  if (trimmed === '') return { error: 'Enter the amount taken.' };
  if (trimmed.startsWith('-')) return { error: 'The amount cannot be negative.' };
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(trimmed) ?? /^()\.(\d{1,2})$/.exec(trimmed);
  if (!match) return { error: `Enter the amount in pounds and pence, like ${formatPence(2000, symbol)}.` };
  const pounds = Number(match[1] || '0');
  const pence = Number((match[2] ?? '0').padEnd(2, '0'));
  return { pence: pounds * 100 + pence };
}

/** Pence as the operator's money: amount, decimal and formatted text in its currency. */
export interface MoneyFormat {
  money: (pence: number) => Money;
  symbol: string;
}

/** The operator's money format, from its currency code. */
export function moneyFormat(currency: string): MoneyFormat {
  const symbol = currencySymbol(currency);
  return { money: (pence) => toMoney(pence, currency, symbol), symbol };
}
