import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

describe('operator fonts from a directory every instance shares (LIDO_FONTS_DIR)', () => {
  let t: TestApp;
  const fonts = fs.mkdtempSync(path.join(os.tmpdir(), 'lido-fonts-'));
  const bytes = Buffer.from('wOF2 not really a font');
  beforeAll(async () => {
    fs.writeFileSync(path.join(fonts, 'garage-gothic-bold.woff2'), bytes);
    t = await createTestApp({ env: { LIDO_FONTS_DIR: fonts } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves a licensed face from that directory and points the sites at it', async () => {
    const font = await t.app.inject({
      url: '/operator-fonts/garage-gothic-bold.woff2',
      headers: { host: siteHost.onlineJoining },
    });
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.rawPayload.equals(bytes)).toBe(true);
    const client = await t.app.inject({ url: '/api/client', headers: { host: siteHost.onlineJoining } });
    expect(client.json().data.fonts).toEqual({ garageGothicUrl: '/operator-fonts/garage-gothic-bold.woff2' });
  });

  it('answers 404 for a face it does not have, and for any other file name', async () => {
    for (const file of ['garage-gothic-regular.woff2', '..%2F..%2Fetc%2Fpasswd', 'other.woff2'])
      expect(
        (await t.app.inject({ url: `/operator-fonts/${file}`, headers: { host: siteHost.onlineJoining } }))
          .statusCode,
      ).toBe(404);
  });
});
