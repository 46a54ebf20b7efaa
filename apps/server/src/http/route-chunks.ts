import fs from 'node:fs';
import path from 'node:path';
import type { SiteName } from '../config.ts';

/**
 * The pages whose code loads on its own (a lazy route in apps/web/src/sites/<site>/main.tsx) and is
 * worth starting with the HTML: the joining page, checkout and the confirmations, where a phone
 * otherwise waits for the entry's JavaScript to run before it even asks for the page's code
 * (issue 20 item 5). `module` is the page's source file, the key Vite's manifest gives its chunk.
 */
export const lazyRoutePages: { site: SiteName; path: RegExp; module: string }[] = [
  {
    site: 'online-joining',
    path: /^\/centre\/[^/]+(\/membership\/[^/]+\/[^/]+)?\/?$/i,
    module: 'src/features/joining/joining-page.tsx',
  },
  { site: 'online-joining', path: /^\/checkout\/?$/i, module: 'src/features/checkout/checkout-route.tsx' },
  { site: 'bookings', path: /^\/checkout\/?$/i, module: 'src/features/checkout/checkout-route.tsx' },
  {
    site: 'online-joining',
    path: /^\/order-confirmed\/[^/]+\/?$/i,
    module: 'src/features/checkout/order-confirmed-page.tsx',
  },
  {
    site: 'bookings',
    path: /^\/booking-confirmed\/[^/]+\/?$/i,
    module: 'src/features/checkout/booking-confirmed-page.tsx',
  },
  { site: 'bookings', path: /^\/sessions\/[^/]+\/?$/i, module: 'src/features/activities/session-page.tsx' },
  { site: 'bookings', path: /^\/basket\/?$/i, module: 'src/features/cart/basket-page.tsx' },
];

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** A chunk and every chunk it imports statically, entries left out (their pages preload them already). */
function chunkFiles(manifest: Manifest, key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || chunk.isEntry || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, files);
  return files;
}

/**
 * `<link rel="modulepreload">` tags for the lazy page an address opens, read from the build's
 * manifest once: none for a page in the entry chunk, an address no lazy page answers, or a build
 * without a manifest. Chunks the site's entry and its app already load are left out.
 */
export function routeChunkPreloader(dist: string): (site: SiteName, pathname: string) => string {
  let manifest: Manifest | undefined;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  } catch {
    manifest = undefined;
  }
  const cache = new Map<string, string>();
  return (site, pathname) => {
    const page = manifest && lazyRoutePages.find((route) => route.site === site && route.path.test(pathname));
    if (!page || !manifest) return '';
    const key = `${site}:${page.module}`;
    let tags = cache.get(key);
    if (tags === undefined) {
      // The site's HTML loads its boot module and preloads its app with what that imports
      // (decision 0091): all of it is on the page already.
      const unmarked = Object.fromEntries(
        Object.entries(manifest).map(([name, chunk]) => [name, { ...chunk, isEntry: false }]),
      );
      const entryFiles = chunkFiles(
        unmarked,
        `src/sites/${site}/main.tsx`,
        chunkFiles(unmarked, `sites/${site}/index.html`),
      );
      tags = [...chunkFiles(manifest, page.module)]
        .filter((file) => !entryFiles.has(file))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join('\n    ');
      cache.set(key, tags);
    }
    return tags;
  };
}
