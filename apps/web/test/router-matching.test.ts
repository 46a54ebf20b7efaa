import { describe, expect, it } from 'vitest';
import { matchRoutes } from '../src/router/match-routes.ts';
import { type RouteObject, toDataRoutes } from '../src/router/route-object.ts';

/** A site's shape: a layout without a path, its pages, and the not-found splat. */
const routes = toDataRoutes([
  {
    id: 'layout',
    children: [
      { id: 'home', index: true },
      { id: 'splat', path: '*' },
      { id: 'session', path: 'sessions/:sessionId' },
      { id: 'new-session', path: 'sessions/new' },
      { id: 'packages', path: 'location/:slug/packages' },
      { id: 'location', path: 'location/:slug' },
      { id: 'orders', path: 'orders', children: [{ id: 'receipt', path: ':orderId/receipt' }] },
      { id: 'first-of-two', path: 'basket' },
      { id: 'second-of-two', path: 'basket' },
    ],
  },
] satisfies RouteObject[]);

const ids = (pathname: string) => matchRoutes(routes, pathname)?.map((match) => match.route.id);

describe('matching addresses to routes, ranked as React Router ranks them', () => {
  it('prefers a static segment to a param, and a param to the splat, whatever the order written', () => {
    expect(ids('/sessions/new')).toEqual(['layout', 'new-session']);
    expect(ids('/sessions/42')).toEqual(['layout', 'session']);
    expect(ids('/sessions/42/more')).toEqual(['layout', 'splat']);
  });

  it('matches the index route at the root, and keeps definition order on a tie', () => {
    expect(ids('/')).toEqual(['layout', 'home']);
    expect(ids('/basket')).toEqual(['layout', 'first-of-two']);
  });

  it('ignores case and a trailing slash, and decodes params', () => {
    expect(ids('/Location/swim%20centre/PACKAGES/')).toEqual(['layout', 'packages']);
    expect(matchRoutes(routes, '/location/swim%20centre')?.at(-1)?.params).toEqual({ slug: 'swim centre' });
  });

  it('gives every match the whole match’s params and its own pathname', () => {
    const matches = matchRoutes(routes, '/orders/90/receipt')!;
    expect(matches.map((match) => [match.route.id, match.pathname, match.params])).toEqual([
      ['layout', '/', { orderId: '90' }],
      ['orders', '/orders', { orderId: '90' }],
      ['receipt', '/orders/90/receipt', { orderId: '90' }],
    ]);
  });

  it('puts the rest of the address in the splat param, and answers null when nothing matches', () => {
    expect(matchRoutes(routes, '/no/such/page')?.at(-1)?.params).toEqual({ '*': 'no/such/page' });
    expect(matchRoutes(toDataRoutes([{ path: 'only' }]), '/other')).toBeNull();
    // A parent with a path matches its own address too (its Outlet then renders nothing).
    expect(ids('/orders')).toEqual(['layout', 'orders']);
  });
});
