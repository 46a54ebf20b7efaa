/**
 * `npm run build`'s server half: the bundle `npm run serve` starts and the PGlite template a first
 * start copies in (decision 0062). `npm run dev` and the tests keep running the sources.
 */
import path from 'node:path';
import { bundleServer, serverBundle } from './bundle-server.ts';
import { buildPgliteTemplate } from '../db/pglite-template-build.ts';

const started = performance.now();
await bundleServer();
const template = await buildPgliteTemplate();
const relative = (file: string) => path.relative(process.cwd(), file);
console.log(
  `server: ${relative(serverBundle)} and ${relative(template)} in ${Math.round(performance.now() - started)} ms`,
);
