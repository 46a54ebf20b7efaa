import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

/** A stand-in build (three entry pages and one asset), so server tests do not need `vite build`. */
export function fakeWebDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lido-dist-'));
  for (const site of ['bookings', 'my-account', 'online-joining', 'front-of-house']) {
    fs.mkdirSync(path.join(dist, 'sites', site), { recursive: true });
    fs.writeFileSync(
      path.join(dist, 'sites', site, 'index.html'),
      `<!doctype html><html lang="en-GB"><head><title>${site}</title></head><body></body></html>`,
    );
  }
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync('console.log(1)'));
  return dist;
}
