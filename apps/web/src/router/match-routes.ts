import type { DataRoute, Params } from './route-object.ts';

export interface RouteMatch {
  route: DataRoute;
  /** the part of the address this route and its parents matched */
  pathname: string;
  /** every param of the whole match, shared by all its routes (as React Router does) */
  params: Params;
}

interface Branch {
  routes: DataRoute[];
  score: number;
  order: number;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/**
 * React Router's ranking: each segment scores by kind (static 10, `:param` 3, empty 1), an index
 * route gains 2 and a splat loses 2, so `/a/b` beats `/a/:id` beats `/a/*`; ties keep the order
 * the routes were written in.
 */
function scoreOf(path: string, index: boolean | undefined): number {
  const segments = path.split('/');
  let score = segments.length;
  if (segments.includes('*')) score -= 2;
  if (index) score += 2;
  for (const segment of segments) {
    if (segment === '*') continue;
    score += segment.startsWith(':') ? 3 : segment === '' ? 1 : 10;
  }
  return score;
}

/** Every route that can end a match, with its parents; a layout without a path never ends one. */
function flatten(routes: DataRoute[], parents: DataRoute[] = [], parentPath = '', out: Branch[] = []) {
  for (const route of routes) {
    const chain = [...parents, route];
    const path = [parentPath, route.path ?? ''].filter(Boolean).join('/').replace(/\/\/+/g, '/');
    if (route.children?.length) flatten(route.children, chain, path, out);
    if (route.path == null && !route.index) continue;
    out.push({ routes: chain, score: scoreOf(path, route.index), order: out.length });
  }
  return out;
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Walks one branch along the address's segments; case-insensitive, trailing slash ignored. */
function matchBranch(branch: Branch, segments: string[]): RouteMatch[] | null {
  const params: Record<string, string> = {};
  const matches: RouteMatch[] = [];
  let at = 0;
  for (const route of branch.routes) {
    for (const part of segmentsOf(route.path ?? '')) {
      if (part === '*') {
        params['*'] = segments.slice(at).map(decode).join('/');
        at = segments.length;
      } else if (part.startsWith(':')) {
        if (at >= segments.length) return null;
        params[part.slice(1)] = decode(segments[at++]!);
      } else if (at >= segments.length || decode(segments[at]!).toLowerCase() !== part.toLowerCase()) {
        return null;
      } else at++;
    }
    matches.push({ route, pathname: `/${segments.slice(0, at).join('/')}`, params });
  }
  return at === segments.length ? matches : null;
}

/** Cached per route tree: the ranked branches. */
const branchCache = new WeakMap<DataRoute[], Branch[]>();

/** The routes matching a pathname, outermost first, or null when none does. */
export function matchRoutes(routes: DataRoute[], pathname: string): RouteMatch[] | null {
  let branches = branchCache.get(routes);
  if (!branches) {
    branches = flatten(routes).sort((a, b) => b.score - a.score || a.order - b.order);
    branchCache.set(routes, branches);
  }
  const segments = segmentsOf(pathname);
  for (const branch of branches) {
    const matches = matchBranch(branch, segments);
    if (matches) return matches;
  }
  return null;
}
