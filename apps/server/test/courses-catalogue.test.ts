import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { demoVenues } from '../src/db/seed/demo-operator.ts';
import { demoCataloguePath, seedDemoIfEmpty } from '../src/db/seed/seed-demo.ts';
import { parseCatalogue } from '../src/modules/catalogue/catalogue-file.ts';
import { importCatalogue } from '../src/modules/catalogue/catalogue-import.ts';
import { exportCatalogue } from '../src/modules/catalogue/catalogue-export.ts';
import { createTestDatabase } from './support/test-database.ts';

/**
 * The catalogue file's courses (issue 36, decision 0105): programmes with levels, terms and weekly
 * classes, each problem reported at its path and line in the file's words, and an import that is
 * matched by key, changes nothing the second time and retires what left the file.
 */

const venueSlugs = new Set(demoVenues.map((venue) => venue.slug));

/** A small file of its own: one place, a programme of two levels, a term and two courses. */
const base = `
locations:
  - { venue: castlefield-leisure-centre, key: learner-pool, name: Learner pool, kind: pool }
courseProgrammes:
  - key: learn-to-swim
    name: Learn to Swim
    whichLevel: Start at Stage 1.
    levels:
      - { key: stage-1, name: Stage 1, whoFor: New to the water, outcomes: [Enter the water safely] }
      - { key: stage-2, name: Stage 2 }
courseTerms:
  - key: spring-2027
    name: Spring 2027
    firstDay: 2027-01-04
    lastDay: 2027-03-27
    skip: [{ from: 2027-02-13, to: 2027-02-21 }]
    releasesOn: 2026-12-07
courses:
  - key: sat-stage-1
    programme: learn-to-swim
    level: stage-1
    venue: castlefield-leisure-centre
    location: learner-pool
    day: sat
    startTime: '09:00'
    endTime: '09:30'
    minAge: 4
    maxAge: 11
    capacity: 6
    term: spring-2027
    termPricePence: 7500
  - key: mon-stage-2
    programme: learn-to-swim
    level: stage-2
    venue: castlefield-leisure-centre
    location: learner-pool
    day: mon
    startTime: '17:00'
    endTime: '17:30'
    capacity: 8
    startsOn: 2026-09-07
    skip: [2026-12-21, 2026-12-28]
    monthlyPricePence: 3400
`;

function problemsOf(source: string) {
  const parsed = parseCatalogue(source, venueSlugs);
  return parsed.ok ? [] : parsed.problems.map((problem) => `${problem.path}: ${problem.message}`);
}

describe('the catalogue file’s courses', () => {
  it('accepts a well-formed file, a single skipped date as a day', () => {
    const parsed = parseCatalogue(base, venueSlugs);
    expect(parsed.ok ? [] : parsed.problems).toEqual([]);
    if (!parsed.ok) return;
    expect(parsed.catalogue.courses).toHaveLength(2);
    expect(parsed.catalogue.courseTerms[0]!.releasesAt).toBe('09:00');
  });

  it.each([
    [
      'an unknown programme',
      'programme: learn-to-swim\n    level: stage-1',
      'programme: learn-to-dive\n    level: stage-1',
      ['courses[0].programme: "learn-to-dive" is not a course programme in this file'],
    ],
    [
      'a level of no programme of its',
      'level: stage-1\n    venue',
      'level: stage-9\n    venue',
      ['courses[0].level: "stage-9" is not a level of "learn-to-swim"'],
    ],
    [
      'a centre not the operator’s',
      'venue: castlefield-leisure-centre\n    location: learner-pool\n    day: sat',
      'venue: atlantis-leisure\n    location: learner-pool\n    day: sat',
      ['courses[0].venue: "atlantis-leisure" is not one of the operator\'s centres'],
    ],
    [
      'a place not at the centre',
      'location: learner-pool\n    day: sat',
      'location: main-pool\n    day: sat',
      ['courses[0].location: "main-pool" is not a location at castlefield-leisure-centre in this file'],
    ],
    [
      'an unknown term',
      'term: spring-2027',
      'term: summer-2027',
      ['courses[0].term: "summer-2027" is not a course term in this file'],
    ],
    [
      'a day that is no day',
      'day: sat',
      'day: saturday',
      ['courses[0].day: must be one of mon, tue, wed, thu, fri, sat, sun'],
    ],
    [
      'an end before the start',
      "endTime: '09:30'",
      "endTime: '08:30'",
      ['courses[0].endTime: must be after startTime'],
    ],
    [
      'a time that is no time',
      "startTime: '09:00'",
      "startTime: '9am'",
      ['courses[0].startTime: must be a time such as 09:30 (24-hour clock)'],
    ],
    [
      'ages the wrong way round',
      'minAge: 4\n    maxAge: 11',
      'minAge: 12\n    maxAge: 11',
      ['courses[0].maxAge: must not be below minAge'],
    ],
    [
      'no capacity',
      'capacity: 6\n',
      'capacity: 0\n',
      ['courses[0].capacity: must be a whole number from 1 to 500'],
    ],
    [
      'a price in pounds',
      'termPricePence: 7500',
      'termPricePence: 75.5',
      ['courses[0].termPricePence: must be a whole number of pence'],
    ],
    [
      'monthly pricing on a term',
      'termPricePence: 7500',
      'monthlyPricePence: 3400',
      ['courses[0].monthlyPricePence: a termly course is paid per term, up front: give termPricePence'],
    ],
    [
      'a term price on a continuous course',
      'monthlyPricePence: 3400',
      'termPricePence: 9000',
      [
        'courses[1].termPricePence: a continuous course is paid monthly by Direct Debit: give monthlyPricePence',
      ],
    ],
    [
      'both a term and a start',
      'term: spring-2027\n',
      'term: spring-2027\n    startsOn: 2027-01-04\n',
      ['courses[0].startsOn: a course over a term starts on its first day: give term or startsOn, not both'],
    ],
    [
      'neither a term nor a start',
      '    term: spring-2027\n',
      '',
      ['courses[0].term: a course runs over a term (term) or continuously (startsOn): give one'],
    ],
    [
      'no price',
      '    termPricePence: 7500\n',
      '',
      [
        'courses[0].termPricePence: needs a price: termPricePence (a termly course) or monthlyPricePence (continuous)',
      ],
    ],
    ['a key used twice', 'key: mon-stage-2', 'key: sat-stage-1', ['courses[1].key: is used twice']],
    [
      'a level key used twice',
      '{ key: stage-2, name: Stage 2 }',
      '{ key: stage-1, name: Stage 2 }',
      [
        'courseProgrammes[0].levels[1].key: is used twice in this programme',
        // and the Monday course's level is gone
        'courses[1].level: "stage-2" is not a level of "learn-to-swim"',
      ],
    ],
    [
      'a programme with no levels',
      /levels:\n( {6}- .*\n){2}/,
      'levels: []\n',
      [
        'courseProgrammes[0].levels: needs at least one level',
        'courses[0].level: "stage-1" is not a level of "learn-to-swim"',
        'courses[1].level: "stage-2" is not a level of "learn-to-swim"',
      ],
    ],
    [
      'a term ending before it starts',
      'lastDay: 2027-03-27',
      'lastDay: 2026-12-01',
      [
        'courseTerms[0].lastDay: must not be before firstDay',
        'courseTerms[0].skip[0]: is outside the term (2027-01-04 to 2026-12-01)',
      ],
    ],
    [
      'a half-term outside the term',
      '{ from: 2027-02-13, to: 2027-02-21 }',
      '{ from: 2027-05-29, to: 2027-06-06 }',
      ['courseTerms[0].skip[0]: is outside the term (2027-01-04 to 2027-03-27)'],
    ],
    [
      'a skip ending before it starts',
      '{ from: 2027-02-13, to: 2027-02-21 }',
      '{ from: 2027-02-21, to: 2027-02-13 }',
      ['courseTerms[0].skip[0].to: must not be before from'],
    ],
    [
      'a skipped date that is no date',
      'skip: [2026-12-21, 2026-12-28]',
      'skip: [christmas]',
      [
        // as every date of the file is checked
        'courses[1].skip[0]: must be a date such as 2027-01-31',
        'courses[1].skip[0]: is not a real calendar date',
      ],
    ],
    [
      'a skip that is neither a date nor dates',
      'skip: [2026-12-21, 2026-12-28]',
      'skip: [52]',
      ['courses[1].skip[0]: must be a date such as 2027-02-15, or { from: 2027-02-13, to: 2027-02-21 }'],
    ],
    [
      'a skipped date not on the calendar',
      'skip: [2026-12-21, 2026-12-28]',
      'skip: [2026-12-32]',
      ['courses[1].skip[0]: is not a real calendar date'],
    ],
    [
      'a term whose every lesson day is skipped',
      'lastDay: 2027-03-27\n    skip: [{ from: 2027-02-13, to: 2027-02-21 }]',
      'lastDay: 2027-01-08\n    skip: []',
      [
        'courses[0].day: has no lessons: no Saturday from 2027-01-04 to 2027-01-08 is left once the skipped dates are taken out',
      ],
    ],
    [
      'a release time that is no time',
      'releasesOn: 2026-12-07',
      "releasesOn: 2026-12-07\n    releasesAt: '25:00'",
      ['courseTerms[0].releasesAt: must be a time such as 09:30 (24-hour clock)'],
    ],
    [
      'a misspelt field',
      'capacity: 8',
      'capacity: 8\n    techer: Sam',
      ['courses[1].techer: Unrecognized key: "techer"'],
    ],
  ] as const)('refuses %s with its path and words', (_name, from, to, expected) => {
    const source = base.replace(from, to);
    expect(source).not.toBe(base);
    expect(problemsOf(source)).toEqual(expected);
  });

  it('points each problem at its line', () => {
    const parsed = parseCatalogue(base.replace('level: stage-2\n', 'level: stage-7\n'), venueSlugs);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    const line = base.split('\n').findIndex((text) => text.includes('level: stage-2')) + 1;
    expect(parsed.problems).toEqual([
      { path: 'courses[1].level', line, message: '"stage-7" is not a level of "learn-to-swim"' },
    ]);
  });
});

describe('importing courses', () => {
  let database: DatabaseHandle;
  const demoSource = fs.readFileSync(demoCataloguePath, 'utf8');
  const tables = ['course_programmes', 'course_levels', 'course_terms', 'courses'];
  async function snapshot() {
    const result: Record<string, unknown[]> = {};
    for (const table of tables) result[table] = await database.query(`SELECT * FROM ${table} ORDER BY id`);
    return result;
  }
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoIfEmpty(database.db);
  });
  afterAll(() => database?.close());

  it('imports the demo swim school, and a second import changes nothing', async () => {
    const before = await snapshot();
    expect(before.course_programmes).toHaveLength(2);
    expect(before.course_levels).toHaveLength(10);
    expect(before.course_terms).toHaveLength(2);
    expect(before.courses!.length).toBeGreaterThanOrEqual(40);
    const [term] = await database.query<{ releases_at: Date }>(
      "SELECT releases_at FROM course_terms WHERE key = 'spring-2027'",
    );
    // 09:00 in London on 7 December (GMT)
    expect(new Date(term!.releases_at).toISOString()).toBe('2026-12-07T09:00:00.000Z');
    expect(await importCatalogue(database.db, 1, demoSource)).toMatchObject({ ok: true });
    expect(await snapshot()).toEqual(before);
  });

  it('writes nothing from a file with a problem', async () => {
    const before = await snapshot();
    const broken = demoSource
      .replace('name: Spring 2027', 'name: Spring term')
      .replace('termPricePence: 9750', 'termPricePence: -1');
    const result = await importCatalogue(database.db, 1, broken);
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems.map((problem) => problem.message)).toContain(
      'must not be negative',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('retires a course that left the file, keeping its row, and brings it back when it returns', async () => {
    const key = 'salford-quays-sat-1130-adult-stroke-technique';
    const start = demoSource.indexOf(`      key: ${key},`);
    const entryStart = demoSource.lastIndexOf('  - {', start);
    const entryEnd = demoSource.indexOf('    }\n', start) + '    }\n'.length;
    const without = demoSource.slice(0, entryStart) + demoSource.slice(entryEnd);
    expect(await importCatalogue(database.db, 1, without)).toMatchObject({ ok: true });
    const active = async () =>
      (await database.query<{ active: boolean }>('SELECT active FROM courses WHERE key = $1', [key]))[0]
        ?.active;
    expect(await active()).toBe(false);
    expect(await importCatalogue(database.db, 1, demoSource)).toMatchObject({ ok: true });
    expect(await active()).toBe(true);
  });

  it('keeps the courses in the exported file, so importing the export changes nothing', async () => {
    const before = await snapshot();
    const exported = await exportCatalogue(database.db, 1);
    expect(exported.ok).toBe(true);
    if (!exported.ok) return;
    expect(exported.source).toContain('courseProgrammes:');
    expect(await importCatalogue(database.db, 1, exported.source)).toMatchObject({ ok: true });
    expect(await snapshot()).toEqual(before);
  });
});
