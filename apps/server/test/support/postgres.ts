import pg from 'pg';

/**
 * Why a test of several server processes can't run here, or undefined when it can: they need a
 * real PostgreSQL server in DATABASE_URL (PGlite lives inside one process).
 */
export async function whyNoPostgres(): Promise<string | undefined> {
  const url = process.env.DATABASE_URL;
  if (!url) return 'DATABASE_URL is not set';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return undefined;
  } catch (error) {
    return `the PostgreSQL server in DATABASE_URL is not reachable (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}
