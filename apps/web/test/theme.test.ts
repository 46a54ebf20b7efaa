import { describe, expect, it, vi } from 'vitest';
import { getTheme } from '../src/app/theme/get-theme.ts';
import {
  applyTheme,
  defaultTheme,
  readableTextOn,
  resolveTheme,
  themeCssVariables,
} from '../src/app/theme/resolve-theme.ts';
import { stubFetch } from './support/render.tsx';

describe('the theme', () => {
  it('drops nulls so the defaults show through', () => {
    const theme = resolveTheme({
      themeAppPrimaryColour: '#006d77',
      themeAppHeaderBgColour: null,
      themeAppBodyFontStyle: null,
    });
    expect(theme.themeAppPrimaryColour).toBe('#006d77');
    expect(theme.themeAppHeaderBgColour).toBe(defaultTheme.themeAppHeaderBgColour);
    expect(theme.themeAppBodyFontStyle).toBe('roboto');
  });

  it('defaults to white header text, purple primary, Roboto body, Garage Gothic headings, solid buttons', () => {
    expect(defaultTheme).toMatchObject({
      headerPrimaryColour: '#ffffff',
      themeAppPrimaryColour: '#5c2d91',
      themeAppBodyFontStyle: 'roboto',
      themeAppHeadingFontStyle: 'garage_gothic',
      themeAppSecondaryButtonStyle: 'solid',
    });
  });

  it('applies colours and fonts as custom properties, with readable text on the primary colour', () => {
    const theme = resolveTheme({
      themeAppPrimaryColour: '#ffb4a9',
      themeAppSecondaryButtonStyle: 'outline',
      themeAppHeadingFontStyle: 'lato',
    });
    const root = document.createElement('div');
    applyTheme(theme, root);
    expect(root.style.getPropertyValue('--lido-primary')).toBe('#ffb4a9');
    expect(root.style.getPropertyValue('--lido-on-primary')).toBe('#000000');
    expect(root.style.getPropertyValue('--lido-font-heading')).toContain("'Lato'");
    expect(root.dataset.secondaryButtons).toBe('outline');
    expect(themeCssVariables(defaultTheme)['--lido-font-heading']).toContain("'Oswald'");
  });

  it('picks black or white text by contrast', () => {
    expect(readableTextOn('#5c2d91')).toBe('#ffffff');
    expect(readableTextOn('#f2a900')).toBe('#000000');
    expect(readableTextOn('#ffffff')).toBe('#000000');
  });

  it("asks for the venue's theme and retries without the venue when that fails", async () => {
    const { fetchStub, calls } = stubFetch({
      '/api/frontend/theme': (url) =>
        url.searchParams.has('venue')
          ? { status: 404, body: { message: 'Unable to complete request, item not found.' } }
          : { body: { data: { theme_app_primary_colour: '#5c2d91' } } },
    });
    vi.stubGlobal('fetch', fetchStub);
    const theme = await getTheme('atlantis-leisure');
    expect(calls.map((call) => call.url)).toEqual([
      '/api/frontend/theme?venue=atlantis-leisure',
      '/api/frontend/theme',
    ]);
    expect(theme.themeAppPrimaryColour).toBe('#5c2d91');
  });

  it('passes a 503 through for the maintenance screen', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ '/api/frontend/theme': { status: 503, body: { message: 'Maintenance' } } }).fetchStub,
    );
    await expect(getTheme('clifton-lido-and-spa')).rejects.toMatchObject({ status: 503 });
  });
});
