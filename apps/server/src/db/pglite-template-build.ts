import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { wrapPglite } from './client.ts';
import { migrate, readMigrations } from './migrate.ts';
import { copyPgliteTemplate, pgliteTemplatePath, pgliteTemplatesDir } from './pglite-template.ts';
import { demoTemplatePath } from './seed/demo-template.ts';
import { seedDemoTemplate } from './seed/seed-demo.ts';

/**
 * Makes the PGlite data directory a first start copies in: a new cluster with every migration
 * applied (and recorded in lido_migrations, so the start applies none again), shut down cleanly so
 * it opens as any restart's directory does. It is made beside its final place and renamed in, so a
 * build that dies part way leaves no template. Older templates are removed.
 */
export async function buildPgliteTemplate(
  dir = pgliteTemplatesDir,
  migrations = readMigrations(),
): Promise<string> {
  const template = pgliteTemplatePath(migrations, dir);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const workDir = fs.mkdtempSync(path.join(dir, '.building-'));
  try {
    const client = new PGlite(workDir);
    await client.waitReady;
    await migrate(await wrapPglite(client, { ownsClient: true }), migrations);
    // PGlite works in template1; initdb's `postgres` and `template0` are never opened, yet they were
    // two thirds of the files a first start copies (decision 0068).
    await client.exec('DROP DATABASE postgres');
    await client.exec('ALTER DATABASE template0 IS_TEMPLATE false');
    await client.exec('DROP DATABASE template0');
    await client.close();
    fs.renameSync(workDir, template);
    return template;
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/**
 * Makes the template a first start copies in when the demo is wanted: the migrated one with the
 * demo's undated part seeded (demo-template.ts).
 */
export async function buildDemoTemplate(
  migrated: string,
  { dir = pgliteTemplatesDir, migrations = readMigrations(), now = new Date() } = {},
): Promise<string> {
  const template = demoTemplatePath(migrations, dir);
  const workDir = fs.mkdtempSync(path.join(dir, '.building-'));
  try {
    copyPgliteTemplate(migrated, workDir);
    const client = new PGlite(workDir);
    await client.waitReady;
    const database = await wrapPglite(client, { ownsClient: true });
    await seedDemoTemplate(database.db, now);
    await database.close();
    fs.renameSync(workDir, template);
    return template;
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}
