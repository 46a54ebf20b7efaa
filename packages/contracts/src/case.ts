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

/** Container keys repeat in every record of a list: each distinct key is converted once. */
const convertedKeys = new WeakMap<(key: string) => string, Map<string, string>>();
/** Bounds the memory a body of ever-new keys could take; past it keys are converted each time. */
const maxRememberedKeys = 5000;

function rememberingConverter(convert: (key: string) => string): (key: string) => string {
  let known = convertedKeys.get(convert);
  if (!known) convertedKeys.set(convert, (known = new Map()));
  const remembered = known;
  return (key) => {
    let converted = remembered.get(key);
    if (converted === undefined) {
      converted = convert(key);
      if (remembered.size < maxRememberedKeys) remembered.set(key, converted);
    }
    return converted;
  };
}

const isContainer = (value: unknown): value is object => Array.isArray(value) || isPlainObject(value);

/**
 * Deeply converts object keys. Keys that could pollute prototypes are dropped rather than copied,
 * so a hostile body cannot reach `Object.prototype` through the conversion. It walks with its own
 * stack rather than recursing, so no depth of nesting can overflow the call stack.
 *
 * Every answer the sites read passes through here (a bookings week is some 7,000 values), so it
 * makes no closure or entry array per value: each copy is laid out with its keys in order at once,
 * holding the source's nested values, which the stack then replaces with their converted copies.
 */
export function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (!isContainer(value)) return value;
  const convertKey = rememberingConverter(convert);
  const root: { value: unknown } = { value };
  const work: [from: object, into: Record<string | number, unknown>, at: string | number][] = [
    [value, root, 'value'],
  ];
  for (let task = work.pop(); task; task = work.pop()) {
    const [from, into, at] = task;
    if (Array.isArray(from)) {
      const copy: unknown[] = from.slice();
      into[at] = copy;
      for (let index = copy.length - 1; index >= 0; index--) {
        const inner = copy[index];
        if (isContainer(inner)) work.push([inner, copy as unknown as Record<number, unknown>, index]);
      }
    } else {
      const copy: Record<string, unknown> = {};
      into[at] = copy;
      const source = from as Record<string, unknown>;
      const keys = Object.keys(source);
      for (const key of keys) {
        const converted = convertKey(key);
        // '__Proto__' becomes '__proto__' in snake_case: the converted name is checked too.
        if (!forbiddenKeys.has(key) && !forbiddenKeys.has(converted)) copy[converted] = source[key];
      }
      // Two keys may convert to one name: the later one's value stands, in the earlier one's place
      // (as assignment in order gives), so only a container still held there is converted.
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index]!;
        const converted = convertKey(key);
        if (forbiddenKeys.has(key) || forbiddenKeys.has(converted)) continue;
        const inner = source[key];
        if (isContainer(inner) && copy[converted] === inner) work.push([inner, copy, converted]);
      }
    }
  }
  return root.value;
}
