import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const serverDir = path.resolve(import.meta.dirname, '../..');
const repoRoot = path.resolve(serverDir, '../..');
/** `npm run serve` loads this one file instead of some hundreds of TypeScript modules through tsx. */
export const serverBundle = path.join(serverDir, 'dist/main.js');

/**
 * Our workspaces' code goes into the bundle; every package from node_modules stays a plain import,
 * resolved from apps/server as before, because several find files next to their own code (PGlite's
 * WebAssembly, argon2's native binary, Swagger UI's pages).
 */
const packagesStayExternal: Plugin = {
  name: 'packages-stay-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@lido/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * A bundled module's `import.meta.dirname` and `import.meta.url` would name dist/main.js; each is
 * rewritten to its source file's place, so files read beside the sources (migrations, the demo
 * catalogue, the gazetteer, .env.example) are found as under tsx.
 */
const sourceLocations: Plugin = {
  name: 'source-locations',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const relativeFile = path.relative(repoRoot, args.path).split(path.sep).join('/');
      const contents = source
        .replaceAll(
          'import.meta.dirname',
          `__lidoSourceDir(${JSON.stringify(path.posix.dirname(relativeFile))})`,
        )
        .replaceAll('import.meta.url', `__lidoSourceUrl(${JSON.stringify(relativeFile)})`);
      return { contents, loader: 'ts' };
    });
  },
};

/** Finds the repository from the bundle's own place (`fromBundleToRoot`, fixed at build time). */
function banner(fromBundleToRoot: string): string {
  return [
    "import { fileURLToPath as __lidoFileURLToPath, pathToFileURL as __lidoPathToFileURL } from 'node:url';",
    "import __lidoPath from 'node:path';",
    `const __lidoRepoRoot = __lidoPath.resolve(__lidoPath.dirname(__lidoFileURLToPath(import.meta.url)), ${JSON.stringify(fromBundleToRoot)});`,
    'const __lidoSourceDir = (relative) => __lidoPath.join(__lidoRepoRoot, relative);',
    'const __lidoSourceUrl = (relative) => __lidoPathToFileURL(__lidoPath.join(__lidoRepoRoot, relative)).href;',
  ].join('\n');
}

/**
 * Bundles apps/server/src/main.ts into `outfile`, which must lie inside the repository (its
 * packages are found from there, in node_modules).
 */
export async function bundleServer(outfile = serverBundle): Promise<void> {
  await build({
    entryPoints: [path.join(serverDir, 'src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // Error stacks and logs keep our function and class names.
    keepNames: true,
    legalComments: 'none',
    banner: { js: banner(path.relative(path.dirname(outfile), repoRoot).split(path.sep).join('/')) },
    plugins: [packagesStayExternal, sourceLocations],
    logLevel: 'warning',
  });
}
