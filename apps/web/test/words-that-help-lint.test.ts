import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: repoRoot });

/** The no-restricted-syntax messages ESLint gives `code` as if it were the file at `file`. */
async function restricted(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

// Issue 34 items 4 and 5 (decision 0083): the kinds of fault lint makes impossible to write again.
describe('dates are asked and refused in words that help', { timeout: 30_000 }, () => {
  it('refuses a browser date control, on a bare input or through TextField', async () => {
    expect(
      await restricted(
        'apps/web/src/features/front-of-house/example.tsx',
        'export const A = () => <input type="date" aria-label="Day" />;\n',
      ),
    ).toEqual([expect.stringContaining('<DateInput>')]);
    expect(
      await restricted(
        'apps/web/src/features/joining/example.tsx',
        'import { TextField } from \'../../ui/form-fields.tsx\';\nexport const A = () => <TextField label="Start date" type="date" />;\n',
      ),
    ).toEqual([expect.stringContaining('<DateInput>')]);
  });

  it('refuses the bare "Date must be valid." in the browser, the server and the contracts', async () => {
    for (const file of [
      'apps/web/src/features/joining/example.ts',
      'apps/server/src/modules/memberships/example.ts',
      'packages/contracts/src/example.ts',
    ])
      expect(await restricted(file, "export const message = 'Date must be valid.';\n")).toEqual([
        expect.stringContaining('invalidDateMessage'),
      ]);
  });

  it('lets the one place that names the date and its format write the spec sentence', async () => {
    expect(
      await restricted(
        'packages/contracts/src/date-input.ts',
        "export const message = (label: string) => `Date must be valid. Enter ${label}.`;\nexport const first = 'Date must be valid.';\n",
      ),
    ).toEqual([]);
  });
});

describe('a checkbox only ticks (WCAG 3.2.2)', { timeout: 30_000 }, () => {
  it('refuses a checkbox that announces a dialog, and lets a button beside it open one', async () => {
    const file = 'apps/web/src/features/checkout/example.tsx';
    expect(
      await restricted(
        file,
        'import { CheckboxField } from \'../../ui/form-fields.tsx\';\nexport const A = () => <CheckboxField id="t" label="I agree" aria-haspopup="dialog" />;\n',
      ),
    ).toEqual([expect.stringContaining('A checkbox only ticks')]);
    expect(
      await restricted(file, 'export const A = () => <input type="checkbox" aria-haspopup="dialog" />;\n'),
    ).toEqual([expect.stringContaining('A checkbox only ticks')]);
    expect(
      await restricted(
        file,
        'export const A = () => <button type="button" aria-haspopup="dialog">Read</button>;\n',
      ),
    ).toEqual([]);
  });
});

describe('a billing day is said one way', { timeout: 30_000 }, () => {
  it('refuses "{day} of each month" written by hand beside the choice that says "1st"', async () => {
    expect(
      await restricted(
        'apps/web/src/features/account/example.tsx',
        'export const A = ({ day }: { day: number }) => <dd>{day} of each month</dd>;\n',
      ),
    ).toEqual([expect.stringContaining('billingDayText')]);
  });
});

describe('a waiting list place is kept for a stated time', { timeout: 30_000 }, () => {
  it('refuses "for a while" in text or a template', async () => {
    const file = 'apps/web/src/features/waiting-list/example.tsx';
    expect(
      await restricted(file, 'export const A = () => <p>We keep it for you for a while.</p>;\n'),
    ).toEqual([expect.stringContaining('waitingList.held')]);
    expect(
      await restricted(file, 'export const a = (card: string) => `Paid by ${card}, kept for a while.`;\n'),
    ).toEqual([expect.stringContaining('waitingList.held')]);
  });
});

describe('shared pages speak through the voice', { timeout: 30_000 }, () => {
  it('refuses "Added to your basket" and "Held for you until" written into a page', async () => {
    const file = 'apps/web/src/features/cart/example.tsx';
    expect(await restricted(file, 'export const A = () => <p>Added to your basket</p>;\n')).toEqual([
      expect.stringContaining('useVoice()'),
    ]);
    expect(
      await restricted(
        file,
        'export const A = ({ at }: { at: string }) => <p>Held for you until {at}</p>;\n',
      ),
    ).toEqual([expect.stringContaining('useVoice()')]);
  });
});
