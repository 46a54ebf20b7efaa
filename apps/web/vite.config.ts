import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The three customer sites and the staff site (issue 19, decision 0057): one build, one entry each. */
const sites = ['bookings', 'my-account', 'online-joining', 'front-of-house'] as const;

/**
 * Two chunks every first route loads, apart from each site's own entry:
 * - `vendor`: React and TanStack Query (about 76 KB gzip together, the floor of any first
 *   route). One chunk compresses about 1 KB smaller than two, and it changes only when they are
 *   upgraded, so a deploy of ours leaves it cached and one site's visit caches it for the others.
 * - `shell`: our app/, lib/, ui/ and router/ modules that some site's first route imports, with
 *   what they import, and the venue reads (two of the three customer sites' first routes use
 *   them). Left to automatic splitting they came in about a dozen small chunks, each shared with
 *   a different set of lazy pages; one file gzips about 4 KB smaller. The router (decision 0059)
 *   is ours and changes with our deploys, so it sits here rather than in `vendor`.
 * Everything else (maplibre, DOMPurify, zod, the lazy pages) stays with the lazy chunks that use it.
 */
const chunkGroups = [
  { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack)[\\/]/ },
  {
    name: 'shell',
    test: /apps[\\/]web[\\/]src[\\/](app|lib|ui|router|features[\\/]venues)[\\/]/,
    tags: ['$initial' as const],
  },
  // The timetable and what it needs: the bookings site's first route, and a lazy page of the staff
  // site. Shared, automatic splitting cut it into five small chunks, each a file of its own to gzip.
  {
    name: 'timetable',
    test: /(apps[\\/]web[\\/]src[\\/]features[\\/](activities[\\/](timetable|timetable-filters|session-text|session-item|week-strip|get-timetable))|packages[\\/]contracts[\\/]src[\\/]activity-labels|packages[\\/]pricing[\\/]src[\\/]calendar-date)/,
    tags: ['$initial' as const],
  },
];

/** Every site's page paints the loading spinner before its JavaScript has run (decision 0063). */
function loadingShell(): Plugin {
  const shell = fs.readFileSync(path.resolve(import.meta.dirname, 'sites/loading-shell.html'), 'utf8');
  return {
    name: 'lido-loading-shell',
    transformIndexHtml: (html) => html.replace('<div id="root"></div>', `<div id="root">${shell}</div>`),
  };
}

/** One code base, four entry points that share chunks; the server picks the HTML per site. */
export default defineConfig({
  plugins: [react(), loadingShell()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // Browsers without <link rel=modulepreload> (Safari before 17) still run the site; they just
    // fetch a lazy page's chunks one after another, so the polyfill is not worth a first-route file.
    modulePreload: { polyfill: false },
    sourcemap: false,
    target: 'es2022',
    rollupOptions: {
      input: Object.fromEntries(
        sites.map((site) => [site, path.resolve(import.meta.dirname, `sites/${site}/index.html`)]),
      ),
      output: { codeSplitting: { groups: chunkGroups } },
    },
  },
});
