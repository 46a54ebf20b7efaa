import { rpdeFeedNames } from '@lido/contracts/openactive';
import { escapeHtml } from '../../http/escape-html.ts';
import { feedUrl, feeds, openDataLicence } from './openactive-feeds.service.ts';
import { type FeedUrls, isoSeconds } from './openactive-items.ts';

/**
 * The dataset page OpenActive's dataset site specification asks for: a human page naming the feeds,
 * with a schema.org Dataset in JSON-LD that harvesters read to find them.
 */
interface Publisher {
  name: string;
  /** the operator's logo: absolute, or a path on the bookings site */
  logoUrl: string | null;
  /** the operator's customer service address, for questions about the data */
  email: string | null;
  /** when the operator came to Lido, which has published its open data since */
  publishedAt: Date | null;
  /** a public place where the data is discussed (LIDO_OPENACTIVE_DISCUSSION_URL), when there is one */
  discussionUrl: string | undefined;
}

/** The page's own section on questions about the data (decision 0079). */
const questionsId = 'questions';

/**
 * OpenActive requires a `discussionUrl`. Without a configured public forum it is this page's
 * questions section, which names the operator's customer service address: a place every operator
 * has, so the default dataset is valid rather than missing a required property.
 */
const discussionUrlOf = (pageUrl: string, publisher: Publisher) =>
  publisher.discussionUrl ?? `${pageUrl}#${questionsId}`;

function datasetJsonLd(urls: FeedUrls, publisher: Publisher, now: Date) {
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
    discussionUrl: discussionUrlOf(pageUrl, publisher),
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
    ...(publisher.publishedAt ? { datePublished: isoSeconds(publisher.publishedAt) } : {}),
    // When this description was made: the feeds inside change all the time.
    dateModified: isoSeconds(now),
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

function questions(publisher: Publisher): string {
  const ways = [
    publisher.discussionUrl &&
      `raise it on <a href="${escapeHtml(publisher.discussionUrl)}">the open data discussion page</a>`,
    publisher.email &&
      `write to ${escapeHtml(publisher.name)} at <a href="mailto:${escapeHtml(publisher.email)}">${escapeHtml(publisher.email)}</a>`,
  ].filter(Boolean);
  if (ways.length === 0) return `To report a problem with this data, contact ${escapeHtml(publisher.name)}.`;
  return `To report a problem with this data or ask about it, ${ways.join(', or ')}.`;
}

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
      <h2 id="${questionsId}">Questions about this data</h2>
      <p>${questions(publisher)}</p>
    </main>
  </body>
</html>
`;
}
