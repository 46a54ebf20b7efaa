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

  // The files not yet moved were a list the rule skipped (decision 0108); every one is moved now.
  it('applies to every customer component, none exempt, and not to the staff site’s own pages', async () => {
    const eslint = new ESLint();
    const ruleOn = async (file: string) =>
      (await eslint.calculateConfigForFile(file)).rules?.['lido/words-from-catalogue']?.[0] ?? 'off';
    for (const file of [
      'apps/web/src/features/cart/basket-page.tsx',
      'apps/web/src/features/joining/joining-page.tsx',
      'apps/web/src/features/accessibility/statement-page.tsx',
      'apps/web/src/sites/my-account/dashboard-page.tsx',
      'apps/web/src/ui/modal.tsx',
    ])
      expect([file, await ruleOn(file)]).toEqual([file, 2]);
    expect(await ruleOn('apps/web/src/features/front-of-house/customer-page.tsx')).toBe('off');
    expect(fs.existsSync('eslint/words-not-yet-in-catalogue.json')).toBe(false);
  });
});
