import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Each part of a page loads its own namespace of words (decision 0108). On a Welsh page every
 * namespace shows its Welsh, whichever order their Welsh arrives in: the first namespace's English
 * object must not become the store the others are added to, or its Welsh, arriving last, would put
 * back the others' English.
 */
describe('namespaces on a Welsh page', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    vi.resetModules();
  });

  it('show every namespace in Welsh, whichever Welsh arrives last', async () => {
    window.history.replaceState(null, '', '/cy/location/cardiff');
    vi.resetModules();
    const { messagesLoaded, namespace, pageLanguage } = await import('../src/i18n/i18n.ts');
    expect(pageLanguage).toBe('cy');
    let arriveFirst = () => {};
    const firstArrived = new Promise<void>((resolve) => (arriveFirst = resolve));
    const first = namespace(
      'first',
      { 'first.close': 'Close' },
      // The first namespace's Welsh arrives after the second's.
      { cy: () => firstArrived.then(() => ({ default: { 'first.close': 'Cau' } })) },
    );
    const second = namespace(
      'second',
      { 'second.home': 'Home' },
      { cy: async () => ({ default: { 'second.home': 'Hafan' } }) },
    );
    await Promise.resolve();
    arriveFirst();
    await messagesLoaded();
    expect([first('close'), second('home')]).toEqual(['Cau', 'Hafan']);
  });
});
