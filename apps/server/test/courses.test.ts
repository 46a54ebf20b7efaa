import {
  type CourseDetail,
  courseDetailSchema,
  type CourseList,
  courseListSchema,
} from '@lido/contracts/courses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './support/api.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

/**
 * Courses and swimming lessons on the bookings site (issue 36, decision 0105): the demo swim school
 * at two centres, the list's filters and places left, every lesson date of a term and of a
 * continuous course, and the late joiner's price as the clock moves through a term. "Now" starts at
 * Sunday 29 November 2026, 12:00 in London, and each test sets its own.
 */

const castlefield = 'castlefield-leisure-centre';
const salford = 'salford-quays-aquatics';

describe('courses on the bookings site', () => {
  let t: TestApp;
  let now = new Date('2026-11-29T12:00:00Z');
  const api = apiClient(() => t, siteHost.bookings);
  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
  });
  afterAll(() => t?.close());

  async function list(slug: string, query = ''): Promise<CourseList> {
    const answer = await api.guest.get<CourseList>(`/api/courses/venues/${slug}${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(courseListSchema.safeParse(answer.data).error).toBeUndefined();
    return answer.data;
  }
  async function courseId(key: string): Promise<number> {
    const [row] = await t.database.query<{ id: number }>('SELECT id FROM courses WHERE key = $1', [key]);
    if (!row) throw new Error(`No course ${key}`);
    return row.id;
  }
  async function detail(key: string): Promise<CourseDetail> {
    const answer = await api.guest.get<CourseDetail>(`/api/courses/${await courseId(key)}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(courseDetailSchema.safeParse(answer.data).error).toBeUndefined();
    return answer.data;
  }

  describe('the demo swim school', () => {
    it('teaches Stages 1 to 7 and adult lessons at two centres, this term and next, per term and monthly', async () => {
      now = new Date('2026-11-29T12:00:00Z');
      const here = await list(castlefield);
      const there = await list(salford);
      for (const centre of [here, there]) {
        const levels = new Set(centre.courses.map((course) => course.level.key));
        for (let stage = 1; stage <= 7; stage += 1) expect(levels).toContain(`stage-${stage}`);
        expect(centre.courses.some((course) => course.programme.key === 'adult-lessons')).toBe(true);
        expect(centre.courses.some((course) => course.day === 'sat' && course.startTime < '12:00')).toBe(
          true,
        );
        expect(
          centre.courses.some((course) => ['mon', 'tue', 'wed', 'thu', 'fri'].includes(course.day)),
        ).toBe(true);
      }
      const terms = new Set(
        here.courses.flatMap((course) => (course.schedule.kind === 'term' ? [course.schedule.term.key] : [])),
      );
      expect(terms).toEqual(new Set(['autumn-2026', 'spring-2027']));
      expect(here.courses.some((course) => course.price.kind === 'term')).toBe(true);
      expect(here.courses.some((course) => course.price.kind === 'monthly')).toBe(true);
      expect(there.courses.every((course) => course.price.kind === 'monthly')).toBe(true);
      // The next term is about to open to everyone: a week on, at 09:00 in London.
      const spring = here.courses.find(
        (course) => course.key === 'castlefield-sat-0900-stage-1-spring-2027',
      )!;
      expect(spring.schedule).toMatchObject({
        kind: 'term',
        term: { name: 'Spring 2027', firstDay: '2027-01-04', releasesAt: '2026-12-07T09:00:00.000Z' },
        lessonsInTerm: 10,
      });
      expect(spring).toMatchObject({
        name: 'Stage 1',
        dayText: 'Saturdays',
        startTime: '09:00',
        endTime: '09:30',
        place: 'Learner pool',
        teacher: 'Megan Price',
        ages: { min: 4, max: 11, on: '2027-01-04', text: 'Ages 4 to 11 on 04 Jan 2027' },
        price: { kind: 'term', termPrice: { formatted: '£75.00' } },
        priceText: '£75.00 a term (10 lessons)',
        nextLessons: ['2027-01-09', '2027-01-16', '2027-01-23'],
      });
    });

    it('explains "Which stage is my child?" in the programme’s words, with each level’s outcomes', async () => {
      now = new Date('2026-11-29T12:00:00Z');
      const { programmes } = await list(castlefield);
      const learnToSwim = programmes.find((programme) => programme.key === 'learn-to-swim')!;
      expect(learnToSwim.whichLevel).toMatch(/Start at Stage 1 if your child is not yet confident/);
      expect(learnToSwim.levels.map((level) => `${level.position} ${level.name}`)).toEqual([
        '1 Stage 1',
        '2 Stage 2',
        '3 Stage 3',
        '4 Stage 4',
        '5 Stage 5',
        '6 Stage 6',
        '7 Stage 7',
      ]);
      expect(learnToSwim.levels[0]!.whoFor).toMatch(/new to the water/);
      expect(learnToSwim.levels[0]!.outcomes).toContain('Enter the water safely');
      expect(programmes.map((programme) => programme.key)).toEqual(['learn-to-swim', 'adult-lessons']);
    });
  });

  describe('the list’s filters', () => {
    it('narrow by programme, level, day and age, and combine', async () => {
      now = new Date('2026-11-29T12:00:00Z');
      const adults = await list(castlefield, '?programme=adult-lessons');
      expect(adults.courses.length).toBeGreaterThan(0);
      expect(adults.courses.every((course) => course.programme.key === 'adult-lessons')).toBe(true);
      // The filters' choices stay every programme at the centre.
      expect(adults.programmes.map((programme) => programme.key)).toEqual(['learn-to-swim', 'adult-lessons']);

      const stage1 = await list(castlefield, '?level=stage-1');
      expect(stage1.courses.map((course) => course.key).sort()).toEqual(
        [
          'castlefield-sat-0900-stage-1-autumn-2026',
          'castlefield-sat-1030-stage-1-autumn-2026',
          'castlefield-tue-1700-stage-1-autumn-2026',
          'castlefield-sat-0900-stage-1-spring-2027',
          'castlefield-sat-1030-stage-1-spring-2027',
          'castlefield-tue-1700-stage-1-spring-2027',
        ].sort(),
      );

      const tuesdays = await list(castlefield, '?day=tue');
      expect(tuesdays.courses.length).toBeGreaterThan(0);
      expect(tuesdays.courses.every((course) => course.day === 'tue')).toBe(true);

      // A 5-year-old: Stages 1 to 3 (Stage 3 is 5 to 12); not Stage 4 (6 to 14) nor adults (16+).
      const five = await list(castlefield, '?age=5');
      expect(new Set(five.courses.map((course) => course.level.key))).toEqual(
        new Set(['stage-1', 'stage-2', 'stage-3']),
      );
      const seventeen = await list(salford, '?age=17');
      expect(new Set(seventeen.courses.map((course) => course.programme.key))).toEqual(
        new Set(['adult-lessons']),
      );

      const combined = await list(castlefield, '?programme=learn-to-swim&level=stage-1&day=sat&age=6');
      expect(combined.courses.map((course) => course.key).sort()).toEqual([
        'castlefield-sat-0900-stage-1-autumn-2026',
        'castlefield-sat-0900-stage-1-spring-2027',
        'castlefield-sat-1030-stage-1-autumn-2026',
        'castlefield-sat-1030-stage-1-spring-2027',
      ]);
      expect((await list(castlefield, '?level=no-such-level')).courses).toEqual([]);
    });

    it('leave out a term that has ended', async () => {
      now = new Date('2026-12-13T12:00:00Z');
      const after = await list(castlefield, '?level=stage-1');
      expect(after.courses.every((course) => !course.key.endsWith('autumn-2026'))).toBe(true);
      expect(after.courses.length).toBe(3);
    });

    it('refuse a bad filter, centre or course with a clear 4xx', async () => {
      now = new Date('2026-11-29T12:00:00Z');
      const badDay = await api.guest.get(`/api/courses/venues/${castlefield}?day=funday`);
      expect(badDay.status).toBe(422);
      expect(badDay.errors?.day).toEqual(['The day must be one of mon, tue, wed, thu, fri, sat or sun.']);
      const badAge = await api.guest.get(`/api/courses/venues/${castlefield}?age=-1`);
      expect(badAge.status).toBe(422);
      expect(badAge.errors?.age).toEqual(['The age must be between 0 and 120.']);
      const fractionAge = await api.guest.get(`/api/courses/venues/${castlefield}?age=4.5`);
      expect(fractionAge.status).toBe(422);
      expect((await api.guest.get('/api/courses/venues/atlantis-leisure')).status).toBe(404);
      expect((await api.guest.get('/api/courses/venues/Not%20A%20Slug')).status).toBe(422);
      expect((await api.guest.get('/api/courses/abc')).status).toBe(422);
      expect((await api.guest.get('/api/courses/99999999999')).status).toBe(422);
      const missing = await api.guest.get('/api/courses/999999');
      expect(missing.status).toBe(404);
      expect(missing.message).toBe('That course isn’t on offer. It may have ended or been withdrawn.');
    });
  });

  describe('places left', () => {
    it('are the capacity less the active enrolments; a withdrawn pupil frees the place', async () => {
      now = new Date('2026-11-29T12:00:00Z');
      const key = 'castlefield-sat-0900-stage-1-spring-2027';
      const id = await courseId(key);
      const before = (await detail(key)).placesLeft;
      expect(before).toBe(6);
      const pupils = await t.database.query<{ id: number }>('SELECT id FROM customers ORDER BY id LIMIT 7');
      expect(pupils.length).toBe(7);
      const enrol = (pupil: number, status: 'active' | 'withdrawn') =>
        t.database.query(
          `INSERT INTO course_enrolments (course_id, pupil_customer_id, status, first_lesson_on, withdrawn_at)
           VALUES ($1, $2, $3, '2027-01-09', ${status === 'withdrawn' ? 'now()' : 'NULL'})`,
          [id, pupil, status],
        );
      await enrol(pupils[0]!.id, 'active');
      await enrol(pupils[1]!.id, 'active');
      await enrol(pupils[2]!.id, 'withdrawn');
      expect(await detail(key)).toMatchObject({ placesLeft: 4, placesLeftText: '4 places left' });
      for (const pupil of pupils.slice(3, 7)) await enrol(pupil.id, 'active');
      const full = (await list(castlefield, '?level=stage-1&day=sat')).courses.find(
        (course) => course.key === key,
      )!;
      expect(full).toMatchObject({ capacity: 6, placesLeft: 0, placesLeftText: 'Full' });
      // A pupil holds one place in a class at a time.
      await expect(enrol(pupils[0]!.id, 'active')).rejects.toThrow();
    });
  });

  describe('lesson dates', () => {
    it('are every week of the term on the course’s day, skipping half-term', async () => {
      now = new Date('2026-11-29T12:00:00Z');
      const spring = await detail('castlefield-sat-0900-stage-1-spring-2027');
      expect(spring.lessons).toEqual(
        [
          '2027-01-09',
          '2027-01-16',
          '2027-01-23',
          '2027-01-30',
          '2027-02-06',
          '2027-02-27',
          '2027-03-06',
          '2027-03-13',
          '2027-03-20',
          '2027-03-27',
        ].map((date) => ({ date, past: false })),
      );
      const autumn = await detail('castlefield-tue-1700-stage-1-autumn-2026');
      const dates = autumn.lessons.map((lesson) => lesson.date);
      expect(dates[0]).toBe('2026-09-08');
      expect(dates.at(-1)).toBe('2026-12-08');
      expect(dates).not.toContain('2026-10-27'); // half-term
      expect(dates).toHaveLength(13);
      expect(autumn.lessons.filter((lesson) => lesson.past).length).toBe(11); // up to 24 November
    });

    it('of a continuous course are the next twelve, skipping the Christmas closure', async () => {
      now = new Date('2026-11-29T12:00:00Z');
      const course = await detail('salford-quays-sat-0900-stage-1');
      expect(course.schedule).toEqual({ kind: 'continuous', startsOn: '2026-09-05' });
      expect(course.lessons.map((lesson) => lesson.date)).toEqual([
        '2026-12-05',
        '2026-12-12',
        '2026-12-19',
        '2027-01-09',
        '2027-01-16',
        '2027-01-23',
        '2027-01-30',
        '2027-02-06',
        '2027-02-13',
        '2027-02-20',
        '2027-02-27',
        '2027-03-06',
      ]);
      expect(course.nextLessons).toEqual(['2026-12-05', '2026-12-12', '2026-12-19']);
    });
  });

  describe('the late joiner’s price today', () => {
    const autumnSat = 'castlefield-sat-0900-stage-1-autumn-2026'; // 13 lessons, £97.50
    it.each([
      // BST: 08:59 in London is 07:59 UTC; the 12 September lesson is still to come
      ['2026-09-12T07:59:00Z', 12, 9000, '2026-09-12', '£90.00 for the 12 lessons left of 13'],
      // 09:30 BST: that lesson has started, so it is not paid for
      ['2026-09-12T08:30:00Z', 11, 8250, '2026-09-19', '£82.50 for the 11 lessons left of 13'],
      ['2026-11-29T12:00:00Z', 2, 1500, '2026-12-05', '£15.00 for the 2 lessons left of 13'],
      // GMT: 09:00 in London on the day of a lesson is too late for it
      ['2026-12-05T08:59:00Z', 2, 1500, '2026-12-05', '£15.00 for the 2 lessons left of 13'],
      ['2026-12-05T09:00:00Z', 1, 750, '2026-12-12', '£7.50 for the 1 lesson left of 13'],
      [
        '2026-12-12T09:00:00Z',
        0,
        0,
        null,
        'Every lesson of this term has started, so it can’t be joined now.',
      ],
    ] as const)('at %s: %i lessons left, %i pence', async (at, lessonsLeft, pence, firstLessonDate, text) => {
      now = new Date(at);
      expect((await detail(autumnSat)).priceToday).toEqual({
        kind: 'term',
        lessonsInTerm: 13,
        lessonsLeft,
        firstLessonDate,
        toPay: {
          raw: { amount: pence, currency: 'GBP' },
          decimal: (pence / 100).toFixed(2),
          formatted: expect.any(String),
        },
        fullTerm: false,
        text,
      });
    });

    it('is the whole term before it starts, and stops counting a lesson at its start time', async () => {
      now = new Date('2026-11-29T12:00:00Z');
      expect((await detail('castlefield-sat-0900-stage-1-spring-2027')).priceToday).toMatchObject({
        lessonsLeft: 10,
        toPay: { raw: { amount: 7500 } },
        fullTerm: true,
        text: '£75.00 for the whole term of 10 lessons',
      });
      // The Tuesday 17:00 class on 20 October (BST): at 16:59 that day's lesson is still to come
      now = new Date('2026-10-20T15:59:00Z');
      expect((await detail('castlefield-tue-1700-stage-1-autumn-2026')).priceToday).toMatchObject({
        lessonsLeft: 7,
        toPay: { raw: { amount: 5250 } },
        firstLessonDate: '2026-10-20',
      });
      now = new Date('2026-10-20T16:00:00Z');
      expect((await detail('castlefield-tue-1700-stage-1-autumn-2026')).priceToday).toMatchObject({
        lessonsLeft: 6,
        toPay: { raw: { amount: 4500 } },
        firstLessonDate: '2026-11-03',
      });
    });

    it('of a monthly course is a pro-rata first payment now, then the monthly price by Direct Debit', async () => {
      now = new Date('2026-11-29T12:00:00Z');
      // First lesson Saturday 5 December; the demo's earliest billing day is the 1st: 27 days of
      // £34.00 a month now, round(3400 × 12 × 27 / 365) = 3018, then 3400 on the 1st from 1 January.
      expect((await detail('salford-quays-sat-0900-stage-1')).priceToday).toEqual({
        kind: 'monthly',
        firstLessonDate: '2026-12-05',
        billingDay: 1,
        proRataDays: 27,
        proRata: { raw: { amount: 3018, currency: 'GBP' }, decimal: '30.18', formatted: '£30.18' },
        monthInHand: { raw: { amount: 0, currency: 'GBP' }, decimal: '0.00', formatted: '£0.00' },
        toPay: { raw: { amount: 3018, currency: 'GBP' }, decimal: '30.18', formatted: '£30.18' },
        firstCollectionDate: '2027-01-01',
        collections: ['2027-01-01', '2027-02-01', '2027-03-01'].map((date) => ({
          date,
          amount: { raw: { amount: 3400, currency: 'GBP' }, decimal: '34.00', formatted: '£34.00' },
        })),
        text: '£30.18 now, from the first lesson on 05 Dec 2026; then £34.00 by Direct Debit on the 1st of each month, from 01 Jan 2027',
      });
    });
  });
});
