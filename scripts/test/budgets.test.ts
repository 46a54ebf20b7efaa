import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, '../budgets.mjs');

/**
 * A fake build whose entries import a chunk of `sharedBytes` incompressible bytes; `lazyCode` is
 * appended to the lazily loaded chunk (where a development React build's markers may hide), and
 * `journeyCode` to a chunk the joining journey's lazy routes (joining page, checkout, order
 * confirmed) import. The staff site's log-in page chunk holds `staffPageBytes` more (decision 0102).
 */
function fakeBuild(
  sharedBytes: number,
  lazyCode = '',
  sharedCode = '',
  journeyCode = '',
  staffPageBytes = 1_000,
): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lido-budget-'));
  fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
  fs.mkdirSync(path.join(dist, 'assets'));
  const manifest: Record<string, unknown> = {
    '_shared.js': { file: 'assets/shared.js' },
    '_lazy.js': { file: 'assets/lazy.js' },
  };
  fs.writeFileSync(
    path.join(dist, 'assets/shared.js'),
    `${randomBytes(sharedBytes).toString('base64')}${sharedCode}`,
  );
  fs.writeFileSync(
    path.join(dist, 'assets/lazy.js'),
    `${randomBytes(400_000).toString('base64')}${lazyCode}`,
  );
  fs.writeFileSync(path.join(dist, 'assets/journey.js'), `export const x = 1;${journeyCode}`);
  manifest['_journey.js'] = { file: 'assets/journey.js' };
  for (const route of ['joining/joining-page', 'checkout/checkout-route', 'checkout/order-confirmed-page']) {
    const file = `assets/${route.split('/')[1]}.js`;
    fs.writeFileSync(path.join(dist, file), 'import "./journey.js"');
    manifest[`src/features/${route}.tsx`] = { file, isDynamicEntry: true, imports: ['_journey.js'] };
  }
  for (const site of ['bookings', 'my-account', 'online-joining']) {
    fs.writeFileSync(path.join(dist, `assets/${site}.js`), 'import "./shared.js"');
    manifest[`sites/${site}/index.html`] = {
      file: `assets/${site}.js`,
      imports: ['_shared.js'],
      dynamicImports: ['_lazy.js'],
    };
  }
  // The staff site: a small entry, its app, and every page lazy (decision 0102).
  fs.writeFileSync(path.join(dist, 'assets/front-of-house.js'), 'import "./shared.js"');
  manifest['sites/front-of-house/index.html'] = {
    file: 'assets/front-of-house.js',
    imports: ['_shared.js'],
    dynamicImports: ['src/sites/front-of-house/staff-site.tsx'],
  };
  fs.writeFileSync(path.join(dist, 'assets/staff-site.js'), 'import "./shared.js"');
  manifest['src/sites/front-of-house/staff-site.tsx'] = {
    file: 'assets/staff-site.js',
    imports: ['_shared.js'],
  };
  fs.writeFileSync(path.join(dist, 'assets/staff-login.js'), randomBytes(staffPageBytes).toString('base64'));
  manifest['src/features/front-of-house/staff-login-page.tsx'] = { file: 'assets/staff-login.js' };
  fs.writeFileSync(path.join(dist, 'assets/find-customer.js'), 'export const y = 2;');
  manifest['src/features/front-of-house/find-customer-page.tsx'] = { file: 'assets/find-customer.js' };
  fs.writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  return dist;
}

describe('npm run budgets', () => {
  it('passes a build under 120 KB, not counting lazy chunks', () => {
    const result = spawnSync(process.execPath, [script, fakeBuild(50_000)], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('online-joining');
  });

  it('fails a build whose first-route JavaScript is over 120 KB gzipped', () => {
    // About 122 KB: over the cap, though under the 125 KB it was before decision 0059.
    const result = spawnSync(process.execPath, [script, fakeBuild(125_000)], { encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('OVER');
    expect(result.stderr).toContain('over its first-route JavaScript budget');
  });

  it('measures the staff site’s app and first pages against its own 145 KB cap (decision 0102)', () => {
    // About 123 KB: over the customer sites' cap, under the staff site's.
    const under = spawnSync(process.execPath, [script, fakeBuild(50_000, '', '', '', 75_000)], {
      encoding: 'utf8',
    });
    expect(under.status, under.stderr).toBe(0);
    expect(under.stdout).toMatch(/front-of-house.*145/);
    // About 148 KB, most of it in the log-in page's own chunk.
    const over = spawnSync(process.execPath, [script, fakeBuild(50_000, '', '', '', 100_000)], {
      encoding: 'utf8',
    });
    expect(over.status).toBe(1);
    expect(over.stdout).toMatch(/front-of-house.*OVER/);
  });

  it("counts the app a site's boot module imports once the spinner has painted (decision 0091)", () => {
    // Each site's HTML loads a small boot module; its app (src/sites/<site>/main.tsx) and what that
    // imports statically are the first route all the same, though the boot imports it dynamically.
    const dist = fakeBuild(1_000);
    const manifestPath = path.join(dist, '.vite/manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, object>;
    fs.writeFileSync(path.join(dist, 'assets/app-shared.js'), randomBytes(125_000).toString('base64'));
    manifest['_app-shared.js'] = { file: 'assets/app-shared.js' };
    for (const site of ['bookings', 'my-account', 'online-joining']) {
      fs.writeFileSync(path.join(dist, `assets/${site}-app.js`), 'import "./app-shared.js"');
      manifest[`src/sites/${site}/main.tsx`] = {
        file: `assets/${site}-app.js`,
        isEntry: true,
        imports: ['_app-shared.js'],
      };
      manifest[`sites/${site}/index.html`] = {
        ...manifest[`sites/${site}/index.html`],
        dynamicImports: [`src/sites/${site}/main.tsx`],
      };
    }
    fs.writeFileSync(manifestPath, JSON.stringify(manifest));
    const result = spawnSync(process.execPath, [script, dist], { encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('OVER');
  });

  it('fails a development React build, whatever its size', () => {
    // What React 19's development build and its development JSX runtime leave in the bundle.
    for (const marker of ['o.react_stack_bottom_frame', 'jsxDEV("div", {})']) {
      const result = spawnSync(process.execPath, [script, fakeBuild(50_000, marker)], { encoding: 'utf8' });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('development build of React');
      expect(result.stderr).toContain('assets/lazy.js');
    }
  });

  it('fails a build with zod on a first route, but not in a lazy chunk', () => {
    const marker = 'var e=i(`$ZodType`,(e,t)=>{})';
    const first = spawnSync(process.execPath, [script, fakeBuild(50_000, '', marker)], { encoding: 'utf8' });
    expect(first.status).toBe(1);
    expect(first.stderr).toContain('zod is on the first route of bookings, my-account, online-joining');
    const lazy = spawnSync(process.execPath, [script, fakeBuild(50_000, marker)], { encoding: 'utf8' });
    expect(lazy.status).toBe(0);
  });

  it('fails a build with zod on the joining journey’s lazy routes (decision 0066)', () => {
    const marker = 'var e=i(`$ZodType`,(e,t)=>{})';
    const result = spawnSync(process.execPath, [script, fakeBuild(50_000, '', '', marker)], {
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'zod is on src/features/joining/joining-page.tsx, src/features/checkout/checkout-route.tsx, src/features/checkout/order-confirmed-page.tsx',
    );
  });

  it('fails a real development build of the three sites', () => {
    const web = path.resolve(import.meta.dirname, '../../apps/web');
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lido-dev-build-'));
    try {
      const build = spawnSync(
        path.resolve(import.meta.dirname, '../../node_modules/.bin/vite'),
        ['build', '--mode', 'development', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
        { cwd: web, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'development' } },
      );
      expect(build.status, build.stderr).toBe(0);
      const result = spawnSync(process.execPath, [script, outDir], { encoding: 'utf8' });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('This is a development build of React');
    } finally {
      fs.rmSync(outDir, { recursive: true, force: true });
    }
  }, 180_000);
});
