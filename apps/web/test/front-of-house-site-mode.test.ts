import { describe, expect, it } from 'vitest';
import {
  getSiteMode,
  lockSiteModeOff,
  setSiteMode,
  updateSiteModeFromSearch,
} from '../src/app/site-mode/site-mode.ts';

// Its own file: locking is for the life of the page, as on the staff site.
describe('the staff site mode', () => {
  it('turns kiosk and embedded mode off for good, whatever the address or the stored mode say', () => {
    updateSiteModeFromSearch('?kiosk=true&embedded=true&centre=clifton');
    expect(getSiteMode()).toEqual({ embedded: true, kiosk: true, centre: 'clifton' });
    lockSiteModeOff();
    expect(getSiteMode()).toEqual({ embedded: false, kiosk: false, centre: null });
    updateSiteModeFromSearch('?kiosk=true&embedded=true');
    setSiteMode({ embedded: true, kiosk: true, centre: null });
    expect(getSiteMode()).toEqual({ embedded: false, kiosk: false, centre: null });
    expect(JSON.parse(sessionStorage.getItem('lido.siteMode') ?? 'null')).toEqual(getSiteMode());
  });
});
