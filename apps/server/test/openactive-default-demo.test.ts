import type { RpdeItem, RpdePage } from '@lido/contracts/openactive';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { seedDemoIfEmpty } from '../src/db/seed/seed-demo.ts';
import { freePortBlock } from './support/free-ports.ts';
import {
  datasetFindings,
  failures,
  type Finding,
  modelFindings,
  rpdeFindings,
} from './support/openactive-validation.ts';
import { testConfig } from './support/test-app.ts';
import { createTestDatabase } from './support/test-database.ts';

/**
 * The open data exactly as the default demo publishes it (issue 34 item 9): no OpenActive setting
 * set, the demo's own timetable at the production page size, and every page and item put through
 * OpenActive's validators.
 */
const feedNames = ['session-series', 'scheduled-sessions', 'facility-uses', 'slots'] as const;

type Data = Record<string, unknown>;
interface ConceptData {
  '@id': string;
  prefLabel: string;
  inScheme: string;
}
interface OfferData {
  identifier: string;
  price: number;
  url: string;
}

const squashCourt = 'https://openactive.io/facility-types#a1f82b7a-1258-4d9a-8dc5-bfc2ae961651';
const badmintonCourt = 'https://openactive.io/facility-types#9db5681e-700e-4b30-99a5-355885d94db2';
const facilityTypes = 'https://openactive.io/facility-types';

/** One line per kind of finding with its count, so a failure names what went wrong at a glance. */
function tally(findings: Finding[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { type, message } of findings)
    counts[`${type}: ${message}`] = (counts[`${type}: ${message}`] ?? 0) + 1;
  return counts;
}

describe('OpenActive open data of the default demo', () => {
  let origin: string;
  let close: () => Promise<void>;
  const items: Record<string, RpdeItem[]> = {};
  const live = (feed: (typeof feedNames)[number]) =>
    items[feed]!.filter((item) => item.data).map((item) => item.data as Data);

  beforeAll(async () => {
    const port = await freePortBlock();
    const config = testConfig({ LIDO_PORT: String(port) });
    const database = await createTestDatabase();
    await seedDemoIfEmpty(database.db);
    const app = await buildApp({ config, database });
    await app.listen({ port, host: '127.0.0.1' });
    origin = `http://localhost:${port}`;
    close = async () => {
      await app.close();
      await database.close();
    };
    for (const feed of feedNames) {
      items[feed] = [];
      let url = `${origin}/openactive/feeds/${feed}`;
      for (let guard = 0; guard < 50; guard += 1) {
        const page = (await (await fetch(url)).json()) as RpdePage;
        items[feed].push(...page.items);
        if (page.next === url) break;
        url = page.next;
      }
    }
  }, 120_000);

  afterAll(async () => {
    await close?.();
  });

  async function datasetPage() {
    const html = await (await fetch(`${origin}/openactive`)).text();
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    return { html, dataset: JSON.parse(json!) as Data };
  }

  it('has a dataset page that passes the validator in dataset-site mode with no setting set', async () => {
    const { html, dataset } = await datasetPage();
    expect(tally(failures(await datasetFindings(dataset)))).toEqual({});
    // OpenActive's required discussionUrl defaults to the page's own questions section, which
    // gives the operator's customer service address.
    expect(dataset.discussionUrl).toBe(`${origin}/openactive#questions`);
    expect(html).toContain('<h2 id="questions">Questions about this data</h2>');
    expect(html).toContain(
      '<a href="mailto:help@brightwater-leisure.example">help@brightwater-leisure.example</a>',
    );
    expect(dataset.datePublished).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it.each(feedNames)(
    '%s passes the RPDE validator with no errors',
    async (feed) => {
      const findings = await rpdeFindings(`${origin}/openactive/feeds/${feed}`);
      expect(tally(failures(findings))).toEqual({});
    },
    120_000,
  );

  it.each(feedNames)(
    "%s items all pass OpenActive's data model validator",
    async (feed) => {
      expect(live(feed).length).toBeGreaterThan(0);
      const findings = await modelFindings(items[feed]!);
      expect(tally(failures(findings))).toEqual({});
      // Every activity named is in the Activity List, by id and label alike.
      expect(findings.filter((finding) => finding.type === 'activity_not_in_activity_list')).toEqual([]);
    },
    // Thousands of sessions and slots, each validated: about a minute on a busy machine.
    300_000,
  );

  it('publishes squash courts as Squash Courts and badminton courts as Badminton Courts, by facilityType', () => {
    const uses = live('facility-uses');
    const typeOf = (name: string) =>
      uses.filter((use) => use.name === name).map((use) => use.facilityType as ConceptData[]);
    const squash = typeOf('Squash court');
    const badminton = typeOf('Badminton court');
    expect(squash.length).toBeGreaterThan(0);
    expect(badminton.length).toBeGreaterThan(0);
    for (const type of squash)
      expect(type).toEqual([
        { '@type': 'Concept', '@id': squashCourt, prefLabel: 'Squash Court', inScheme: facilityTypes },
      ]);
    for (const type of badminton)
      expect(type).toEqual([
        { '@type': 'Concept', '@id': badmintonCourt, prefLabel: 'Badminton Court', inScheme: facilityTypes },
      ]);
    // The deprecated `activity` is gone from every facility use.
    expect(uses.filter((use) => 'activity' in use)).toEqual([]);
  });

  it('gives every scheduled session the offers of its series, booked on the session’s page', () => {
    const series = new Map(live('session-series').map((item) => [item['@id'], item]));
    const sessions = live('scheduled-sessions');
    for (const session of sessions) {
      const offers = session.offers as OfferData[];
      const ofSeries = series.get(session.superEvent)!.offers as OfferData[];
      expect(offers.length).toBeGreaterThan(0);
      expect(offers.map((offer) => [offer.identifier, offer.price])).toEqual(
        ofSeries.map((offer) => [offer.identifier, offer.price]),
      );
      expect(offers.every((offer) => offer.url === session.url)).toBe(true);
    }
  });

  it('publishes the recommended properties Lido knows: leaders, venue pages, the bands’ ages', () => {
    const series = live('session-series');
    // The demo's Castlefield aqua fit is taught by Megan Price (its weekly schedule's instructor).
    const aquaFit = series.filter((item) => item.name === 'Aqua fit').flatMap((item) => item.leader ?? []);
    expect(aquaFit).toContainEqual({ '@type': 'Person', name: 'Megan Price' });
    for (const item of series) {
      const location = item.location as Data;
      expect(location.url).toBe(location['@id']);
      expect(location.url).toMatch(new RegExp(`^${origin}/location/[a-z0-9-]+$`));
    }
    const offers = series.flatMap((item) => item.offers as (OfferData & Data)[]);
    expect(offers.find((offer) => offer.identifier === 'junior')!.ageRestriction).toEqual({
      '@type': 'QuantitativeValue',
      maxValue: 17,
    });
    expect(offers.find((offer) => offer.identifier === 'concession')!.ageRestriction).toEqual({
      '@type': 'QuantitativeValue',
      minValue: 60,
    });
  });
});
