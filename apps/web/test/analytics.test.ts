import { afterEach, describe, expect, it, vi } from 'vitest';
import { pushToDataLayer, recordPageView } from '../src/app/analytics/data-layer.ts';
import {
  reportError,
  resetErrorReportingForTests,
  startErrorReporting,
} from '../src/app/analytics/error-reporting.ts';
import {
  isCardPage,
  loadTagScripts,
  needsCleanDocument,
  resetTagsForTests,
} from '../src/app/analytics/tag-scripts.ts';

afterEach(() => {
  resetTagsForTests();
  resetErrorReportingForTests();
  document.head.innerHTML = '';
  delete window.dataLayer;
  delete window.gtag;
});

describe('analytics', () => {
  const ids = { gaMeasurementId: 'G-ABC1234', gtmContainerId: 'GTM-XYZ987' };

  it('records events and page views in the data layer', () => {
    pushToDataLayer({ event: 'custom', value: 1 });
    recordPageView('/centre/x', 'Centre Details');
    expect(window.dataLayer).toEqual([
      { event: 'custom', value: 1 },
      { event: 'pageview', page: { path: '/centre/x', title: 'Centre Details' } },
    ]);
  });

  it('loads the tag scripts for both configured ids on ordinary pages', () => {
    const urls = loadTagScripts(ids, '/centre/x', true);
    expect(urls).toHaveLength(2);
    expect([...document.head.querySelectorAll('script')].map((script) => script.src)).toEqual(urls);
  });

  it('loads nothing until the customer has accepted analytics cookies', () => {
    expect(loadTagScripts(ids, '/centre/x', false)).toEqual([]);
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
    expect(window.gtag).toBeUndefined();
    expect(window.dataLayer ?? []).toEqual([]);
  });

  it('initialises both tags before their scripts, so they record what follows', () => {
    loadTagScripts(ids, '/centre/x', true);
    const layer = (window.dataLayer ?? []) as unknown[];
    expect(layer[0]).toMatchObject({ event: 'gtm.js', 'gtm.start': expect.any(Number) });
    // gtag's commands are Arguments objects, which gtag.js reads from the data layer.
    const commands = layer.slice(1).map((entry) => Array.from(entry as ArrayLike<unknown>));
    expect(commands.map((command) => command[0])).toEqual(['consent', 'js', 'config']);
    expect(commands[1]?.[1]).toBeInstanceOf(Date);
    expect(commands[2]?.slice(1)).toEqual(['G-ABC1234', { send_page_view: false }]);
    recordPageView('/centre/x', 'Castlefield');
    expect(Array.from(layer.at(-1) as ArrayLike<unknown>)).toEqual([
      'event',
      'page_view',
      { page_path: '/centre/x', page_title: 'Castlefield' },
    ]);
  });

  it('never loads them on a page that shows card fields', () => {
    expect(isCardPage('/checkout')).toBe(true);
    expect(loadTagScripts(ids, '/checkout', true)).toEqual([]);
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
  });

  it('asks for a full page load before a card page once tags are present', () => {
    expect(needsCleanDocument('/checkout')).toBe(false);
    loadTagScripts(ids, '/', true);
    expect(needsCleanDocument('/checkout')).toBe(true);
    expect(needsCleanDocument('/basket')).toBe(false);
  });

  it('loads no tag for an id that is not shaped like one', () => {
    expect(loadTagScripts({ gaMeasurementId: '"><script>', gtmContainerId: null }, '/', true)).toEqual([]);
  });
});

describe('error reporting', () => {
  it('starts nothing without a DSN', () => {
    const load = vi.fn();
    expect(startErrorReporting(null, load)).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('loads the SDK and reports errors once a DSN is configured', async () => {
    const sdk = { init: vi.fn(), captureException: vi.fn() };
    await startErrorReporting('https://key@errors.example.org/1', async () => sdk);
    expect(sdk.init).toHaveBeenCalledWith({ dsn: 'https://key@errors.example.org/1', sendDefaultPii: false });
    const error = new Error('boom');
    reportError(error);
    expect(sdk.captureException).toHaveBeenCalledWith(error);
  });
});
