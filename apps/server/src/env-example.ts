import path from 'node:path';
import { z } from 'zod';
import { envSchema } from './config.ts';
import { settingDescriptions } from './settings-descriptions.ts';

/** The file `npm run env:example` writes, at the repository's root. */
export const envExamplePath = path.resolve(import.meta.dirname, '../../../.env.example');

const header = `# Lido's settings, each with its default (or empty when it has none), all commented out.
# Written by \`npm run env:example\` from apps/server/src/config.ts and
# apps/server/src/settings-descriptions.ts: change those, not this file.
# Copy it to .env and uncomment what you change: \`npm run dev\` reads .env; \`npm start\` and
# \`npm run serve\` take their settings from the environment. README "Settings" says more.
`;

/** The value a setting takes when it is not set, if it has one (`.default(…)`, maybe inside a pipe). */
function defaultOf(schema: z.core.$ZodType): unknown {
  if (schema instanceof z.ZodDefault) return schema.def.defaultValue;
  if (schema instanceof z.ZodPipe) return defaultOf(schema.def.in);
  return undefined;
}

/** A value as a .env line writes it: quoted when it holds anything beyond a plain word. */
function envValue(value: unknown): string {
  if (value === undefined) return '';
  const text = String(value);
  return /^[\w.:/@+-]*$/.test(text) ? text : JSON.stringify(text);
}

/**
 * `.env.example`'s text: every setting of the schema, in its order, with its one-line description.
 * A setting without a description is an error, so a new setting cannot reach the file undescribed.
 */
export function renderEnvExample(
  shape: Record<string, z.core.$ZodType> = envSchema.shape,
  descriptions: Record<string, string> = settingDescriptions,
): string {
  const missing = Object.keys(shape).filter((name) => !descriptions[name]?.trim());
  if (missing.length > 0)
    throw new Error(
      `Settings without a description in apps/server/src/settings-descriptions.ts: ${missing.join(', ')}`,
    );
  const blocks = Object.entries(shape).map(
    ([name, schema]) => `# ${descriptions[name]!.trim()}\n# ${name}=${envValue(defaultOf(schema))}\n`,
  );
  return [header, ...blocks].join('\n');
}
