// `npm run budgets`: each site's first-route JavaScript, gzipped, from the Vite manifest of the
// last build. Fails when the staff site is over 145 KB (decision 0102) or any customer site is over
// 120 KB (issue 20 item 4: the aim is 110 KB, which every
// site meets since decision 0059 replaced React Router with our own router, at 96-98 KB; the cap
// leaves room for a few KB of growth and still fails a regression such as a router or a library
// coming back onto every first route), and fails any build that carries React's development build
// (slower, and not what we measured) or zod on a first route or on the joining journey's later routes
// (the joining page, checkout, order confirmed), whose Lighthouse scores it held down (decision 0066).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const budgetKb = 120;
/**
 * The staff site (decision 0102): 130.0 KB when first measured (2026-11-28), every page lazy but the
 * app holding the staff header, session and the till's shared code; the cap leaves the same room
 * for growth as the customer sites' and fails a library landing on every staff page.
 */
const staffBudgetKb = 145;
const budgetsKb = {
  bookings: budgetKb,
  'my-account': budgetKb,
  'online-joining': budgetKb,
  'front-of-house': staffBudgetKb,
};
const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../apps/web/dist'));
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error('No build found: run `npm run build` first (npm run budgets does).');
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

/**
 * What the staff site's entry loads before its first page shows (decision 0102): its app, then the
 * page's own chunk, every page being lazy. Its first pages are the log-in page (a new session) and
 * the customer search (its home once logged in): both are counted.
 */
const firstRouteParts = {
  'front-of-house': [
    'src/sites/front-of-house/staff-site.tsx',
    'src/features/front-of-house/staff-login-page.tsx',
    'src/features/front-of-house/find-customer-page.tsx',
  ],
};

/**
 * The entry chunk and every chunk it imports statically, and for a site's entry also its app (the
 * boot module imports `src/sites/<site>/main.tsx` once the spinner has painted, decision 0091) with
 * its static imports: what loads before the first route shows.
 */
function firstRouteFiles(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) firstRouteFiles(imported, seen);
  const app = key.match(/^sites\/([^/]+)\/index\.html$/);
  if (app)
    for (const part of firstRouteParts[app[1]] ?? [`src/sites/${app[1]}/main.tsx`])
      firstRouteFiles(part, seen);
  return seen;
}

/**
 * Names only React's development build has: the dev-only stack frame hook of react-dom and the
 * development JSX runtime's `jsxDEV` (a production build inlines neither).
 */
const developmentMarkers = ['react_stack_bottom_frame', 'jsxDEV'];
const developmentChunks = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((file) => file.endsWith('.js'))
  .filter((file) => {
    const code = fs.readFileSync(path.join(dist, file), 'utf8');
    return developmentMarkers.some((marker) => code.includes(marker));
  });

/** zod names its schema classes in strings that minifying keeps; no first route should build one. */
const zodMarker = '$ZodType';

let failed = false;
const zodSites = [];
const rows = [];
// The customer sites, and the staff site with its own cap (decision 0102; it had none, decision 0057).
for (const [site, siteBudgetKb] of Object.entries(budgetsKb)) {
  const key = `sites/${site}/index.html`;
  if (!manifest[key]) {
    console.error(`The build has no entry for ${site}.`);
    process.exit(1);
  }
  const files = [...firstRouteFiles(key)].filter((file) => file.endsWith('.js'));
  const gzip = files.reduce(
    (sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length,
    0,
  );
  const over = gzip > siteBudgetKb * 1024;
  failed ||= over;
  // zod held down the customer sites' Lighthouse scores (decision 0066); the staff site is not scored.
  if (
    site !== 'front-of-house' &&
    files.some((file) => fs.readFileSync(path.join(dist, file), 'utf8').includes(zodMarker))
  )
    zodSites.push(site);
  rows.push({
    site,
    files: files.length,
    'gzip KB': (gzip / 1024).toFixed(1),
    'budget KB': siteBudgetKb,
    result: over ? 'OVER' : 'ok',
  });
}
/** Lazy routes of the joining journey that must build no schemas either (issue 20 item 5). */
const zodFreeRoutes = [
  'src/features/joining/joining-page.tsx',
  'src/features/checkout/checkout-route.tsx',
  'src/features/checkout/order-confirmed-page.tsx',
];
const zodRoutes = zodFreeRoutes.filter((key) => {
  if (!manifest[key]) {
    console.error(`The build has no chunk for ${key}.`);
    process.exit(1);
  }
  return [...firstRouteFiles(key)].some(
    (file) => file.endsWith('.js') && fs.readFileSync(path.join(dist, file), 'utf8').includes(zodMarker),
  );
});

console.table(rows);
if (failed) console.error('A site is over its first-route JavaScript budget.');
if (developmentChunks.length > 0)
  console.error(
    `This is a development build of React (in ${developmentChunks.slice(0, 3).join(', ')}${developmentChunks.length > 3 ? ` and ${developmentChunks.length - 3} more` : ''}): build with NODE_ENV=production (npm run build does).`,
  );
if (zodSites.length > 0)
  console.error(
    `zod is on the first route of ${zodSites.join(', ')}: import constants, types and rules from contracts modules that build no schemas.`,
  );
if (zodRoutes.length > 0)
  console.error(
    `zod is on ${zodRoutes.join(', ')}: import constants, types and rules from contracts modules that build no schemas.`,
  );
if (failed || developmentChunks.length > 0 || zodSites.length > 0 || zodRoutes.length > 0) process.exit(1);
