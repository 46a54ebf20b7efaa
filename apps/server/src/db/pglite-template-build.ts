import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { wrapPglite } from './client.ts';
import { migrate, readMigrations } from './migrate.ts';
import { pgliteTemplateFile, pgliteTemplatesDir } from './pglite-template.ts';

/**
 * Makes the PGlite data directory a first start copies in: a new cluster with every migration
 * applied (and recorded in lido_migrations, so the start applies none again), as an uncompressed
 * tarball (loading it is faster than unzipping it). Older templates are removed.
 */
export async function buildPgliteTemplate(
  dir = pgliteTemplatesDir,
  migrations = readMigrations(),
): Promise<string> {
  const file = pgliteTemplateFile(migrations, dir);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lido-pglite-template-'));
  try {
    const client = new PGlite(path.join(workDir, 'pgdata'));
    await client.waitReady;
    await migrate(await wrapPglite(client, { ownsClient: true }), migrations);
    // A checkpoint so the tarball holds the tables themselves, not only the log that makes them.
    await client.exec('CHECKPOINT');
    const tarball = await client.dumpDataDir('none');
    await client.close();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
    return file;
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}
