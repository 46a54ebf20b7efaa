import type { RpdeFeedName, RpdeQuery } from '@lido/contracts/openactive';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { publicSiteOrigins } from '../../http/sites.ts';
import { datasetPage } from './dataset-page.ts';
import { createOpenActiveFeeds, defaultFeedPageSize, type FeedAnswer } from './openactive-feeds.service.ts';
import { createOpenActiveRepository } from './openactive.repository.ts';

/** What the OpenActive routes call (issue 32 item 4): a page of a feed, and the dataset page. */
export interface OpenActiveService {
  feedPage(feed: RpdeFeedName, query: RpdeQuery): Promise<FeedAnswer>;
  /** the dataset page's HTML, described as of `now` */
  datasetPage(now: Date): Promise<string>;
}

export function createOpenActiveService(
  database: DatabaseHandle,
  config: Config,
  options: { pageSize?: number | undefined } = {},
): OpenActiveService {
  // Absolute links from the configured bookings origin, never from the request's Host.
  const urls = { origin: publicSiteOrigins(config).bookings, timeZone: config.timeZone };
  const repository = createOpenActiveRepository(database);
  const feeds = createOpenActiveFeeds(repository, urls, options.pageSize ?? defaultFeedPageSize);
  return {
    feedPage: (feed, query) => feeds.page(feed, query),
    async datasetPage(now) {
      const operator = await repository.operator();
      const publisher = {
        name: operator?.name ?? 'Lido',
        logoUrl: operator?.logoUrl ?? null,
        email: operator?.email ?? null,
        publishedAt: operator?.createdAt ?? null,
        discussionUrl: config.openActiveDiscussionUrl,
      };
      return datasetPage(urls, publisher, now);
    },
  };
}
