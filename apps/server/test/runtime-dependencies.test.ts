import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci --omit=dev && npm run serve` must work: every module the running server loads comes from
 * the `dependencies` of the workspace that imports it, never from `devDependencies` (which a
 * production install leaves out). Followed from apps/server/src/main.ts through our own workspaces.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');

interface PackageJson {
  name: string;
  dependencies?: Record<string, string>;
  exports?: Record<string, string>;
  scripts?: Record<string, string>;
}

const readPackage = (dir: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;

/** The folder of the workspace (or the root) a file belongs to: its nearest package.json. */
function packageDirOf(file: string): string {
  let dir = path.dirname(file);
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

const workspaceDirs = new Map(
  ['apps', 'packages'].flatMap((parent) =>
    fs
      .readdirSync(path.join(repoRoot, parent))
      .map((name) => path.join(repoRoot, parent, name))
      .filter((dir) => fs.existsSync(path.join(dir, 'package.json')))
      .map((dir) => [readPackage(dir).name, dir] as const),
  ),
);

/** Module names loaded at run time: static imports and re-exports (not type-only), import(), require(). */
export function runtimeSpecifiers(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const patterns = [
    /(?:^|[;\n])\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1]!));
}

const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

function resolveFile(base: string): string {
  for (const candidate of [base, `${base}.ts`, path.join(base, 'index.ts')])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  throw new Error(`Cannot resolve ${base}`);
}

/** A workspace's source file for `@lido/x/sub`, through its `"./*"` exports pattern. */
function resolveWorkspaceImport(specifier: string): string {
  const name = packageName(specifier);
  const dir = workspaceDirs.get(name)!;
  const target = readPackage(dir).exports?.['./*'];
  if (!target) throw new Error(`${name} has no "./*" export to follow`);
  return resolveFile(path.join(dir, target.replace('*', specifier.slice(name.length + 1))));
}

/** Every package the code reachable from `entry` loads, with the file that loads it. */
function externalImports(entry: string): { file: string; name: string }[] {
  const seen = new Set<string>();
  const found: { file: string; name: string }[] = [];
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of runtimeSpecifiers(fs.readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) queue.push(resolveFile(path.resolve(path.dirname(file), specifier)));
      else if (isBuiltin(specifier)) continue;
      else {
        found.push({ file, name: packageName(specifier) });
        if (workspaceDirs.has(packageName(specifier))) queue.push(resolveWorkspaceImport(specifier));
      }
    }
  }
  return found;
}

describe('what the running server needs', () => {
  it('finds run-time imports and skips type-only ones', () => {
    expect(
      runtimeSpecifiers(
        [
          "import type { A } from 'types-only';",
          "import { type B, c } from 'mixed';",
          "import {\n  d,\n  e,\n} from './multi-line.ts';",
          "export * from 're-exported';",
          "export type { F } from 'type-export';",
          "const g = await import('lazy');",
          "const h = require('required');",
          "// import i from 'commented';",
        ].join('\n'),
      ),
    ).toEqual(['mixed', './multi-line.ts', 're-exported', 'lazy', 'required']);
  });

  it('comes from each workspace’s dependencies, never its devDependencies', () => {
    const imports = externalImports(path.join(repoRoot, 'apps/server/src/main.ts'));
    expect(imports.map((entry) => entry.name)).toEqual(expect.arrayContaining(['fastify', '@lido/pricing']));
    const missing = imports
      .filter(({ file, name }) => !(name in (readPackage(packageDirOf(file)).dependencies ?? {})))
      .map(({ file, name }) => `${path.relative(repoRoot, file)} loads ${name}`);
    expect([...new Set(missing)]).toEqual([]);
  });

  it('starts through a launcher whose packages are the root’s dependencies (npm run serve)', () => {
    const root = readPackage(repoRoot);
    // The launcher starts the built bundle, or the sources through tsx on a tree never built (0062).
    expect(root.scripts?.serve).toBe('node scripts/serve.mjs');
    const launcher = path.join(repoRoot, 'scripts/serve.mjs');
    const packages = runtimeSpecifiers(fs.readFileSync(launcher, 'utf8'))
      .filter((specifier) => !isBuiltin(specifier))
      .map(packageName);
    expect(packages).toEqual(['tsx']);
    for (const name of packages) expect(root.dependencies ?? {}).toHaveProperty(name);
  });
});
