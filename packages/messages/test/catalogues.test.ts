import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { compileNamespace, languages, namespaceOf, readCatalogue } from '../src/catalogue.ts';

const english = readCatalogue('en');
const welsh = readCatalogue('cy');
const byId = (entries: typeof english) => new Map(entries.map((entry) => [entry.id, entry]));

/** The plural categories an ICU message's plural or selectordinal offers, outermost first. */
/** A plural's named category (one, few…), not an exact match ("=2", compiled as "2"). */
const isCategory = (key: string) => !/^=?\d+$/.test(key);

function pluralCategories(message: string): string[][] {
  const found: string[][] = [];
  const walk = (tokens: ReturnType<typeof compileMessageOrThrow>) => {
    for (const token of tokens) {
      if (typeof token === 'string' || token[1] !== 'plural') continue;
      const choices = token[2] as Record<string, unknown>;
      found.push(Object.keys(choices).filter((key) => key !== 'offset'));
      for (const [key, choice] of Object.entries(choices)) if (key !== 'offset') walk(choice as never);
    }
  };
  walk(compileMessageOrThrow(message));
  return found;
}

describe('the message catalogues (issue 38 items 1 and 2)', () => {
  it('give every message in one language in the other, each id once', () => {
    for (const entries of [english, welsh]) {
      const ids = entries.map((entry) => entry.id);
      expect(ids.filter((id, at) => ids.indexOf(id) !== at)).toEqual([]);
    }
    expect(welsh.map((entry) => entry.id).sort()).toEqual(english.map((entry) => entry.id).sort());
  });

  it('hold the English once: English’s text is its source, and Welsh translates today’s English', () => {
    const englishById = byId(english);
    for (const entry of english) expect(entry.text, entry.id).toBe(entry.source);
    for (const entry of welsh)
      expect(entry.source, `${entry.id} translates stale English`).toBe(englishById.get(entry.id)?.text);
  });

  it('give the translator a note on every message and a namespace in every id', () => {
    for (const entry of [...english, ...welsh]) {
      expect(entry.note.length, `${entry.id} has no note`).toBeGreaterThan(10);
      expect(entry.id).toMatch(/^[a-z][a-zA-Z0-9]*\.[a-z][a-zA-Z0-9.]*$/);
    }
  });

  it('are valid ICU, and every Welsh text is written (none left empty or in English by mistake)', () => {
    for (const entry of [...english, ...welsh])
      expect(() => compileMessageOrThrow(entry.text), entry.id).not.toThrow();
    for (const entry of welsh) expect(entry.text, `${entry.id} has no Welsh`).not.toBe('');
  });

  it('give each Welsh plural all six of Welsh’s forms, and each English plural its two', () => {
    const welshForms = new Intl.PluralRules('cy').resolvedOptions().pluralCategories;
    expect([...welshForms].sort()).toEqual(['few', 'many', 'one', 'other', 'two', 'zero']);
    for (const entry of welsh) {
      for (const categories of pluralCategories(entry.text)) {
        const named = categories.filter(isCategory);
        expect(named.sort(), entry.id).toEqual([...welshForms].sort());
      }
    }
    for (const entry of english) {
      for (const categories of pluralCategories(entry.text)) {
        expect(categories.filter(isCategory).sort(), entry.id).toEqual(['one', 'other']);
      }
    }
  });

  it('compile a namespace to what the pages load: Lingui’s tokens for every message, plain texts too', () => {
    const namespaces = new Set(english.map((entry) => namespaceOf(entry.id)));
    expect(namespaces.has('chrome')).toBe(true);
    for (const language of languages) {
      const chrome = compileNamespace(language, 'chrome');
      expect(Object.keys(chrome).every((id) => id.startsWith('chrome.'))).toBe(true);
      // A bare string is an uncompiled message to Lingui, which warns on the console at every use.
      expect(Array.isArray(chrome['chrome.skipLink'])).toBe(true);
      expect(Array.isArray(chrome['chrome.basketCount'])).toBe(true);
    }
  });
});
