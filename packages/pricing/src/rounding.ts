/**
 * round(numerator / denominator), half away from zero, in exact integer arithmetic: pricing.md
 * rounds once per component and a float could land on the wrong side of a half penny.
 */
export function divideRounded(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError(`Cannot divide ${numerator} by ${denominator} exactly`);
  }
  const sign = numerator < 0 ? -1 : 1;
  const magnitude = Math.abs(numerator);
  const result = Math.floor((2 * magnitude + denominator) / (2 * denominator));
  return sign * result || 0;
}
