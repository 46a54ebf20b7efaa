import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lazyRoutePages, routeChunkPreloader } from '../src/http/route-chunks.ts';

const webRoot = path.resolve(import.meta.dirname, '../../web');

/** A build's manifest in miniature: the joining entry, the joining page's chunk and what they share. */
function distWith(manifest: object): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lido-route-chunks-'));
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  return dist;
}
const manifest = {
  'sites/online-joining/index.html': {
    file: 'assets/online-joining-1.js',
    isEntry: true,
    imports: ['_vendor.js', '_shell.js'],
  },
  '_vendor.js': { file: 'assets/vendor-1.js' },
  '_shell.js': { file: 'assets/shell-1.js', imports: ['_vendor.js'] },
  '_forms.js': { file: 'assets/forms-1.js', imports: ['_shell.js'] },
  'src/features/joining/joining-page.tsx': {
    file: 'assets/joining-page-1.js',
    isDynamicEntry: true,
    imports: ['_vendor.js', '_forms.js', 'sites/online-joining/index.html'],
  },
};

describe('the lazy page an address opens is preloaded with its HTML', () => {
  it("names the page's chunk and the chunks only it needs, not what the entry already loads", () => {
    const preloads = routeChunkPreloader(distWith(manifest));
    const tags = preloads('online-joining', '/centre/castlefield/membership/gym/recurring');
    expect(tags.split('\n').map((tag) => tag.trim())).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/joining-page-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/forms-1.js">',
    ]);
    expect(preloads('online-joining', '/centre/castlefield')).toBe(tags);
  });

  it("leaves out what the site's app loads too, when its HTML boots the app after the first paint", () => {
    // Decision 0091: the entry is a boot module; the app is an entry of its own that the HTML preloads.
    const preloads = routeChunkPreloader(
      distWith({
        'sites/online-joining/index.html': {
          file: 'assets/online-joining-1.js',
          isEntry: true,
          imports: ['_boot.js'],
          dynamicImports: ['src/sites/online-joining/main.tsx'],
        },
        '_boot.js': { file: 'assets/boot-1.js' },
        'src/sites/online-joining/main.tsx': {
          file: 'assets/online-joining-app-1.js',
          isEntry: true,
          imports: ['_vendor.js', '_shell.js'],
        },
        '_vendor.js': { file: 'assets/vendor-1.js' },
        '_shell.js': { file: 'assets/shell-1.js', imports: ['_vendor.js'] },
        '_pages.js': { file: 'assets/pages-1.js', imports: ['_shell.js', '_vendor.js'] },
        'src/features/checkout/checkout-route.tsx': {
          file: 'assets/checkout-route-1.js',
          isDynamicEntry: true,
          imports: ['_pages.js', '_vendor.js', 'src/sites/online-joining/main.tsx'],
        },
      }),
    );
    expect(
      preloads('online-joining', '/checkout')
        .split('\n')
        .map((tag) => tag.trim()),
    ).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/checkout-route-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/pages-1.js">',
    ]);
  });

  it('adds nothing for a page in the entry, another site, an unknown address or a build without a manifest', () => {
    const preloads = routeChunkPreloader(distWith(manifest));
    expect(preloads('online-joining', '/')).toBe('');
    expect(preloads('online-joining', '/centre/a/b')).toBe('');
    expect(preloads('my-account', '/centre/castlefield')).toBe('');
    expect(routeChunkPreloader(path.join(os.tmpdir(), 'no-such-dist'))('online-joining', '/checkout')).toBe(
      '',
    );
  });

  it.each(lazyRoutePages)("names a page $site's routes load lazily ($module)", ({ site, module }) => {
    // A page moved or no longer lazy would leave the server preloading nothing, or the wrong file.
    expect(fs.existsSync(path.join(webRoot, module))).toBe(true);
    const routes = fs.readFileSync(path.join(webRoot, 'src/sites', site, 'main.tsx'), 'utf8');
    expect(routes).toContain(`import('../../${module.replace(/^src\//, '')}')`);
  });
});
