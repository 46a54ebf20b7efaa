import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { languageOfPath, pathInLanguage } from '@lido/messages/languages';
import type { Config, SiteName } from '../config.ts';
import { cookieNames, readCookies } from './cookies.ts';
import type { FindJoiningPageIds } from '../modules/catalogue/index.ts';
import { firstCallPreloads } from './first-calls.ts';
import { routeChunkPreloader } from './route-chunks.ts';

/**
 * Serves the built web app. Every site shares `/assets`; each site's routes fall back to its own
 * entry HTML (history fallback), so a deep link such as /centre/x loads the right app.
 */
export async function registerStaticSites(app: FastifyInstance, config: Config): Promise<void> {
  const dist = config.webDist;
  if (fs.existsSync(dist)) {
    await app.register(fastifyStatic, {
      root: dist,
      index: false,
      wildcard: false,
      cacheControl: false,
      // Serves the .br/.gz copies the build writes (scripts/precompress.mjs) to browsers that accept them.
      preCompressed: true,
      allowedPath: (pathName) => !pathName.startsWith('/sites/'),
      setHeaders(res, filePath) {
        // Hashed build assets never change; everything else is revalidated.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
        // The same URL may be sent brotli, gzip or plain: caches must keep them apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
    // @fastify/static with wildcard off registers the files present at start; fonts supplied by the
    // operator live under the data directory instead (see operator-fonts).
  }

  const pages = new Map<SiteName, string>();
  const entryHtml = (site: SiteName): string | undefined => {
    if (!pages.has(site)) {
      const file = path.join(dist, 'sites', site, 'index.html');
      if (!fs.existsSync(file)) return undefined;
      pages.set(site, fs.readFileSync(file, 'utf8'));
    }
    return pages.get(site);
  };

  const routeChunkPreloads = routeChunkPreloader(dist);
  app.decorate(
    'sendSitePage',
    async function sendSitePage(
      reply: FastifyReply,
      site: SiteName,
      findJoiningPageIds?: FindJoiningPageIds,
    ) {
      const entry = entryHtml(site);
      // "/cy/..." is the page in Welsh (decision 0108): the same app, told its language by the
      // address. A language the operator doesn't offer, or any on the staff site (which stays in
      // English), goes to the English address instead.
      const language = languageOfPath(new URL(reply.request.url, 'http://page.invalid').pathname);
      if (language !== 'en' && (site === 'front-of-house' || !config.languages.includes(language))) {
        return reply.redirect(pathInLanguage(reply.request.url, 'en'), 302);
      }
      const url = pathInLanguage(reply.request.url, 'en');
      const cookies = readCookies(reply.request);
      const names = cookieNames(config);
      const visitor = {
        hasSession: Boolean(cookies[names.auth]),
        signedIn: cookies[names.state]?.startsWith('in.') ?? false,
      };
      const preloads = [
        await firstCallPreloads(site, url, visitor, findJoiningPageIds, language),
        routeChunkPreloads(site, new URL(url, 'http://page.invalid').pathname),
      ].filter(Boolean);
      const html = entry
        ?.replace('<html lang="en-GB">', `<html lang="${language === 'en' ? 'en-GB' : language}">`)
        .replace('</head>', `  ${preloads.join('\n    ')}\n  </head>`);
      if (!html) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The web app has not been built yet. Run `npm run build` (npm start does this for you).');
      }
      return reply
        .status(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(html);
    },
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The site's page, with preloads; a joining page's later reads need its ids from the catalogue. */
    sendSitePage(
      reply: FastifyReply,
      site: SiteName,
      findJoiningPageIds?: FindJoiningPageIds,
    ): Promise<FastifyReply>;
  }
}
