import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, registerAnswerCompression } from '../src/http/compress-answers.ts';

describe('compressed JSON answers', () => {
  const week = { days: Array.from({ length: 300 }, (_, index) => ({ id: index, name: 'Swim', places: 12 })) };
  const app = Fastify();
  beforeAll(async () => {
    registerAnswerCompression(app);
    app.get('/api/week', async () => week);
    app.get('/api/small', async () => ({ ok: true }));
    app.get('/page', async (_request, reply) => reply.type('text/html').send('<p>'.repeat(2000)));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('sends a large answer brotli-compressed to a browser that accepts it, gzip to one that takes only that', async () => {
    const br = await app.inject({ url: '/api/week', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(week).length / 5);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(week);

    const gz = await app.inject({ url: '/api/week', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(week);
  });

  it('sends plain JSON without Accept-Encoding, small answers plain, and leaves other types alone', async () => {
    const plain = await app.inject({ url: '/api/week' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(week);
    const small = await app.inject({ url: '/api/small', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
    const page = await app.inject({ url: '/page', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBeUndefined();
  });

  it('reads Accept-Encoding with its weights', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('GZIP')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeNull();
  });
});
