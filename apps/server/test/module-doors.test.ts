import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: repoRoot });

/** The no-restricted-imports messages ESLint gives `code` as if it were the file at `file`. */
async function doorErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// Issue 32 item 3, decision 0081. Linting loads the whole config once (a few seconds when busy).
describe('server modules are used only through their doors', { timeout: 60_000 }, () => {
  it("fails a module that imports another module's repository", async () => {
    expect(
      await doorErrors(
        'apps/server/src/modules/bookings/example.ts',
        "import { bookingLineRows } from '../cart/booking-lines.repository.ts';\nexport const rows = bookingLineRows;\n",
      ),
    ).toEqual([expect.stringContaining('Use the cart module only through its door, modules/cart/index.ts.')]);
  });

  it('fails the composition root and the http layer when they skip a door', async () => {
    expect(
      await doorErrors(
        'apps/server/src/example.ts',
        "export { createCartService } from './modules/cart/cart.service.ts';\n",
      ),
    ).toHaveLength(1);
    expect(
      await doorErrors(
        'apps/server/src/http/example.ts',
        "export { recordStaffAction } from '../modules/audit/audit.repository.ts';\n",
      ),
    ).toHaveLength(1);
  });

  it("allows a module's door, a module's own files, and web-free shared code", async () => {
    expect(
      await doorErrors(
        'apps/server/src/modules/bookings/example.ts',
        [
          "export { createCartService } from '../cart/index.ts';",
          "export { bookingsOfOrder } from './bookings.repository.ts';",
          "export { HttpError } from '../../http/errors.ts';",
          "export { formatPence } from '@lido/pricing/money';",
        ].join('\n'),
      ),
    ).toEqual([]);
    expect(
      await doorErrors(
        'apps/server/src/example.ts',
        "export { createCartService } from './modules/cart/index.ts';\n",
      ),
    ).toEqual([]);
  });

  it('still refuses web code on the server', async () => {
    expect(
      await doorErrors('apps/server/src/modules/cart/example.ts', "export { App } from '@lido/web';\n"),
    ).toHaveLength(1);
  });
});
