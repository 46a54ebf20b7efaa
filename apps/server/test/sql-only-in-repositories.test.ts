import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** Decision 0022: the lint rule that keeps SQL in repositories, tried on code it must refuse and allow. */
const eslint = new ESLint();
const folder = 'apps/server/src/modules/example';

async function sqlProblems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter(
      (message) =>
        message.ruleId === 'no-restricted-syntax' ||
        message.ruleId === '@typescript-eslint/no-restricted-imports',
    )
    .map((message) => message.message);
}

const query = `import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers } from '../../db/schema.ts';

export async function find(db: Db, id: number) {
  return db.select().from(customers).where(eq(customers.id, id));
}
`;

describe('SQL only in repositories (lint)', () => {
  it('refuses a service that builds and runs a query', async () => {
    const problems = await sqlProblems(`${folder}/example.service.ts`, query);
    expect(problems.some((message) => message.includes('drizzle-orm'))).toBe(true);
    expect(problems.some((message) => message.includes('schema.ts'))).toBe(true);
    expect(problems.some((message) => message.startsWith('Queries run only'))).toBe(true);
  });

  it('refuses raw SQL and a tagged sql template outside a repository', async () => {
    const raw = `export async function ping(database: { query(text: string): Promise<unknown> }) {
  await database.query('SELECT 1');
}
`;
    expect(await sqlProblems(`${folder}/example.routes.ts`, raw)).toHaveLength(1);
    const tagged = `declare function sql(parts: TemplateStringsArray): unknown;
export const now = sql\`now()\`;
`;
    expect(await sqlProblems(`${folder}/example.ts`, tagged)).toHaveLength(1);
  });

  it('allows the same query in a repository, and type-only imports anywhere', async () => {
    expect(await sqlProblems(`${folder}/example.repository.ts`, query)).toEqual([]);
    const types = `import type { PaymentProblem } from '../../db/schema.ts';
export const none: PaymentProblem | null = null;
`;
    expect(await sqlProblems(`${folder}/example.service.ts`, types)).toEqual([]);
  });
});
