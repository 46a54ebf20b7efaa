/** Where the app is: React Router's location shape, so pages read it the same way. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** new for every navigation, so effects can tell two visits to one address apart */
  key: string;
}

export type Path = Pick<Location, 'pathname' | 'search' | 'hash'>;
export type To = string | Partial<Path>;
export type Action = 'POP' | 'PUSH' | 'REPLACE';

/** A change the user made with Back/Forward; `delta` is how far, when the entry says where it was. */
export interface PopEvent {
  location: Location;
  delta: number | null;
}

/** The browser's session history, or an in-memory one for tests, behind one face. */
export interface History {
  readonly location: Location;
  push(location: Location): void;
  replace(location: Location): void;
  go(delta: number): void;
  listen(listener: (event: PopEvent) => void): () => void;
  /** what a link to this location should put in its href */
  href(path: Partial<Path>): string;
}

export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  return (
    pathname +
    (search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '') +
    (hash && hash !== '#' ? (hash.startsWith('#') ? hash : `#${hash}`) : '')
  );
}

export function parsePath(path: string): Partial<Path> {
  const parsed: Partial<Path> = {};
  const hashAt = path.indexOf('#');
  if (hashAt >= 0) {
    parsed.hash = path.slice(hashAt);
    path = path.slice(0, hashAt);
  }
  const searchAt = path.indexOf('?');
  if (searchAt >= 0) {
    parsed.search = path.slice(searchAt);
    path = path.slice(0, searchAt);
  }
  if (path) parsed.pathname = path;
  return parsed;
}

/** Resolves `to` against the current address: `?x` and `#x` keep the path, `a/b` goes below it. */
export function resolveTo(to: To, from: Path): Partial<Path> {
  const path = typeof to === 'string' ? parsePath(to) : { ...to };
  if (path.pathname == null || path.pathname === '') {
    path.pathname = from.pathname;
    if (path.search == null) path.search = path.hash == null ? '' : from.search;
  } else if (!path.pathname.startsWith('/')) {
    path.pathname = new URL(path.pathname, `http://x${from.pathname.replace(/\/?$/, '/')}`).pathname;
  }
  return path;
}

export function createKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

export function createLocation(to: To, state: unknown = null, key = createKey()): Location {
  const path = typeof to === 'string' ? parsePath(to) : to;
  return { pathname: '/', search: '', hash: '', ...path, state, key };
}

/** What React Router keeps in history.state: the app's state, the entry's key and its index. */
interface EntryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

/** `pathname` below `basename` ("/cy/centres" below "/cy" is "/centres"); the path itself when it isn't. */
export function stripBasename(pathname: string, basename: string): string {
  if (!basename) return pathname;
  if (pathname === basename) return '/';
  return pathname.startsWith(`${basename}/`) ? pathname.slice(basename.length) : pathname;
}

/**
 * The browser's history. Each entry records its index, so a Back can be measured and, when a
 * blocker stops it, undone with `history.go` (the browser has already moved by then).
 *
 * With a `basename` ("/cy" on a Welsh page, decision 0108) the app sees addresses below it and every
 * address it writes or links to is put back under it, so routes know nothing of the language.
 */
export function createBrowserHistory(basename = ''): History {
  const global = window.history;
  const entryState = () => (global.state ?? {}) as EntryState;
  const readLocation = (): Location => {
    const { search, hash } = window.location;
    const pathname = stripBasename(window.location.pathname, basename);
    const entry = entryState();
    return { pathname, search, hash, state: entry.usr ?? null, key: entry.key ?? 'default' };
  };
  const fullPath = (path: Partial<Path>): string => {
    const inApp = createPath(path);
    return basename && inApp.startsWith('/') ? `${basename}${inApp === '/' ? '' : inApp}` : inApp;
  };
  let index = entryState().idx;
  if (index == null) {
    index = 0;
    global.replaceState({ ...entryState(), idx: index }, '');
  }
  let location = readLocation();
  const write = (next: Location, method: 'pushState' | 'replaceState') => {
    const entry: EntryState = { usr: next.state, key: next.key, idx: index };
    try {
      global[method](entry, '', fullPath(next));
    } catch {
      // Some browsers cap the entries or the state's size: a full page load still gets there.
      window.location.assign(fullPath(next));
    }
    location = readLocation();
  };
  return {
    get location() {
      return location;
    },
    push(next) {
      index = (entryState().idx ?? index ?? 0) + 1;
      write(next, 'pushState');
    },
    replace(next) {
      index = entryState().idx ?? index;
      write(next, 'replaceState');
    },
    go: (delta) => global.go(delta),
    listen(listener) {
      const onPop = () => {
        let next = entryState().idx;
        if (next == null) {
          // A plain hash link (the skip link) made this entry: number it as the next one.
          next = (index ?? 0) + 1;
          global.replaceState({ ...entryState(), idx: next, key: createKey() }, '');
        }
        const delta = next - (index ?? 0);
        index = next;
        location = readLocation();
        listener({ location, delta });
      };
      window.addEventListener('popstate', onPop);
      return () => window.removeEventListener('popstate', onPop);
    },
    href: fullPath,
  };
}

/** Entries in memory, for tests: `go` moves at once and tells the listener, as a Back would. */
export function createMemoryHistory(initialEntries: To[] = ['/'], initialIndex?: number): History {
  const entries = initialEntries.map((entry, at) =>
    createLocation(
      entry,
      typeof entry === 'string' ? null : ((entry as { state?: unknown }).state ?? null),
      at === 0 ? 'default' : createKey(),
    ),
  );
  let index = Math.min(Math.max(initialIndex ?? entries.length - 1, 0), entries.length - 1);
  let listener: ((event: PopEvent) => void) | undefined;
  return {
    get location() {
      return entries[index]!;
    },
    push(next) {
      index += 1;
      entries.splice(index, entries.length, next);
    },
    replace(next) {
      entries[index] = next;
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      const moved = next - index;
      index = next;
      listener?.({ location: entries[index]!, delta: moved });
    },
    listen(next) {
      listener = next;
      return () => {
        listener = undefined;
      };
    },
    href: createPath,
  };
}
