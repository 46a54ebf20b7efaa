import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';

/** Marks days older than this as forgotten: only today's and yesterday's marks are ever read. */
const keptDays = 7;

/**
 * Claims `day` for `job` inside the caller's transaction: true for the one transaction that marks
 * it, false once another has (a concurrent claim waits for the first to commit or roll back).
 */
export async function claimJobDay(tx: Tx, job: string, day: string): Promise<boolean> {
  const result = (await tx.execute(
    sql`INSERT INTO job_days (job, day) VALUES (${job}, ${day}::date)
        ON CONFLICT (job, day) DO NOTHING
        RETURNING job`,
  )) as unknown as { rows: unknown[] };
  if (result.rows.length === 0) return false;
  await tx.execute(
    sql`DELETE FROM job_days WHERE job = ${job} AND day < ${day}::date - ${keptDays}::integer`,
  );
  return true;
}
