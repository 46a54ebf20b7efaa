import { afterEach, vi } from 'vitest';

/**
 * Modules as a page at `path` loads them (decision 0108): the page's language is read from its
 * address when `i18n.ts` loads, so the modules are loaded afresh, then their words awaited.
 */
export async function loadedOnPage<T>(path: string, load: () => Promise<T>): Promise<T> {
  window.history.replaceState(null, '', path);
  vi.resetModules();
  const loaded = await load();
  const { messagesLoaded } = await import('../../src/i18n/i18n.ts');
  await messagesLoaded();
  return loaded;
}

/** Puts the address back after each test, so the next file's modules load as an English page. */
export function backToEnglishAfterEach(): void {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    vi.resetModules();
  });
}
