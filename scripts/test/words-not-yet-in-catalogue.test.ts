import fs from 'node:fs';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain-JavaScript ESLint rule, with no types
import { wordsFromCatalogue } from '../../eslint/words-from-catalogue.js';

const plugin = { lido: { rules: { 'words-from-catalogue': wordsFromCatalogue } } };
const config: Linter.Config[] = [
  {
    files: ['**/*.tsx'],
    languageOptions: {
      parser: tseslint.parser as Linter.Parser,
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    plugins: plugin,
    rules: { 'lido/words-from-catalogue': 'error' },
  },
];

function wordsIn(code: string): string[] {
  return new Linter({ configType: 'flat' })
    .verify(code, config, { filename: 'page.tsx' })
    .map((message) => message.message);
}

describe('words from the catalogue (issue 38 item 1, decision 0108)', () => {
  it('finds words written into a component, as text or in what people read or hear', () => {
    expect(wordsIn('const A = () => <p>Book a class</p>;')).toEqual([
      'Words a customer reads come from the message catalogue (decision 0108): "Book a class"',
    ]);
    expect(wordsIn('const A = () => <button aria-label="Open menu" />;')).toHaveLength(1);
    expect(wordsIn("const A = () => <img alt={'A pool'} />;")).toHaveLength(1);
    expect(wordsIn('const A = (n: number) => <input placeholder={`e.g. ${n} people`} />;')).toHaveLength(1);
  });

  it('lets through words from the catalogue, and what no one reads', () => {
    expect(wordsIn('const A = () => <p className="page-intro">{words(\'intro\')}</p>;')).toEqual([]);
    expect(wordsIn("const A = () => <button aria-label={words('openMenu')}>×</button>;")).toEqual([]);
    expect(wordsIn('const A = (n: number) => <p>{n} · {n}</p>;')).toEqual([]);
  });

  it(
    'lists only customer files that still hold words, so the list only shrinks',
    { timeout: 60_000 },
    async () => {
      const listed: string[] = JSON.parse(fs.readFileSync('eslint/words-not-yet-in-catalogue.json', 'utf8'));
      expect([...listed].sort()).toEqual(listed);
      for (const file of listed)
        expect(fs.existsSync(file), `${file} is gone: take it off the list`).toBe(true);
      const eslint = new ESLint({ overrideConfigFile: true, overrideConfig: config });
      const results = await eslint.lintFiles(listed);
      const clean = results
        .filter((result) => result.errorCount === 0)
        .map((result) => result.filePath.slice(process.cwd().length + 1));
      expect(clean, 'these files hold no words of their own now: take them off the list').toEqual([]);
    },
  );
});
