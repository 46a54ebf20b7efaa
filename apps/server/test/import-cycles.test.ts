import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const config = createRequire(import.meta.url)(path.join(repoRoot, '.dependency-cruiser.cjs')) as {
  forbidden: never[];
  options: Record<string, unknown>;
};

/** The files of each cycle `npm run cycles` reports in a folder (issue 32 item 3, decision 0081). */
async function cyclesIn(files: Record<string, string>): Promise<string[][]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lido-cycles-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  const { output } = await cruise([dir], {
    ...config.options,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    tsConfig: { fileName: path.join(repoRoot, 'tsconfig.base.json') },
  });
  const result = output as ICruiseResult;
  return result.summary.violations
    .filter((violation) => violation.rule.name === 'no-circular')
    .map((violation) =>
      [violation.from, ...(violation.cycle ?? []).map((step) => step.name)].map((file) =>
        path.basename(file),
      ),
    );
}

describe("the repository's cycle check", { timeout: 60_000 }, () => {
  it('reports a loop that runs, also through a door that re-exports', async () => {
    const found = await cyclesIn({
      'index.ts': "export { a } from './a.ts';\n",
      'a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
      'b.ts': "import { a } from './index.ts';\nexport const b = () => a;\n",
    });
    expect(found).toHaveLength(1);
    expect(new Set(found[0])).toEqual(new Set(['a.ts', 'b.ts', 'index.ts']));
  });

  it('does not count a type-only import, which is gone when the code runs', async () => {
    expect(
      await cyclesIn({
        'a.ts': "import type { B } from './b.ts';\nexport type A = { b?: B };\nexport const a = 1;\n",
        'b.ts': "import { a } from './a.ts';\nexport type B = { a: typeof a };\n",
      }),
    ).toEqual([]);
  });
});
