import fs from 'node:fs';
import path from 'node:path';
import {
  contentBackgrounds,
  contrastRatio,
  focusColours,
  focusMinimumContrast,
} from '@lido/contracts/theme-colours';
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

/** Every stylesheet of the web app, by file name. */
function webStylesheets(): Map<string, string> {
  const root = path.resolve(import.meta.dirname, '../src');
  const files = fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css'));
  return new Map(files.map((file) => [file, fs.readFileSync(path.join(root, file), 'utf8')]));
}

/** The rules of a stylesheet as selector lists and declarations (comments dropped; media blocks flattened). */
function rules(css: string): { selectors: string[]; body: string }[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...text.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((match) => ({
    selectors: match[1]!.split(',').map((selector) => selector.replace(/@media[^{]*$/, '').trim()),
    body: match[2]!,
  }));
}

const toLongHex = (colour: string) =>
  colour.length === 4
    ? `#${[...colour.slice(1)].map((digit) => digit + digit).join('')}`
    : colour.toLowerCase();

/** Issue 34 item 2 (decision 0080): the focus ring's colour is computed for where it is drawn. */
describe('the focus ring', () => {
  const sheets = webStylesheets();
  const all = [...sheets.values()].flatMap(rules);

  it('is computed for each region of the theme and set as custom properties', () => {
    const theme = resolveTheme({ themeAppHeaderBgColour: '#1b1b2f', themeAppDarkBgColour: '#023047' });
    const variables = themeCssVariables(theme);
    const expected = focusColours({ headerBackground: '#1b1b2f', darkBackground: '#023047' });
    expect(variables['--lido-focus-content']).toBe(expected.content);
    expect(variables['--lido-focus-header']).toBe(expected.header);
    expect(variables['--lido-focus-footer']).toBe(expected.footer);
    expect(contrastRatio(expected.footer, '#023047')).toBeGreaterThanOrEqual(focusMinimumContrast);
  });

  it("falls back, before the theme loads, to the default theme's computed colours", () => {
    const tokens = sheets.get('ui/tokens.css')!;
    const variables = themeCssVariables(defaultTheme);
    for (const name of ['--lido-focus-content', '--lido-focus-header', '--lido-focus-footer'])
      expect(tokens, name).toContain(`${name}: ${variables[name]};`);
  });

  it('is checked against every fixed background the stylesheets draw', () => {
    const fixed = all.flatMap(({ body }) =>
      [...body.matchAll(/background(?:-color)?:\s*(#[0-9a-f]{3,6})\b/gi)].map((match) =>
        toLongHex(match[1]!),
      ),
    );
    expect(fixed.length).toBeGreaterThan(0);
    for (const colour of fixed) expect(contentBackgrounds, colour).toContain(colour);
  });

  it("takes the header's or the footer's colour wherever their theme background is drawn", () => {
    const region = (variable: string) =>
      new Set(
        all
          .filter(({ body }) => body.includes(`--lido-focus: var(${variable})`))
          .flatMap(({ selectors }) => selectors),
      );
    const regions = {
      '--lido-header-bg': region('--lido-focus-header'),
      '--lido-dark-bg': region('--lido-focus-footer'),
    };
    // A map cluster is a control filled with the dark colour: its ring is drawn outside it, on the map.
    const ownFillOnly = new Set(['.map-cluster']);
    for (const [background, selectors] of Object.entries(regions))
      for (const rule of all.filter(({ body }) =>
        new RegExp(`background:\\s*var\\(${background}\\)`).test(body),
      ))
        for (const selector of rule.selectors)
          if (!ownFillOnly.has(selector))
            expect(selectors, `${selector} on ${background}`).toContain(selector);
  });
});
