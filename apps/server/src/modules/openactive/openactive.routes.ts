import {
  rpdeFeedNames,
  rpdeFeedParamsSchema,
  rpdePageSchema,
  rpdeQuerySchema,
} from '@lido/contracts/openactive';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/errors.ts';
import type { OpenActiveService } from './openactive.service.ts';

// RPDE's caching: a page with items never changes its place in the feed, so readers and CDNs may
// keep it an hour; the last page is where new changes appear, so it is kept only seconds.
const cacheFull = 'public, max-age=3600';
const cacheLast = 'public, max-age=8';

/** OpenActive open data: the dataset page and the four RPDE feeds (decision 0035). Public, no session. */
export function openActiveRoutes(
  app: FastifyInstance,
  openActive: OpenActiveService,
  options: { clock: () => Date },
): void {
  app.get('/openactive', async (_request, reply) => {
    const html = await openActive.datasetPage(options.clock());
    reply.header('cache-control', 'public, max-age=300').type('text/html; charset=utf-8');
    return html;
  });

  app.get('/openactive/feeds/:feed', async (request, reply) => {
    const { feed } = request.params as { feed: string };
    if (!(rpdeFeedNames as readonly string[]).includes(feed)) {
      return reply.status(404).send({
        message: `There is no OpenActive feed called "${feed.slice(0, 40)}". The feeds are ${rpdeFeedNames.join(', ')}.`,
      });
    }
    const params = parseInput(rpdeFeedParamsSchema, request.params);
    const query = parseInput(rpdeQuerySchema, request.query);
    const { page, isLastPage } = await openActive.feedPage(params.feed, query);
    reply
      .header('cache-control', isLastPage ? cacheLast : cacheFull)
      .header('access-control-allow-origin', '*')
      .type('application/json; charset=utf-8');
    return JSON.stringify(rpdePageSchema.parse(page));
  });
}
