import fs from 'node:fs';
import path from 'node:path';
import { envExamplePath, renderEnvExample } from './env-example.ts';

/** `npm run env:example`: writes `.env.example` from the settings schema and their descriptions. */
fs.writeFileSync(envExamplePath, renderEnvExample());
process.stdout.write(`Wrote ${path.relative(process.cwd(), envExamplePath)}\n`);
