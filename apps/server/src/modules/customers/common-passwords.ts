import { createRequire } from 'node:module';

/**
 * quality.md S2's "common passwords are refused": the 49,233 passwords people use most, from
 * zxcvbn-ts's common language pack (lower case, at most 20 characters), and the everyday ways of
 * dressing one up so it passes the character rules: capitals, look-alike numbers and symbols
 * (P@ssw0rd), and a few numbers and symbols before or after (Summer2026!, Qwerty123!!).
 */

// A plain JSON array in the package; required from this file's place, so the bundled server
// (packages stay external, decision 0062) resolves it from node_modules just as tsx does.
const require = createRequire(import.meta.url);

let dictionary: Set<string> | undefined;
let longestEntry = 0;

/** Read on the first password checked, not at start-up: most processes never check one. */
function commonPasswords(): Set<string> {
  if (!dictionary) {
    const entries = require('@zxcvbn-ts/language-common/src/passwords.json') as string[];
    dictionary = new Set(entries.map((entry) => entry.toLowerCase()));
    for (const entry of dictionary) longestEntry = Math.max(longestEntry, entry.length);
  }
  return dictionary;
}

export function commonPasswordCount(): number {
  return commonPasswords().size;
}

export const commonPasswordMessage =
  'This password is too common: it is one of the passwords people use most, so it is easy to guess. Choose something less predictable.';
export const commonPasswordVariantMessage =
  'This password is too common: it is one of the passwords people use most, only dressed up with capitals, look-alike characters (such as @ for a or 0 for o) or a few numbers and symbols, so it is easy to guess. Choose something less predictable.';

/** What each look-alike may stand for; the character itself is always tried too (trustno1). */
const lookAlikes: Record<string, string[]> = {
  '@': ['a'],
  '4': ['a'],
  '8': ['b'],
  '(': ['c'],
  '3': ['e'],
  '6': ['g'],
  '9': ['g'],
  '1': ['i', 'l'],
  '!': ['i', 'l'],
  '|': ['i', 'l'],
  '0': ['o'],
  $: ['s'],
  '5': ['s'],
  '7': ['t'],
  '+': ['t'],
  '2': ['z'],
};
/** Bounds the readings of a core full of look-alikes (each has two or three). */
const maxReadings = 512;

/** Every way of reading the look-alikes in `core`, the literal one first. */
function readings(core: string): string[] {
  let found = [''];
  for (const character of core) {
    const options = [character, ...(lookAlikes[character] ?? [])];
    const next: string[] = [];
    for (const start of found) {
      for (const option of options) if (next.length < maxReadings) next.push(start + option);
    }
    found = next;
  }
  return found;
}

const letter = /\p{L}/u;
/** Cracking tools add up to four digits (a year, 123), or a run people type as often as a word. */
const digitsPeopleAdd = (digits: string, known: Set<string>) =>
  digits.length <= 4 || known.has(digits) || /^(\d)\1*$/.test(digits);

/**
 * Whether a cut of a word's ends is predictable: at most four digits (or a well-known run such as
 * 123456) and at most four other characters. Longer random ends make a password strong enough.
 */
function predictableEnds(ends: string, known: Set<string>): boolean {
  const digits = ends.replace(/\D/g, '');
  return digitsPeopleAdd(digits, known) && ends.length - digits.length <= 4;
}

/**
 * The reason to refuse `password` as too common, or undefined. The password is lower-cased; each
 * way of cutting numbers and symbols off its ends that leaves a predictable cut is tried, with every
 * reading of the look-alikes in what remains.
 */
export function commonPasswordProblem(password: string): string | undefined {
  const known = commonPasswords();
  const text = password.normalize('NFKC').toLowerCase();
  if (known.has(text)) return commonPasswordMessage;
  const characters = [...text];
  let firstLetter = characters.findIndex((character) => letter.test(character));
  if (firstLetter === -1) return undefined;
  let afterLastLetter = characters.length;
  while (!letter.test(characters[afterLastLetter - 1]!)) afterLastLetter -= 1;
  // Only the ends a cracking tool would add are worth cutting: beyond 12 characters they are not.
  firstLetter = Math.min(firstLetter, 12);
  const lastCut = Math.max(afterLastLetter, characters.length - 12);
  for (let start = 0; start <= firstLetter; start += 1) {
    for (let end = characters.length; end >= lastCut; end -= 1) {
      const core = characters.slice(start, end);
      // The dictionary's shortest words would match too much (ab, abc); its longest is 20.
      if (core.length < 4 || core.length > longestEntry) continue;
      const ends = characters.slice(0, start).join('') + characters.slice(end).join('');
      if (!predictableEnds(ends, known)) continue;
      for (const reading of readings(core.join(''))) {
        if (known.has(reading)) return commonPasswordVariantMessage;
      }
    }
  }
  return undefined;
}
