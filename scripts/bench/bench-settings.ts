/** What the benchmarks share: their settings from the environment and the server's facts they mirror. */

/** A whole-number setting above 0 from the environment, or `fallback`. */
export function wholeNumber(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number above 0`);
  return value;
}

/** A PostgreSQL the benchmarks may create and drop their own databases on. */
export const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** The server's argon2id parameters (apps/server/src/modules/auth/passwords.ts): equal, so no login rehashes. */
export const argon2Options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Each simulated customer comes from an address of their own, as they would from home. */
export const addressOf = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
