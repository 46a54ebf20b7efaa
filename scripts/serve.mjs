/**
 * `npm run serve`: the server bundle `npm run build` made (one file, where the sources are some
 * hundreds of TypeScript modules compiled through tsx at every start; decision 0062), or, on a
 * tree whose server was never built, the sources through tsx as before.
 */
import fs from 'node:fs';

const bundle = new URL('../apps/server/dist/main.js', import.meta.url);
if (fs.existsSync(bundle)) {
  // An error's stack names the source files and lines (dist/main.js.map), not the bundle's.
  process.setSourceMapsEnabled(true);
  await import(bundle.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('../apps/server/src/main.ts', import.meta.url).href);
}
