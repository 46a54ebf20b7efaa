/** snake_case in, camelCase out: the specification's wire convention. */

export function snakeToCamel(key: string): string {
  return key.replace(/_+([a-z0-9])/g, (_, char: string) => char.toUpperCase());
}

export function camelToSnake(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

const forbiddenKeys = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Deeply converts object keys. Keys that could pollute prototypes are dropped rather than copied,
 * so a hostile body cannot reach `Object.prototype` through the conversion.
 */
export function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const result: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (forbiddenKeys.has(key)) continue;
      result[convert(key)] = convertKeys(inner, convert);
    }
    return result;
  }
  return value;
}
