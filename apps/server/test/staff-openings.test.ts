import fs from 'node:fs';
import type { BookingOpening, StaffOpening, StaffOpenings } from '@lido/contracts/booking-openings';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoCataloguePath } from '../src/db/seed/seed-demo.ts';
import { parseCatalogue } from '../src/modules/catalogue/catalogue-file.ts';
import { staffLogin } from './support/staff-login.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

// Issue 39 item 1 (decision 0098): a manager announces, changes and withdraws booking openings on
// the staff site, checked by the catalogue file's own schema, at their own centres, audited.

const host = siteHost.frontOfHouse;
const origin = `http://${host}`;
let clock = new Date('2026-12-01T09:00:00Z');

const spring = {
  key: 'castlefield-spring-swim',
  name: 'Swimming, spring term',
  activity: 'aqua-fit',
  venue: 'castlefield-leisure-centre',
  sessionsFrom: '2027-01-04',
  sessionsTo: '2027-03-28',
  opensOn: '2026-12-14',
  opensAt: '07:00',
};

describe('booking openings in the staff site', () => {
  let t: TestApp;
  let manager = '';
  let desk = '';

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { host, origin, cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const login = (username: string, password: string) => staffLogin(t, username, password);
  const list = async () => {
    const response = await call('GET', '/api/staff/booking-openings', manager);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: StaffOpenings }>().data;
  };
  /** The audit log's opening actions for one opening key. */
  const audit = async (key: string) =>
    (
      await t.database.query<{ action: string; details: { opening?: { key?: string } } }>(
        "SELECT action, details FROM staff_audit_log WHERE action LIKE 'opening.%' ORDER BY id",
      )
    )
      .filter((row) => row.details.opening?.key === key)
      .map((row) => row.action);

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  // Tests run in a shuffled order and one moves the clock on: each starts with fresh logins.
  beforeEach(async () => {
    manager = await login('manager', 'Pool-Manager-2026!');
    desk = await login('desk', 'Desk-Staff-2026!');
  });
  afterAll(() => t?.close());

  it('announces an opening the customers’ pages then show, and audits it', async () => {
    const response = await call('POST', '/api/staff/booking-openings', manager, {
      opening: { ...spring, key: 'announced' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<{ data: StaffOpening }>().data;
    expect(saved).toMatchObject({
      entry: { ...spring, key: 'announced', waitingRoomMinutes: 15, queueMinutes: 120, idleMinutes: 3 },
      activityName: 'Aqua fit',
      centreName: 'Castlefield Leisure Centre',
      waiting: 0,
      editable: true,
      opening: { opensText: 'Booking opens Monday 14 December at 07:00', state: 'announced' },
    });
    const publicList = await t.app.inject({
      method: 'GET',
      url: '/api/booking-openings',
      headers: { host: siteHost.bookings },
    });
    expect(publicList.json<{ data: BookingOpening[] }>().data.map((opening) => opening.name)).toContain(
      'Swimming, spring term',
    );
    expect((await list()).centres.map((centre) => centre.slug)).toEqual(
      expect.arrayContaining(['castlefield-leisure-centre', 'salford-quays-aquatics']),
    );
    expect(await audit('announced')).toEqual(['opening.announced']);
  });

  it('refuses in the file’s words, after the form’s labels, and changes nothing', async () => {
    const before = await list();
    const response = await call('POST', '/api/staff/booking-openings', manager, {
      opening: { ...spring, key: 'bad', opensAt: '7am', waitingRoomMinutes: 999, sessionsTo: '2026-01-01' },
    });
    expect(response.statusCode).toBe(422);
    const errors = response.json<{ errors: Record<string, string[]> }>().errors;
    expect(errors).toEqual({
      opensAt: ['Booking opens at must be a time such as 07:00 (24-hour clock)'],
      waitingRoomMinutes: ['Waiting room opens (minutes before) must be a whole number from 0 to 240'],
      sessionsTo: ['Sessions to must not be before sessionsFrom'],
    });
    // The file says the same of the same entry.
    const inFile = parseCatalogue(
      `${fs.readFileSync(demoCataloguePath, 'utf8')}\nopenings:\n  - ${JSON.stringify({ ...spring, key: 'bad', opensAt: '7am' })}\n`,
      new Set(['castlefield-leisure-centre']),
    );
    expect(inFile.ok ? [] : inFile.problems.map((problem) => problem.message)).toContain(
      'must be a time such as 07:00 (24-hour clock)',
    );
    for (const [opening, status] of [
      [{ ...spring, key: 'elsewhere', venue: 'kelvin-way-swim-centre' }, 403],
      [{ ...spring, key: 'no-such', activity: 'underwater-hockey' }, 422],
      [{ ...spring, key: 'nowhere', venue: undefined }, 422],
      ['not an object', 422],
      [{ ...spring, key: 'x'.repeat(10_000) + '\u0000' }, 422],
    ] as const) {
      const refused = await call('POST', '/api/staff/booking-openings', manager, { opening });
      expect(refused.statusCode, refused.body).toBe(status);
    }
    expect(
      (await call('POST', '/api/staff/booking-openings', desk, { opening: { ...spring, key: 'desk' } }))
        .statusCode,
    ).toBe(403);
    expect(await list()).toEqual(before);
  });

  it('changes and withdraws it until its waiting room opens, then neither', async () => {
    const announced = await call('POST', '/api/staff/booking-openings', manager, { opening: spring });
    expect(announced.statusCode, announced.body).toBe(200);
    const changed = await call('POST', '/api/staff/booking-openings', manager, {
      opening: { ...spring, opensAt: '08:00', letInPerMinute: 600 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ data: StaffOpening }>().data.opening.opensAt).toBe('2026-12-14T08:00:00.000Z');
    await call('POST', '/api/staff/booking-openings', manager, {
      opening: { ...spring, key: 'to-withdraw' },
    });
    const withdrawn = await call('DELETE', '/api/staff/booking-openings/to-withdraw', manager);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json<{ data: StaffOpenings }>().data.openings.map((row) => row.entry.key)).not.toContain(
      'to-withdraw',
    );
    expect((await call('DELETE', '/api/staff/booking-openings/to-withdraw', manager)).statusCode).toBe(404);

    clock = new Date('2026-12-14T07:50:00Z');
    try {
      manager = await login('manager', 'Pool-Manager-2026!');
      const late = await call('POST', '/api/staff/booking-openings', manager, {
        opening: { ...spring, opensAt: '09:00' },
      });
      expect(late.statusCode).toBe(409);
      expect(late.json<{ message: string }>().message).toBe(
        'This opening’s waiting room has opened: it can no longer be changed or withdrawn.',
      );
      const refused = await call('DELETE', `/api/staff/booking-openings/${spring.key}`, manager);
      expect(refused.statusCode).toBe(409);
      const row = (await list()).openings.find((opening) => opening.entry.key === spring.key)!;
      expect(row).toMatchObject({
        editable: false,
        opening: { state: 'lobby' },
        entry: { opensAt: '08:00' },
      });
    } finally {
      clock = new Date('2026-12-01T09:00:00Z');
    }
    expect(await audit(spring.key)).toEqual(['opening.announced', 'opening.changed']);
    expect(await audit('to-withdraw')).toEqual(['opening.announced', 'opening.withdrawn']);
  });

  it('takes the same announcement pressed 20 times at once as one opening', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', '/api/staff/booking-openings', manager, {
          opening: { ...spring, key: 'pressed-twice' },
        }),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect((await list()).openings.filter((row) => row.entry.key === 'pressed-twice')).toHaveLength(1);
  });
});
