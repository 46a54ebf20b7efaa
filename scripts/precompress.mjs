// Writes Brotli and gzip copies of the built assets next to them, so the server sends compressed
// files without compressing on every request (@fastify/static `preCompressed`).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const compressible = /\.(js|css|html|json|svg|map)$/;
let files = 0;
let before = 0;
let after = 0;
function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (compressible.test(entry.name) && fs.statSync(full).size > 1024) {
      const content = fs.readFileSync(full);
      const brotli = zlib.brotliCompressSync(content, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
      });
      fs.writeFileSync(`${full}.br`, brotli);
      fs.writeFileSync(`${full}.gz`, zlib.gzipSync(content, { level: 9 }));
      files += 1;
      before += content.length;
      after += brotli.length;
    }
  }
}
walk(dist);
console.log(
  `precompressed ${files} files: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB (brotli)`,
);
