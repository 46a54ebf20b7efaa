import type { DatabaseHandle } from '../../db/client.ts';

/** Answers when the database does; throws when it cannot be reached. */
export async function pingDatabase(database: DatabaseHandle): Promise<void> {
  await database.query('SELECT 1 AS ok');
}
