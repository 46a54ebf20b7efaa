import fs from 'node:fs';
import path from 'node:path';
// By path, not package name: the config's bundler leaves packages to Node, which can't load .ts.
import { lidoMessages } from '../../packages/messages/src/vite-plugin.ts';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The three customer sites and the staff site (issue 19, decision 0057): one build, one entry each. */
const sites = ['bookings', 'my-account', 'online-joining', 'front-of-house'] as const;
/** The sites whose HTML boots their app after the first paint (decision 0091). */
const customerSites = sites.filter((site) => site !== 'front-of-house');

/** Our own source: the web app and the shared packages. */
const ours = /(apps[\\/]web[\\/]src|packages[\\/](contracts|pricing)[\\/]src)[\\/]/;
/** React, TanStack Query and Lingui's runtime (the words, decision 0108): the `vendor` chunk. */
const vendor = /node_modules[\\/](react|react-dom|scheduler|@tanstack|@lingui[\\/]core)[\\/]/;
/** The bookings timetable and what it needs (the `timetable` chunk). */
const timetable =
  /(apps[\\/]web[\\/]src[\\/]features[\\/](activities[\\/](timetable|timetable-filters|session-text|session-item|week-strip|get-timetable))|packages[\\/]contracts[\\/]src[\\/]activity-labels|packages[\\/]pricing[\\/]src[\\/]calendar-date)/;
/** What the ui/, app/, lib/ and router/ folders and the venue reads hold: the app's shell. */
const shellFolders = /apps[\\/]web[\\/]src[\\/](app|lib|ui|router|features[\\/]venues)[\\/]/;
/** A customer site's app, which its boot module imports once the spinner has painted. */
const customerApp = /apps[\\/]web[\\/]src[\\/]sites[\\/](bookings|my-account|online-joining)[\\/]main\.tsx$/;

interface ModuleGraph {
  getModuleInfo(id: string): { importers: string[]; importedIds: string[] } | null;
}

/**
 * Answers a question about a module that depends on the modules around it (its importers or its
 * imports), once per module and build. The graph is before tree-shaking: a barrel's unused
 * re-exports count, so an answer may be "yes" too often, never "no" too often.
 */
function graphQuestion(step: (id: string, graph: ModuleGraph, ask: (id: string) => boolean) => boolean) {
  const answers = new Map<string, boolean>();
  return (id: string, graph: ModuleGraph): boolean => {
    const ask = (next: string): boolean => {
      const known = answers.get(next);
      if (known !== undefined) return known;
      answers.set(next, false); // a cycle adds nothing
      const answer = step(next, graph, ask);
      answers.set(next, answer);
      return answer;
    };
    return ask(id);
  };
}

/** A customer site's app may import the module (the staff site's first route has no budget). */
const inCustomerApp = graphQuestion(
  (id, graph, ask) => customerApp.test(id) || (graph.getModuleInfo(id)?.importers ?? []).some(ask),
);

/**
 * Nothing the module imports, however deep, is another library than React and TanStack Query: no
 * zod (which no first route or joining route may build, `npm run budgets`), DOMPurify, map or
 * error reporting.
 */
const plainCode = graphQuestion((id, graph, ask) => {
  if (vendor.test(id)) return true;
  if (!ours.test(id) || id.includes('node_modules')) return false;
  return (graph.getModuleInfo(id)?.importedIds ?? []).every(ask);
});

/**
 * Each customer site's first route is its boot module, then its app (`src/sites/<site>/main.tsx`,
 * an entry of its own, so "initial" below means on some app's first route) and four shared chunks
 * (decision 0091):
 * - `vendor`: React and TanStack Query (about 80 KB gzip, the floor of any first route). It changes
 *   only when they are upgraded, so a deploy of ours leaves it cached, and one site's visit caches
 *   it for the others.
 * - `shell`: every module of ours on a first route that another site or a lazy page shares (app/,
 *   lib/, ui/, router/, the venue reads, a page's queries, the finder's store), with what it
 *   imports. Left to automatic splitting they came in about a dozen small chunks, each shared with
 *   a different set of lazy pages, and a first route was 5-8 files; the router (decision 0059) is
 *   ours and changes with our deploys, so it sits here rather than in `vendor`.
 * - `timetable`: the bookings site's first page and what it needs, a lazy page of the staff site.
 * - `boot`: what the boot modules share (waiting for the first paint, Vite's preloading).
 * After the first route, `pages` holds every module of ours that two or more lazy pages share and
 * that loads no other library. Automatic splitting cut those into a chunk per set of pages sharing
 * them: the membership route loaded 19 files after its first route and checkout 16, each a round
 * trip on a phone's HTTP/1.1 connections; now 4 and 6, for some 15 KB more on a page that needs
 * less of it. Everything else (maplibre, DOMPurify, zod, Sentry, each lazy page's own code) stays
 * with the lazy chunks that use it.
 */
const chunkGroups = [
  {
    name: 'boot',
    test: /(apps[\\/]web[\\/]src[\\/]sites[\\/]after-first-paint\.ts|vite[\\/]preload-helper)/,
  },
  { name: 'vendor', test: vendor },
  {
    name: (id: string, graph: ModuleGraph) =>
      ours.test(id) && !timetable.test(id) && (shellFolders.test(id) || inCustomerApp(id, graph))
        ? 'shell'
        : null,
    tags: ['$initial' as const],
    minShareCount: 2,
  },
  { name: 'timetable', test: timetable, tags: ['$initial' as const] },
  {
    name: (id: string, graph: ModuleGraph) => (ours.test(id) && plainCode(id, graph) ? 'pages' : null),
    minShareCount: 2,
  },
];

/**
 * Each customer site's HTML preloads its app's chunks (decision 0091): the boot module imports the
 * app only once the spinner has painted, but the app's files download beside it from the start.
 */
function preloadSiteApp(): Plugin {
  return {
    name: 'lido-preload-site-app',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk) return [];
        const closure = (file: string, files = new Set<string>()) => {
          const found = bundle[file];
          if (found?.type !== 'chunk' || files.has(file)) return files;
          files.add(file);
          for (const imported of found.imports) closure(imported, files);
          return files;
        };
        const boot = closure(chunk.fileName);
        const app = chunk.dynamicImports.filter((file) => {
          const found = bundle[file];
          return found?.type === 'chunk' && customerApp.test(found.facadeModuleId ?? '');
        });
        const files = [...new Set(app.flatMap((file) => [...closure(file)]))];
        // The app's stylesheet is the page's (the spinner's look among it): linked, not loaded by the app.
        const styles = new Set(
          files.flatMap((file) => {
            const found = bundle[file];
            return found?.type === 'chunk' ? [...(found.viteMetadata?.importedCss ?? [])] : [];
          }),
        );
        return [
          ...[...styles].map((file) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          ...files
            .filter((file) => !boot.has(file))
            .map((file) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
              injectTo: 'head' as const,
            })),
        ];
      },
    },
  };
}

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
  plugins: [lidoMessages(), react(), loadingShell(), preloadSiteApp()],
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
      input: {
        ...Object.fromEntries(
          sites.map((site) => [site, path.resolve(import.meta.dirname, `sites/${site}/index.html`)]),
        ),
        // Each customer site's app, which its boot module imports (decision 0091): an entry too, so
        // that what it imports statically is its first route, as it was when the HTML loaded it.
        ...Object.fromEntries(
          customerSites.map((site) => [
            `${site}-app`,
            path.resolve(import.meta.dirname, `src/sites/${site}/main.tsx`),
          ]),
        ),
      },
      output: { codeSplitting: { groups: chunkGroups } },
    },
  },
});
