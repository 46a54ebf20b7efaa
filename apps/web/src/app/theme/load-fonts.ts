import type { ThemeFontKey } from '@lido/contracts/theme';
import type { ResolvedTheme } from './resolve-theme.ts';

/** The families each font key needs loaded; weights 400 and 700 (spec section 9). */
const families: Record<ThemeFontKey, string[]> = {
  garage_gothic: ['Garage Gothic', 'Oswald'],
  lato: ['Lato'],
  open_sans: ['Open Sans'],
  roboto: ['Roboto'],
};

let garageGothicRegistered = false;

/** Registers the operator-supplied Garage Gothic file when the operator provides one. */
export function registerOperatorFonts(garageGothicUrl: string | null): void {
  if (!garageGothicUrl || garageGothicRegistered || typeof FontFace === 'undefined') return;
  garageGothicRegistered = true;
  const face = new FontFace('Garage Gothic', `url(${garageGothicUrl}) format('woff2')`, {
    weight: '700',
    display: 'swap',
  });
  document.fonts.add(face);
}

/**
 * Resolves when the theme's fonts are ready, or after `timeoutMs`: a slow font must not keep the
 * spinner up forever, the fallback stack is readable.
 */
export async function loadThemeFonts(theme: ResolvedTheme, timeoutMs = 3000): Promise<void> {
  if (typeof document === 'undefined' || !('fonts' in document)) return;
  const wanted = new Set([
    ...families[theme.themeAppBodyFontStyle],
    ...families[theme.themeAppHeadingFontStyle],
  ]);
  const loads = [...wanted].flatMap((family) =>
    ['400', '700'].map((weight) => document.fonts.load(`${weight} 16px "${family}"`).catch(() => [])),
  );
  await Promise.race([Promise.all(loads), new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
}
