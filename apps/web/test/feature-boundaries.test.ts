import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: repoRoot });

/** The no-restricted-imports messages ESLint gives `code` as if it were the file at `file`. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// Linting loads the whole config once (a few seconds on a busy machine).
describe('web feature boundaries (decision 0024)', { timeout: 30_000 }, () => {
  it("fails a feature that imports another feature's internals", async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/checkout/example.ts',
      "import { resetJoining } from '../joining/joining-store.ts';\nexport const reset = resetJoining;\n",
    );
    expect(errors).toEqual([
      expect.stringContaining(
        'Import the joining feature only through its public file, features/joining/index.ts.',
      ),
    ]);
  });

  it('fails a deeper file of a feature, and a site, that skip the public file', async () => {
    expect(
      await boundaryErrors(
        'apps/web/src/features/checkout/card/example.ts',
        "export { cartKeys } from '../../cart/keys.ts';\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'apps/web/src/sites/bookings/example.ts',
        "export { venuesQuery } from '../../features/venues/get-venues.ts';\n",
      ),
    ).toHaveLength(1);
  });

  it('lets lib and ui import nothing from the app or its features', async () => {
    expect(
      await boundaryErrors(
        'apps/web/src/ui/example.ts',
        "export { cartKeys } from '../features/cart/index.ts';\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'apps/web/src/lib/example.ts',
        "export { useSession } from '../app/session/use-session.ts';\n",
      ),
    ).toHaveLength(1);
  });

  it("allows a feature's public file, its own files, the app, lib, ui and lazy pages", async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/checkout/example.ts',
      [
        "import { resetJoiningJourney } from '../joining/index.ts';",
        "import { confirmationPath } from './checkout-exit.ts';",
        "import { useSession } from '../../app/session/use-session.ts';",
        "import { apiFetch } from '../../lib/api/api-client.ts';",
        "import { Button } from '../../ui/button.tsx';",
        "export const page = () => import('../joining/joining-page.tsx');",
        'export { resetJoiningJourney, confirmationPath, useSession, apiFetch, Button };',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });
});
