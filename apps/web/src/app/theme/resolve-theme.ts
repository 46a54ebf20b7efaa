import type { Theme, ThemeFontKey } from '@lido/contracts/theme';
import { focusColours, relativeLuminance } from '@lido/contracts/theme-colours';

export type ResolvedTheme = { [K in keyof Theme]-?: NonNullable<Theme[K]> };

/**
 * The spec's defaults: white header text, dark header and background colours, purple primary,
 * Roboto body, "garage gothic" bold headings, solid secondary buttons. The default logo is Lido's own.
 */
export const defaultTheme: ResolvedTheme = {
  themeAppLogo: '/logos/lido.svg',
  themeAppPrimaryColour: '#5c2d91',
  themeAppSecondaryColour1: '#f2a900',
  themeAppSecondaryColour2: '#007a7a',
  themeAppDarkBgColour: '#1b1b2f',
  themeAppHeaderBgColour: '#1b1b2f',
  headerPrimaryColour: '#ffffff',
  themeAppBodyFontStyle: 'roboto',
  themeAppHeadingFontStyle: 'garage_gothic',
  themeAppSecondaryButtonStyle: 'solid',
  // Empty: the logo is named with the client's name (theme-logo.tsx).
  themeAppLogoName: '',
};

/** Null (and missing) values are dropped, so the defaults show through. */
export function resolveTheme(theme: Partial<Theme> | null | undefined): ResolvedTheme {
  const resolved = { ...defaultTheme };
  for (const [key, value] of Object.entries(theme ?? {})) {
    if (value !== null && value !== undefined && key in defaultTheme) {
      (resolved as Record<string, unknown>)[key] = value;
    }
  }
  return resolved;
}

/** The CSS stack for each font key; Garage Gothic falls back to the free condensed Oswald. */
export const fontStacks: Record<ThemeFontKey, string> = {
  garage_gothic: "'Garage Gothic', 'Oswald', 'Arial Narrow', sans-serif",
  lato: "'Lato', 'Helvetica Neue', Arial, sans-serif",
  open_sans: "'Open Sans', 'Helvetica Neue', Arial, sans-serif",
  roboto: "'Roboto', 'Helvetica Neue', Arial, sans-serif",
};

/** Black or white, whichever reads better on the given background (WCAG relative luminance). */
export function readableTextOn(hex: string): '#000000' | '#ffffff' {
  const luminance = relativeLuminance(hex);
  const contrastWithWhite = 1.05 / (luminance + 0.05);
  const contrastWithBlack = (luminance + 0.05) / 0.05;
  return contrastWithWhite >= contrastWithBlack ? '#ffffff' : '#000000';
}

/** The custom properties every themed style reads. */
export function themeCssVariables(theme: ResolvedTheme): Record<string, string> {
  // Each region's focus ring is computed from the backgrounds it sits on (decision 0080).
  const focus = focusColours({
    headerBackground: theme.themeAppHeaderBgColour,
    darkBackground: theme.themeAppDarkBgColour,
  });
  return {
    '--lido-primary': theme.themeAppPrimaryColour,
    '--lido-on-primary': readableTextOn(theme.themeAppPrimaryColour),
    '--lido-secondary-1': theme.themeAppSecondaryColour1,
    '--lido-on-secondary-1': readableTextOn(theme.themeAppSecondaryColour1),
    '--lido-secondary-2': theme.themeAppSecondaryColour2,
    '--lido-dark-bg': theme.themeAppDarkBgColour,
    '--lido-on-dark-bg': readableTextOn(theme.themeAppDarkBgColour),
    '--lido-header-bg': theme.themeAppHeaderBgColour,
    '--lido-header-text': theme.headerPrimaryColour,
    '--lido-font-body': fontStacks[theme.themeAppBodyFontStyle],
    '--lido-font-heading': fontStacks[theme.themeAppHeadingFontStyle],
    '--lido-focus-content': focus.content,
    '--lido-focus-header': focus.header,
    '--lido-focus-footer': focus.footer,
  };
}

export function applyTheme(theme: ResolvedTheme, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeCssVariables(theme))) root.style.setProperty(name, value);
  root.dataset.secondaryButtons = theme.themeAppSecondaryButtonStyle;
}
