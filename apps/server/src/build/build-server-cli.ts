/**
 * `npm run build`'s server half: the bundle `npm run serve` starts and the PGlite templates a first
 * start copies in (decisions 0062 and 0068). `npm run dev` and the tests keep running the sources.
 */
import path from 'node:path';
import { bundleServer, serverBundle } from './bundle-server.ts';
import { buildDemoTemplate, buildPgliteTemplate } from '../db/pglite-template-build.ts';

const started = performance.now();
await bundleServer();
const template = await buildPgliteTemplate();
const demo = await buildDemoTemplate(template);
const relative = (file: string) => path.relative(process.cwd(), file);
console.log(
  `server: ${relative(serverBundle)}, ${relative(template)} and ${path.basename(demo)} in ${Math.round(performance.now() - started)} ms`,
);
