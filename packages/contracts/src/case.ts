/** snake_case in, camelCase out: the specification's wire convention. */

export function snakeToCamel(key: string): string {
  return key.replace(/_+([a-z0-9])/g, (_, char: string) => char.toUpperCase());
}

export function camelToSnake(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

const forbiddenKeys = new Set(['__proto__', 'constructor', 'prototype']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * Deeply converts object keys. Keys that could pollute prototypes are dropped rather than copied,
 * so a hostile body cannot reach `Object.prototype` through the conversion. It walks with its own
 * stack rather than recursing, so no depth of nesting can overflow the call stack.
 */
export function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  let result: unknown;
  const work: { from: unknown; put: (converted: unknown) => void }[] = [
    { from: value, put: (converted) => (result = converted) },
  ];
  for (let task = work.pop(); task; task = work.pop()) {
    const { from, put } = task;
    if (Array.isArray(from)) {
      const copy: unknown[] = new Array<unknown>(from.length);
      put(copy);
      // Pushed last to first so they are converted (and keys inserted) first to last.
      for (let index = from.length - 1; index >= 0; index--)
        work.push({ from: from[index], put: (converted) => (copy[index] = converted) });
    } else if (isPlainObject(from)) {
      const copy: Record<string, unknown> = {};
      put(copy);
      const entries = Object.entries(from).filter(([key]) => !forbiddenKeys.has(key));
      for (const [key, inner] of entries.reverse()) {
        const converted = convert(key);
        work.push({ from: inner, put: (convertedValue) => (copy[converted] = convertedValue) });
      }
    } else {
      put(from);
    }
  }
  return result;
}
