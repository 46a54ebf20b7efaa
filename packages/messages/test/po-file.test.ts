import { describe, expect, it } from 'vitest';
import { parsePo, serializePo } from '../src/po-file.ts';

describe('PO files', () => {
  it('read notes, ids, sources and texts, continued strings and escapes, skipping the header', () => {
    const entries = parsePo(
      [
        'msgid ""',
        'msgstr ""',
        '"Language: cy\\n"',
        '',
        '#: src/somewhere.tsx:12',
        '#. Where it shows.',
        '#. And what it means.',
        'msgctxt "chrome.quote"',
        'msgid "Say \\"hi\\""',
        'msgstr ""',
        '"Dweud \\"helo\\"\\n"',
        '"ar ddwy linell"',
      ].join('\n'),
    );
    expect(entries).toEqual([
      {
        id: 'chrome.quote',
        source: 'Say "hi"',
        text: 'Dweud "helo"\nar ddwy linell',
        note: 'Where it shows. And what it means.',
      },
    ]);
  });

  it('write what they read', () => {
    const entries = [{ id: 'a.b', source: 'Tab\there "q" \\ back', text: 'Tab\tyma', note: 'Note.' }];
    expect(parsePo(serializePo('cy', entries))).toEqual(entries);
  });

  it('refuse what would be misread, naming the file and line', () => {
    expect(() => parsePo('msgid "x"\nmsgstr "y"', 'cy.po')).toThrow(/cy\.po:1: "x" has no msgctxt/);
    expect(() => parsePo('msgctxt "a.b"\nmsgid "x"\nmsgid_plural "xs"\nmsgstr[0] "y"', 'cy.po')).toThrow(
      /cy\.po:3: gettext plurals are not used/,
    );
    expect(() => parsePo('msgctxt "a.b"\nmsgid "x\\q"\nmsgstr "y"')).toThrow(/unknown escape/);
    expect(() => parsePo('msgctxt "a.b"\nmsgid "x"')).toThrow(/needs msgid and msgstr/);
  });
});
