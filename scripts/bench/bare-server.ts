/**
 * The benchmark's yardstick: a bare Fastify process answering the same JSON the real server gave,
 * path by path, with nothing else (no hooks, no database). Each answer is serialised per request as
 * the real server's are. Started by hot-reads.ts with BARE_PORT and BARE_ANSWERS (a JSON file of
 * `{ "<path>": <answer body> }`); listens on 127.0.0.1 only.
 */
import fs from 'node:fs';
import Fastify from 'fastify';

const answers = JSON.parse(fs.readFileSync(process.env.BARE_ANSWERS ?? '', 'utf8')) as Record<
  string,
  unknown
>;
const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ status: 'ok' }));
for (const [url, body] of Object.entries(answers)) {
  const pathname = url.split('?')[0]!;
  app.get(pathname, async () => body);
}
await app.listen({ host: '127.0.0.1', port: Number(process.env.BARE_PORT) });
