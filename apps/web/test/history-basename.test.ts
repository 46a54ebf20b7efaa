import { afterEach, describe, expect, it } from 'vitest';
import { createBrowserHistory, createLocation } from '../src/router/history.ts';

describe('the browser history under a language prefix (decision 0108)', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('shows the app addresses below /cy and writes and links every address back under it', () => {
    window.history.replaceState(null, '', '/cy/location/cardiff?day=2');
    const history = createBrowserHistory('/cy');
    expect(history.location.pathname).toBe('/location/cardiff');
    expect(history.location.search).toBe('?day=2');
    expect(history.href({ pathname: '/basket', search: '?x=1' })).toBe('/cy/basket?x=1');
    expect(history.href({ pathname: '/' })).toBe('/cy');
    history.push(createLocation('/basket'));
    expect(window.location.pathname).toBe('/cy/basket');
    expect(history.location.pathname).toBe('/basket');
  });

  it('leaves English addresses as they are, and does not take "/cymraeg" for the prefix', () => {
    window.history.replaceState(null, '', '/cymraeg');
    expect(createBrowserHistory('/cy').location.pathname).toBe('/cymraeg');
    window.history.replaceState(null, '', '/location/cardiff');
    const english = createBrowserHistory();
    expect(english.location.pathname).toBe('/location/cardiff');
    expect(english.href({ pathname: '/basket' })).toBe('/basket');
  });
});
