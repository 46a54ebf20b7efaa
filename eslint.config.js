import fs from 'node:fs';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { wordsFromCatalogue } from './eslint/words-from-catalogue.js';

const noServerCode = {
  group: ['**/apps/server/**', '@lido/server', '@lido/server/*'],
  message: 'The web app never imports server code.',
};

/**
 * Web features have boundaries (decision 0024): a feature is used from outside only through its
 * public file `features/<name>/index.ts`. Lazy route pages are loaded with `import()`, which this
 * rule does not see, so a site can still split a page into its own chunk.
 */
const webFeatures = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const publicFileOnly = (pathPrefix) => ({
  group: [`${pathPrefix}*/**`, `!${pathPrefix}*/index.ts`],
  message: 'Import another feature only through its public file, features/<name>/index.ts.',
});
const webBoundaries = [
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noServerCode, publicFileOnly('**/features/')] }],
    },
  },
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServerCode,
            {
              group: ['**/features/**', '**/app/**', '**/sites/**'],
              message: 'lib and ui are the bottom layer: they import no app, feature or site code.',
            },
          ],
        },
      ],
    },
  },
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServerCode,
            ...webFeatures
              .filter((other) => other !== feature)
              .map((other) => ({
                group: [`**/${other}/**`, `!**/${other}/index.ts`],
                message: `Import the ${other} feature only through its public file, features/${other}/index.ts.`,
              })),
          ],
        },
      ],
    },
  })),
];

/**
 * Server modules are rooms with one door (issue 32 item 3, decision 0081): another module, and the
 * composition root (app.ts, services.ts, jobs, http), use a module only through its
 * `modules/<name>/index.ts`. Tests may reach inside.
 */
const serverModules = fs
  .readdirSync(new URL('./apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/**
 * The spec's "Date must be valid." said neither which date nor how to write it (issue 34 item 4):
 * it is written once, in @lido/contracts/date-input's invalidDateMessage, which names both.
 */
const vagueDateMessage = {
  selector: 'Literal[value=/^Date must be valid/]',
  message: 'Use invalidDateMessage(label) from @lido/contracts/date-input: it names the date and its format.',
};
const noWebCode = { group: ['**/apps/web/**', '@lido/web'], message: 'The server never imports web code.' };
const serverDoor = (module, prefix) => ({
  group: [`${prefix}${module}/**`, `!${prefix}${module}/index.ts`],
  message: `Use the ${module} module only through its door, modules/${module}/index.ts.`,
});
const serverBoundaries = [
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/modules/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [noWebCode, ...serverModules.map((module) => serverDoor(module, '**/modules/'))] },
      ],
    },
  },
  ...serverModules.map((module) => ({
    files: [`apps/server/src/modules/${module}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noWebCode,
            ...serverModules.filter((other) => other !== module).map((other) => serverDoor(other, '../')),
          ],
        },
      ],
    },
  })),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.e2e-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [noServerCode],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  ...webBoundaries,
  {
    // Customer pages' words come from the message catalogues (issue 38, decisions 0108 and 0110):
    // every customer component, none exempt (scripts/test/words-from-catalogue.test.ts).
    files: ['apps/web/src/**/*.tsx'],
    ignores: [
      'apps/web/src/**/*.test.tsx',
      'apps/web/src/features/front-of-house/**',
      'apps/web/src/sites/front-of-house/**',
    ],
    plugins: { lido: { rules: { 'words-from-catalogue': wordsFromCatalogue } } },
    rules: { 'lido/words-from-catalogue': 'error' },
  },
  {
    // Answers have one shape, the contract's (decision 0021): a call's type is a named contract type.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.name=/^api(Get|Fetch)$/] > TSTypeParameterInstantiation TSTypeLiteral',
          message: 'Type an answer with its contract type from @lido/contracts, not a shape written here.',
        },
        {
          // A focused native button that turns disabled drops focus to the page (issue 34 item 1).
          selector: "JSXOpeningElement[name.name='button'] > JSXAttribute[name.name='disabled']",
          message:
            'Use <Button disabled>: it stays focusable (aria-disabled); a disabled <button> drops focus.',
        },
        {
          // A bare anchor to another site skips a checkout's "leave this screen?" (issue 34 item 7).
          selector:
            "JSXOpeningElement[name.name='a'] > JSXAttribute[name.name='href'] > JSXExpressionContainer > :matches(Identifier, CallExpression[callee.name='crossSiteUrl'])",
          message:
            'Link to another site with <SiteLink> or <CrossSiteAnchor>: they ask a page that must not be left unasked first (decision 0084).',
        },
        {
          // A browser's date control shows its locale's order (11/28/2026 in en-US) (issue 34 item 5).
          selector: "JSXAttribute[name.name='type'][value.value='date']",
          message: "Ask for a date with <DateInput> (ui/date-input.tsx): GOV.UK's day, month and year.",
        },
        vagueDateMessage,
        {
          // Ticking a box must not open a dialog (WCAG 3.2.2; issue 34 item 5): a button beside it does.
          selector:
            "JSXOpeningElement:matches([name.name='CheckboxField'], [name.name='input']:has(JSXAttribute[name.name='type'][value.value='checkbox'])) > JSXAttribute[name.name='aria-haspopup']",
          message:
            'A checkbox only ticks: open the terms from a button beside it (<TermsCheck>, ui/terms-check.tsx).',
        },
        {
          // "Billing day 1 of each month" beside a choice saying "1st" (issue 34 item 4).
          selector: 'JSXText[value=/of each month/]',
          message: 'Say a billing day with billingDayText(day, words) from @lido/pricing/membership-costs.',
        },
        {
          // A waiting list place "kept for them for a while" (issue 34 item 4): say how long.
          selector:
            ':matches(Literal, JSXText)[value=/for a while/], TemplateElement[value.raw=/for a while/]',
          message: 'Say how long, e.g. the waitingList.held message with the hours: not "for a while".',
        },
        {
          // The staff site said "Added to your basket" to the clerk (issue 34 item 4).
          selector: 'JSXText[value=/(Added to|Go to) your basket|Held for you until/]',
          message:
            'Pages shared with the staff site take these words from useVoice() (app/site-mode/voice.ts).',
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noWebCode] }] },
  },
  {
    // `npm run bench:reports` asks the dashboard module through its door, in its own process.
    files: ['scripts/bench/reports.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noWebCode] }] },
  },
  ...serverBoundaries,
  {
    // SQL only in repositories (decision 0022): outside `*.repository.ts` and the database's own
    // infrastructure, server code neither builds queries (drizzle's operators, the tables, `sql`)
    // nor runs them. Services orchestrate: they may open a transaction and hand it to repositories.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.repository.ts', 'apps/server/src/db/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'drizzle-orm',
              allowTypeImports: true,
              message: 'SQL lives in a *.repository.ts file (decision 0022).',
            },
          ],
          patterns: [
            {
              group: ['**/db/schema.ts', '**/db/schema'],
              allowTypeImports: true,
              message:
                'Tables are queried only in a *.repository.ts file (decision 0022); import types only.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message: 'SQL lives in a *.repository.ts file (decision 0022).',
        },
        vagueDateMessage,
        {
          selector:
            'CallExpression[callee.property.name=/^(query|execute|runScript|select|selectDistinct|selectDistinctOn|insert|update|delete)$/]:matches([callee.object.name=/^(db|tx|executor|database)$/], [callee.object.property.name=/^(db|tx|database)$/])',
          message: 'Queries run only in a *.repository.ts file (decision 0022): call a repository function.',
        },
      ],
    },
  },
  {
    // A source file over 400 lines says why at its top (`/* eslint-disable max-lines -- why */`).
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    files: ['packages/*/src/**/*.ts'],
    ignores: ['packages/contracts/src/date-input.ts'],
    rules: { 'no-restricted-syntax': ['error', vagueDateMessage] },
  },
  {
    files: ['packages/contracts/**/*.ts', 'packages/pricing/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@lido/*', '**/apps/**'], message: 'contracts and pricing import nothing of ours.' },
          ],
        },
      ],
    },
  },
  {
    // Their tests may read the catalogues, to say pricing's sentences in English and Welsh (0110).
    files: ['packages/contracts/test/**/*.ts', 'packages/pricing/test/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@lido/*', '!@lido/messages', '**/apps/**'],
              message: 'contracts’ and pricing’s tests import only the catalogues of ours.',
            },
          ],
        },
      ],
    },
  },
);
