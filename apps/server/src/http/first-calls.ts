import type { SiteName } from '../config.ts';
import type { FindJoiningPageIds } from '../modules/catalogue/index.ts';
import type { Language } from '@lido/messages/languages';

const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const venueRoutePrefixes = new Set(['centre', 'location']);

/**
 * The venue whose theme a page asks for first, by the web app's rule (`venueSlugFor` in
 * apps/web/src/app/site-mode/cross-site.ts): a `centre` in the address, otherwise the slug of a
 * /centre/{slug} or /location/{slug} route. The staff site never asks for a venue's theme.
 */
function firstVenue(site: SiteName, url: string): string | undefined {
  if (site === 'front-of-house') return undefined;
  const parsed = new URL(url, 'http://page.invalid');
  const centre = parsed.searchParams.get('centre');
  if (centre !== null) return slugPattern.test(centre) ? centre : undefined;
  const [first, second] = parsed.pathname.split('/').filter(Boolean);
  if (first && second && venueRoutePrefixes.has(first) && slugPattern.test(second)) return second;
  return undefined;
}

/** A joining page: /centre/{slug}, or /centre/{slug}/membership/{membership}/{payment type}. */
function joiningPage(site: SiteName, pathname: string) {
  const [first, centre, ...rest] = pathname.split('/').filter(Boolean);
  if (site !== 'online-joining' || first !== 'centre' || !centre || !slugPattern.test(centre))
    return undefined;
  if (rest.length === 0) return { centre, membership: undefined };
  if (rest.length !== 3 || rest[0] !== 'membership') return undefined;
  // A malformed membership slug matches no membership; the centre's reads are still the page's.
  return { centre, membership: slugPattern.test(rest[1]!) ? rest[1] : undefined };
}

/**
 * The page's own first read, where the address alone names it (the calls `venuesQuery` and
 * `venueQuery` make in apps/web/src/features/venues/get-venues.ts): the centres of a site's home,
 * the centre of a joining or timetable page. Other pages' first reads depend on an earlier answer.
 */
function firstPageRead(site: SiteName, pathname: string): string | undefined {
  const [first, slug, ...rest] = pathname.split('/').filter(Boolean);
  if (first === undefined) {
    if (site === 'online-joining') return '/api/venues/online-joining';
    if (site === 'bookings') return '/api/activities/venues';
    return undefined;
  }
  const joining = joiningPage(site, pathname);
  if (joining) return `/api/venues/online-joining/${joining.centre}`;
  if (!slug || !slugPattern.test(slug)) return undefined;
  const timetablePage = rest.length === 0 || (rest.length === 1 && rest[0] === 'packages');
  if (site === 'bookings' && first === 'location' && timetablePage) return `/api/activities/venues/${slug}`;
  return undefined;
}

/**
 * The joining page's later reads, which wait on the centre's id and then the membership's
 * (`prefetchJoining` in apps/web/src/features/joining/prefetch-joining.ts): the centre's
 * memberships, the chosen one's questions, and a guest's account form. The server knows the ids
 * from its cached catalogue, so the browser fetches all of them at once instead of in turn.
 */
async function joiningReads(
  site: SiteName,
  pathname: string,
  signedIn: boolean,
  findIds: FindJoiningPageIds | undefined,
): Promise<string[]> {
  const joining = joiningPage(site, pathname);
  if (!joining) return [];
  const reads = signedIn ? [] : ['/api/data-fields?onboarding_type=customer_account_online'];
  // Without the ids the page still works: it makes these reads itself, in turn.
  const ids = await findIds?.(joining.centre, joining.membership).catch(() => undefined);
  if (!ids) return reads;
  reads.unshift(`/api/memberships/types?venue_id=${ids.venueId}`);
  if (ids.membershipTypeId !== undefined)
    reads.splice(1, 0, `/api/custom-questions/memberships/${ids.membershipTypeId}`);
  return reads;
}

/**
 * Checkout and the basket page start from the customer's basket (`cartQuery` in
 * apps/web/src/features/cart/get-cart.ts); only a visitor with a session cookie has one to read.
 */
function basketRead(site: SiteName, pathname: string): string | undefined {
  if (site === 'front-of-house' || site === 'my-account') return undefined;
  const [first, ...rest] = pathname.split('/').filter(Boolean);
  if (rest.length > 0) return undefined;
  return first === 'checkout' || (first === 'basket' && site === 'bookings') ? '/api/cart' : undefined;
}

/**
 * A signed-in customer's reads, as the page's code decides it is one (the state cookie says `in.`,
 * which `useAuthState` reads): every customer site's header reads the user and the basket (its
 * count), a confirmation page its order, and my account's dashboard its memberships, Direct
 * Debit, any outstanding balance, the next bookings and any penalty fees, which otherwise wait for
 * the user to arrive. The staff site has its own session.
 */
function signedInReads(site: SiteName, pathname: string, signedIn: boolean): string[] {
  if (site === 'front-of-house' || !signedIn) return [];
  const reads = ['/api/auth/user', '/api/cart'];
  const order = confirmedOrderRead(site, pathname);
  if (order) reads.push(order);
  if (site === 'my-account' && pathname === '/')
    reads.push(
      '/api/my-account/memberships',
      '/api/my-account/direct-debit',
      '/api/my-account/outstanding-balance',
      '/api/my-account/bookings',
      '/api/my-account/penalty-fees',
    );
  return reads;
}

/**
 * The operator's footer (`footerQuery` in apps/web/src/features/footer/get-footer.ts), which every
 * customer page reads for the theme's venue as soon as it renders. Read once the page has rendered,
 * it was the last request before the page's largest text in Lighthouse's simulation, a round trip
 * after all the rest (decision 0107). Not where the address hides the chrome, and so the operator's
 * footer: embedded, or a kiosk on the joining site (`Chrome` in apps/web/src/app/root-layout.tsx).
 */
function footerRead(site: SiteName, url: string, venue: string | undefined): string | undefined {
  if (!showsOperatorFooter(site, url)) return undefined;
  return venue ? `/api/activities/footer?venue=${venue}` : '/api/activities/footer';
}

/** Whether the page at this address shows (and so reads) the operator's footer. */
function showsOperatorFooter(site: SiteName, url: string): boolean {
  if (site === 'front-of-house') return false;
  const search = new URL(url, 'http://page.invalid').searchParams;
  if (search.get('embedded') === 'true') return false;
  return !(site === 'online-joining' && search.get('kiosk') === 'true');
}

/** Each customer site's confirmation page, whose address names the order it shows. */
const confirmationPages: Partial<Record<SiteName, string>> = {
  'online-joining': 'order-confirmed',
  bookings: 'booking-confirmed',
};

/**
 * A confirmation page's order (`orderQuery` in apps/web/src/features/checkout/get-order.ts), named
 * by its address: /order-confirmed/{id} on the joining site, /booking-confirmed/{id} on bookings.
 * The page's heading waits for it, and it was read only once the page's code had run (decision
 * 0107). An id the app would encode differently gets no preload.
 */
function confirmedOrderRead(site: SiteName, pathname: string): string | undefined {
  const [first, id, ...rest] = pathname.split('/').filter(Boolean);
  if (rest.length > 0 || !id || !/^[A-Za-z0-9_-]+$/.test(id)) return undefined;
  return first === confirmationPages[site] ? `/api/orders/${id}` : undefined;
}

/** Who asks for a page, as its cookies say. */
interface Visitor {
  /** the auth cookie is there, so the customer may have a basket */
  hasSession: boolean;
  /** the state cookie says `in.`, so the page's code reads the customer */
  signedIn: boolean;
}

/**
 * `<link rel="preload">` tags for the two calls every page waits on before it renders anything (the
 * client settings and the theme, see apps/web/src/app/theme-gate.tsx) and the page's first reads,
 * so they run while the JavaScript downloads instead of after it. The URLs must be exactly the ones
 * the app fetches, and `crossorigin` gives the same credentials mode as its same-origin fetch, or
 * the browser fetches twice.
 */
/**
 * Reads whose answers carry Lido's own words, in the language the call asks for (decision 0110).
 * A preload goes with the browser's Accept-Language, not the page's, so a page in another language
 * than English makes these reads itself.
 */
const readsInPageLanguage = [/^\/api\/data-fields\?/];

export async function firstCallPreloads(
  site: SiteName,
  url: string,
  visitor: Visitor = { hasSession: false, signedIn: false },
  findJoiningPageIds?: FindJoiningPageIds,
  language: Language = 'en',
): Promise<string> {
  const venue = firstVenue(site, url);
  const theme = venue ? `/api/frontend/theme?venue=${venue}` : '/api/frontend/theme';
  const pathname = new URL(url, 'http://page.invalid').pathname;
  const pageRead =
    firstPageRead(site, pathname) ?? (visitor.hasSession ? basketRead(site, pathname) : undefined);
  const laterReads = [
    ...(await joiningReads(site, pathname, visitor.hasSession, findJoiningPageIds)),
    ...signedInReads(site, pathname, visitor.signedIn),
  ];
  const footer = footerRead(site, url, venue);
  // A set: checkout's first read is the basket, which the header reads too.
  return [
    ...new Set([
      '/api/client',
      theme,
      ...(pageRead ? [pageRead] : []),
      ...laterReads,
      ...(footer ? [footer] : []),
    ]),
  ]
    .filter((href) => language === 'en' || !readsInPageLanguage.some((read) => read.test(href)))
    .map((href) => `<link rel="preload" href="${href}" as="fetch" crossorigin>`)
    .join('\n    ');
}
