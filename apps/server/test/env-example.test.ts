import fs from 'node:fs';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envSchema, loadConfig } from '../src/config.ts';
import { envExamplePath, renderEnvExample } from '../src/env-example.ts';
import { settingDescriptions } from '../src/settings-descriptions.ts';

/** `.env.example` is written from the settings schema; these fail when the two drift apart. */
describe('.env.example', () => {
  const names = Object.keys(envSchema.shape);

  it('is what `npm run env:example` writes from the schema now (run it after changing a setting)', () => {
    const onDisk = fs.existsSync(envExamplePath) ? fs.readFileSync(envExamplePath, 'utf8') : '';
    expect(onDisk, 'run `npm run env:example` and commit .env.example').toBe(renderEnvExample());
  });

  it('names every setting exactly once, each with a one-line description', () => {
    const text = renderEnvExample();
    for (const name of names) expect(text.match(new RegExp(`^# ${name}=`, 'gm'))).toHaveLength(1);
    for (const name of names)
      expect(settingDescriptions[name as keyof typeof settingDescriptions]).toMatch(/^[^\n]+$/);
  });

  it('describes only settings the schema has (or one another branch is adding)', () => {
    const known = [...names];
    expect(Object.keys(settingDescriptions).filter((name) => !known.includes(name))).toEqual([]);
  });

  it('refuses to write a setting that has no description', () => {
    const shape = { ...envSchema.shape, LIDO_SOMETHING_NEW: z.string().optional() };
    expect(() => renderEnvExample(shape)).toThrow(/without a description.*: LIDO_SOMETHING_NEW$/);
  });

  it('shows the real defaults: its lines with a value, uncommented, configure what no settings do', () => {
    const uncommented = renderEnvExample().replace(/^# ([A-Z_]+=.)/gm, '$1');
    const settings = parseEnv(uncommented);
    expect(Object.keys(settings)).toContain('LIDO_PORT');
    expect(Object.keys(settings)).toContain('LIDO_MAINTENANCE_MODE');
    expect(loadConfig(settings)).toEqual(loadConfig({}));
  });
});
