import type { RpdeFeedName, RpdePage, RpdeQuery } from '@lido/contracts/openactive';
import { type FeedUrls, seriesItem, sessionItem } from './openactive-items.ts';
import type { FeedPosition, OpenActiveRepository } from './openactive.repository.ts';

/** Items per page: OpenActive's usual size, small enough for one quick indexed read. */
export const defaultFeedPageSize = 500;

export const openDataLicence = 'https://creativecommons.org/licenses/by/4.0/';

/** Each feed, the OpenActive type its items are, and what of the catalogue it reads. */
export const feeds: Record<RpdeFeedName, { type: string; activityKind: 'session' | 'facility' }> = {
  'session-series': { type: 'SessionSeries', activityKind: 'session' },
  'scheduled-sessions': { type: 'ScheduledSession', activityKind: 'session' },
  'facility-uses': { type: 'FacilityUse', activityKind: 'facility' },
  slots: { type: 'Slot', activityKind: 'facility' },
};

export interface FeedAnswer {
  page: RpdePage;
  /** no items: the reader is up to date (RPDE's last page, cached briefly) */
  isLastPage: boolean;
}

export function feedUrl(urls: FeedUrls, feed: RpdeFeedName, after?: FeedPosition): string {
  const base = `${urls.origin}/openactive/feeds/${feed}`;
  return after ? `${base}?afterTimestamp=${after.modified}&afterId=${after.id}` : base;
}

/**
 * RPDE 1.0 with the "modified timestamp and ID" ordering: items in (modified, id) order after the
 * position asked for; `next` names the last item on the page, or, on the last page (no items), the
 * page's own URL, so a reader polls it until something changes.
 */
export function createOpenActiveFeeds(repository: OpenActiveRepository, urls: FeedUrls, pageSize: number) {
  return {
    async page(feed: RpdeFeedName, query: RpdeQuery): Promise<FeedAnswer> {
      const asked =
        query.afterTimestamp !== undefined && query.afterId !== undefined
          ? { modified: query.afterTimestamp, id: query.afterId }
          : undefined;
      const after = asked ?? { modified: 0, id: 0 };
      const { activityKind } = feeds[feed];
      const items =
        feed === 'session-series' || feed === 'facility-uses'
          ? (await repository.seriesPage(activityKind, feed, after, pageSize)).map((row) =>
              seriesItem(urls, feed, row),
            )
          : (await repository.sessionsPage(activityKind, feed, after, pageSize)).map((row) =>
              sessionItem(urls, feed, row),
            );
      const last = items.at(-1);
      const next = last
        ? feedUrl(urls, feed, { modified: last.modified, id: last.id })
        : feedUrl(urls, feed, asked);
      return { page: { next, items, license: openDataLicence }, isLastPage: items.length === 0 };
    },
  };
}
