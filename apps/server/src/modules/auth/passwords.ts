import { hash, verify } from '@node-rs/argon2';

/** OWASP's minimum for argon2id (quality.md S1): 19 MiB, two passes, one lane. */
// `algorithm: 2` is Argon2id (the package's const enum cannot be imported under isolated modules).
export const argon2Options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never matches
  }
}

/** A stored hash weaker than today's parameters (or not argon2id) is replaced at the next login. */
export function needsRehash(passwordHash: string): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(passwordHash);
  if (!match) return true;
  return (
    Number(match[1]) < argon2Options.memoryCost ||
    Number(match[2]) < argon2Options.timeCost ||
    Number(match[3]) < argon2Options.parallelism
  );
}

/**
 * A real hash of a random password, verified against when no account matches, so an unknown
 * username costs the same time as a known one (quality.md S4).
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}-${Date.now()}`);
  return decoyHash;
}
