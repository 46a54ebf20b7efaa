import { siteHost, type TestApp } from './test-app.ts';

/** A member of staff's session cookie, from a real login on the staff site. */
export async function staffLogin(t: TestApp, username: string, password: string): Promise<string> {
  const host = siteHost.frontOfHouse;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/staff/login',
    headers: { host, origin: `http://${host}` },
    payload: { username, password },
  });
  const cookie = String(response.headers['set-cookie']).match(/lido_staffToken=[^;]+/)?.[0];
  if (!cookie) throw new Error(`${username} could not log in: ${response.statusCode} ${response.body}`);
  return cookie;
}
