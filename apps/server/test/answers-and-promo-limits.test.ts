import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '../src/db/seed/demo-customers.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const origin = 'http://localhost:3002';
const host = 'localhost:3002';

describe('answers to additional questions', () => {
  let t: TestApp;
  let cookie: string;
  let typeId: number;
  let questions: { id: number; type: string; label: string }[];
  const post = (payload: unknown, headers: Record<string, string> = { cookie }) =>
    t.app.inject({
      method: 'POST',
      url: `/api/custom-questions/memberships/${typeId}`,
      headers: { origin, host, ...headers },
      payload: payload as Record<string, unknown>,
    });
  const q = (type: string) => questions.find((question) => question.type === type)!;

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      headers: { origin, host },
      payload: { username: 'C100001', password: demoPassword },
    });
    cookie = String(login.headers['set-cookie']).match(/lido_authToken=[^;]+/)![0];
    const venue = (await t.app.inject({ url: '/api/activities/venues/castlefield-leisure-centre' })).json()
      .data;
    const types = (await t.app.inject({ url: `/api/memberships/types?venue_id=${venue.id}` })).json().data;
    typeId = types.find((type: { slug: string }) => type.slug === 'gym-anytime').id;
    questions = (await t.app.inject({ url: `/api/custom-questions/memberships/${typeId}` }))
      .json()
      .data.flatMap((group: { questions: unknown[] }) => group.questions);
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores valid answers of every type for the logged-in customer', async () => {
    const response = await post({
      answers: [
        { question_id: q('text').id, answer: 'Sam Newman' },
        { question_id: q('number').id, answer: 4 },
        { question_id: q('select').id, answer: 'friend' },
        { question_id: q('multi_select').id, answer: ['classes', 'swimming'] },
        { question_id: q('date').id, answer: '2025-06-01' },
        { question_id: q('checkbox').id, answer: false },
      ],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toEqual({ saved: 6 });
    const rows = await t.database.query<{ answer: unknown }>(
      'SELECT answer FROM question_answers ORDER BY question_id',
    );
    expect(rows.map((row) => row.answer)).toEqual([
      'Sam Newman',
      4,
      'friend',
      ['classes', 'swimming'],
      '2025-06-01',
      false,
    ]);
  });

  it('refuses missing required answers, invalid dates and unknown choices in the spec’s words, storing nothing', async () => {
    await t.database.query('DELETE FROM question_answers');
    const response = await post({
      answers: [
        { question_id: q('date').id, answer: '2025-02-30' },
        { question_id: q('multi_select').id, answer: ['yoga'] },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      [`answers.${q('text').id}`]: ['Emergency contact name is required.'],
      [`answers.${q('select').id}`]: ['How did you hear about us? is required.'],
      [`answers.${q('date').id}`]: [
        `Date must be valid. Enter the answer to “${q('date').label}” as a day, month and year, for example 27 3 2007.`,
      ],
      [`answers.${q('multi_select').id}`]: [
        'Which activities interest you? must be chosen from the choices.',
      ],
    });
    expect(await t.database.query('SELECT * FROM question_answers')).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await post({ answers: [] }, {})).statusCode).toBe(401);
  });
});

describe('guessing promotion codes (S18)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is refused after 10 unrecognised codes an hour, even for a real code', async () => {
    const validate = (code: string) =>
      t.app.inject({ url: `/api/v1/membership-promotions/validate/${code}/1` });
    for (let i = 0; i < 10; i++) expect((await validate(`GUESS${i}`)).statusCode).toBe(404);
    const limited = await validate('WELCOME20');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many codes tried. Please wait a while and try again.');
  });
});
