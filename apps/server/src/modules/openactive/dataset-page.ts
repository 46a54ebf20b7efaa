import { rpdeFeedNames } from '@lido/contracts/openactive';
import { escapeHtml } from '../../http/escape-html.ts';
import { feedUrl, feeds, openDataLicence } from './openactive-feeds.service.ts';
import type { FeedUrls } from './openactive-items.ts';

/**
 * The dataset page OpenActive's dataset site specification asks for: a human page naming the feeds,
 * with a schema.org Dataset in JSON-LD that harvesters read to find them.
 */
export interface Publisher {
  name: string;
  /** the operator's logo: absolute, or a path on the bookings site */
  logoUrl: string | null;
  /** where the data is discussed (LIDO_OPENACTIVE_DISCUSSION_URL), which OpenActive requires */
  discussionUrl: string | undefined;
}

export function datasetJsonLd(urls: FeedUrls, publisher: Publisher, now: Date) {
  const operatorName = publisher.name;
  const pageUrl = `${urls.origin}/openactive`;
  const logo = publisher.logoUrl && new URL(publisher.logoUrl, `${urls.origin}/`).toString();
  return {
    '@context': ['https://schema.org/', 'https://openactive.io/'],
    '@type': 'Dataset',
    '@id': pageUrl,
    url: pageUrl,
    name: `${operatorName} Sessions and Facilities`,
    description: `Near real-time availability and rich descriptions relating to the sessions and facilities available from ${operatorName}, published as OpenActive open data.`,
    keywords: ['Sessions', 'Facilities', 'Activities', 'Sports', 'Physical Activity', 'OpenActive'],
    license: openDataLicence,
    ...(publisher.discussionUrl ? { discussionUrl: publisher.discussionUrl } : {}),
    inLanguage: ['en-GB'],
    schemaVersion: 'https://openactive.io/modelling-opportunity-data/2.0/',
    documentation: 'https://permalink.openactive.io/dataset-site/open-data-documentation',
    publisher: {
      '@type': 'Organization',
      name: operatorName,
      legalName: operatorName,
      url: `${urls.origin}/`,
      ...(logo ? { logo: { '@type': 'ImageObject', url: logo } } : {}),
    },
    // When this description was made: the feeds inside change all the time.
    dateModified: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    distribution: rpdeFeedNames.map((feed) => ({
      '@type': 'DataDownload',
      name: feeds[feed].type,
      additionalType: `https://openactive.io/${feeds[feed].type}`,
      encodingFormat: 'application/vnd.openactive.rpde+json; version=1',
      contentUrl: feedUrl(urls, feed),
      identifier: feed,
    })),
  };
}

/** JSON inside a script element: `<` escaped so no text in the data can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value, null, 2).replace(/</g, '\\u003c');

export function datasetPage(urls: FeedUrls, publisher: Publisher, now: Date): string {
  const dataset = datasetJsonLd(urls, publisher, now);
  const rows = dataset.distribution
    .map(
      (feed) =>
        `<li><a href="${escapeHtml(feed.contentUrl)}">${escapeHtml(feed.name)}</a> (${escapeHtml(feed.identifier)})</li>`,
    )
    .join('\n      ');
  return `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(dataset.name)}</title>
    <script type="application/ld+json">
${scriptJson(dataset)}
    </script>
  </head>
  <body>
    <main>
      <h1>${escapeHtml(dataset.name)}</h1>
      <p>${escapeHtml(dataset.description)}</p>
      <h2>Data feeds</h2>
      <p>Each feed is a Realtime Paged Data Exchange (RPDE 1.0) feed of OpenActive opportunity data.</p>
      <ul>
      ${rows}
      </ul>
      <p>Licence: <a href="${openDataLicence}">Creative Commons Attribution 4.0</a>.</p>
    </main>
  </body>
</html>
`;
}
