import { describe, expect, it } from 'vitest';
import { languageOfPath, pathInLanguage } from '../src/languages.ts';

describe('a language in the address (decision 0108)', () => {
  it('reads it from the first segment only', () => {
    expect(languageOfPath('/cy')).toBe('cy');
    expect(languageOfPath('/cy/location/cardiff')).toBe('cy');
    expect(languageOfPath('/cymraeg')).toBe('en');
    expect(languageOfPath('/location/cy')).toBe('en');
    expect(languageOfPath('/')).toBe('en');
  });

  it('gives the same page in the other language, keeping the query and hash', () => {
    expect(pathInLanguage('/location/cardiff?day=2#x', 'cy')).toBe('/cy/location/cardiff?day=2#x');
    expect(pathInLanguage('/cy/location/cardiff?day=2', 'en')).toBe('/location/cardiff?day=2');
    expect(pathInLanguage('/', 'cy')).toBe('/cy');
    expect(pathInLanguage('/cy', 'en')).toBe('/');
    expect(pathInLanguage('/cy?x=1', 'en')).toBe('/?x=1');
    expect(pathInLanguage('/cy/basket', 'cy')).toBe('/cy/basket');
  });

  it('never makes a link to another host', () => {
    expect(pathInLanguage('/cy//evil.example/x', 'en')).toBe('/evil.example/x');
    expect(pathInLanguage('/cy/\\evil.example', 'en')).toBe('/evil.example');
    expect(pathInLanguage('//evil.example', 'cy')).toBe('/cy/evil.example');
  });
});
