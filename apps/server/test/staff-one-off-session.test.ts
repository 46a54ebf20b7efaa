import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffLogin } from './support/staff-login.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

const host = siteHost.frontOfHouse;
const origin = `http://${host}`;
/** A Monday noon in London. */
const now = '2026-11-30T12:00:00Z';

const oneOff = {
  activity: 'yoga',
  venue: 'castlefield-leisure-centre',
  location: 'coaching-studio',
  date: '2026-12-03',
  time: '22:00',
  durationMinutes: 45,
  capacity: 8,
  instructor: 'Nia Night',
};

/** Issue 35 item 2: a manager adds a one-off session, not part of any weekly series. */
describe('a one-off session added in the staff site', () => {
  let t: TestApp;
  const call = (cookie: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/staff/timetable/sessions',
      headers: { host, origin, cookie },
      payload: payload as object,
    });
  const sessionsAt = (date: string, time: string) =>
    t.database.query<{ id: number; capacity: number; instructor: string | null; online: boolean }>(
      `SELECT se.id, se.capacity, se.instructor, se.online_booking_enabled AS online
       FROM activity_sessions se JOIN activities a ON a.id = se.activity_id
       WHERE a.key = 'yoga' AND se.starts_at = ($1 || ' ' || $2 || ':00 Europe/London')::timestamptz`,
      [date, time],
    );
  const auditRows = () =>
    t.database.query<{ details: { sessionId: number } }>(
      `SELECT details FROM staff_audit_log WHERE action = 'timetable.session-added' ORDER BY id`,
    );

  beforeAll(async () => {
    t = await createTestApp({ now });
  });
  afterAll(() => t?.close());

  it('puts the session on the timetable once, on sale online, audited', async () => {
    const manager = await staffLogin(t, 'manager', 'Pool-Manager-2026!');
    const made = await call(manager, oneOff);
    expect(made.statusCode, made.body).toBe(201);
    const { sessionId, startsAt } = made.json<{ data: { sessionId: number; startsAt: string } }>().data;
    expect(startsAt).toBe('2026-12-03T22:00:00.000Z');
    expect(await sessionsAt('2026-12-03', '22:00')).toEqual([
      { id: sessionId, capacity: 8, instructor: 'Nia Night', online: true },
    ]);
    expect((await auditRows()).map((row) => row.details.sessionId)).toContain(sessionId);
    // On the bookings site's timetable for that day.
    const timetable = await t.app.inject({
      method: 'GET',
      url: '/api/activities/venues/castlefield-leisure-centre/timetable?from=2026-11-30',
      headers: { host: siteHost.bookings },
    });
    expect(timetable.statusCode, timetable.body).toBe(200);
    expect(timetable.body).toContain(`"id":${sessionId}`);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/activities/sessions/${sessionId}`,
      headers: { host: siteHost.bookings },
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('Nia Night');
  });

  it('refuses what is wrong, field by field, and makes nothing', async () => {
    const manager = await staffLogin(t, 'manager', 'Pool-Manager-2026!');
    const desk = await staffLogin(t, 'desk', 'Desk-Staff-2026!');
    const before = (await auditRows()).length;
    const cases: [object, number, string][] = [
      [{ ...oneOff, date: '2026-12-04' }, 403, 'desk'],
      [{ ...oneOff, date: '2026-11-29' }, 422, 'date'],
      [{ ...oneOff, date: '2026-12-04', capacity: 0 }, 422, 'capacity'],
      [{ ...oneOff, date: '2026-12-04', time: '25:00' }, 422, 'time'],
      [{ ...oneOff, date: '2026-12-04', activity: 'no-such-class' }, 422, 'activity'],
      [{ ...oneOff, date: '2026-12-04', location: 'main-hall' }, 422, 'location'],
      [{ ...oneOff, date: '2026-12-04', venue: 'roath-park-fitness', location: 'studio-1' }, 403, 'venue'],
    ];
    for (const [body, status, field] of cases) {
      const response = await call(field === 'desk' ? desk : manager, body);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(status);
      if (status === 422) expect(Object.keys(response.json().errors)).toEqual([field]);
    }
    expect(await sessionsAt('2026-12-04', '22:00')).toEqual([]);
    expect((await auditRows()).length).toBe(before);
  });
});
