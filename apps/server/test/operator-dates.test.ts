import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginCookie, type TestApp } from './support/test-app.ts';

const host = 'localhost:3002';

/** The operator's dates, one rule each (issue 16 item 5, decision 0023). */
describe('the operator’s dates, on 21 Nov 2026', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-21T12:00:00Z', env: { LIDO_TIME_ZONE: 'Pacific/Auckland' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends the browser the operator’s time zone, so its today is the server’s', async () => {
    const response = await t.app.inject({ url: '/api/client', headers: { host } });
    expect(response.json().data.timeZone).toBe('Pacific/Auckland');
    // and the zone's offset on the server's clock, from its last clock change to its next
    expect(response.json().data.timeZoneOffset).toEqual({
      minutes: 780,
      from: '2026-09-26T14:00:00.000Z',
      until: '2027-04-03T14:00:00.000Z',
    });
  });

  it('answers a change the same window it checks the date against, after a held membership yet to start', async () => {
    const cookie = await loginCookie(t, 'C100002'); // a monthly membership, billing day 15
    const held = (
      await t.app.inject({ url: '/api/my-account/memberships', headers: { host, cookie } })
    ).json().data[0] as { id: number };
    // In Auckland it is already 22 Nov 2026; the held membership starts on 1 Dec.
    await t.database.query(`UPDATE customer_memberships SET start_date = '2026-12-01' WHERE id = $1`, [
      held.id,
    ]);
    const types = (
      await t.app.inject({ url: `/api/memberships/${held.id}/change`, headers: { host, cookie } })
    ).json().data as { paymentOptions: { id: number }[] }[];
    const optionId = types[0]!.paymentOptions[0]!.id;
    const costs = await t.app.inject({
      url: `/api/memberships/${held.id}/change/${optionId}?starts_at=2026-12-02`,
      headers: { host, cookie },
    });
    expect(costs.statusCode).toBe(200);
    expect(costs.json().data.startsAt).toEqual({ min: '2026-12-02', max: '2026-12-22' });

    // A day the old answer offered (it ran from tomorrow) is refused: the held membership starts later.
    const tooSoon = await t.app.inject({
      url: `/api/memberships/${held.id}/change/${optionId}?starts_at=2026-11-30`,
      headers: { host, cookie },
    });
    expect(tooSoon.statusCode).toBe(422);
    expect(tooSoon.json().errors.startsAt[0]).toContain('01/12/2026');
  });
});
