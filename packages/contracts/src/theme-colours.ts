/**
 * Colours computed from a theme (decision 0080). The focus ring is drawn outside the focused
 * control, on whatever lies behind it, so each region of a page gets its own ring colour with at
 * least 3:1 against every background of that region (WCAG 1.4.11, 2.4.13). A theme's colours are
 * an operator's choice; these are computed, never typed, so no theme can lose its focus ring.
 */

/** WCAG 2 relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The WCAG contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG 1.4.11's minimum for a focus indicator against what is next to it. */
export const focusMinimumContrast = 3;

/** The house focus blue: kept wherever it reaches the minimum. */
export const houseFocusColour = '#1a5fd6';

/**
 * The light backgrounds of a page's content, whatever the theme: the surface, the page, the
 * neutral, success and warning notices, and every other fixed background the web's CSS draws (its
 * test holds the two lists together).
 */
export const contentBackgrounds = [
  '#ffffff',
  '#f5f5f7',
  '#e6e6ea',
  '#d7f0dd',
  '#fdebc8',
  // the centre finder's map before its tiles draw, and a locked joining step's number
  '#cfe3f2',
  '#d7d7dd',
] as const;

const hex = (value: number) => Math.round(value).toString(16).padStart(2, '0');

/** `colour` mixed with `towards` by `share` (0 to 1), as #rrggbb. */
function mix(colour: string, towards: string, share: number): string {
  const at = (value: string, offset: number) => parseInt(value.slice(offset, offset + 2), 16);
  return `#${[1, 3, 5].map((offset) => hex(at(colour, offset) * (1 - share) + at(towards, offset) * share)).join('')}`;
}

const lowestContrast = (colour: string, backgrounds: readonly string[]) =>
  Math.min(...backgrounds.map((background) => contrastRatio(colour, background)));

/**
 * The preferred colour if it reaches the minimum on every background; otherwise the least change
 * of it, darker or lighter, that does (in steps of 5%). Black or white reaches 4.5:1 or more on any
 * one colour, so a region's backgrounds, all light or all dark, always get a ring.
 */
export function focusColourOn(backgrounds: readonly string[], preferred: string = houseFocusColour): string {
  for (let step = 0; step <= 20; step++) {
    for (const towards of ['#000000', '#ffffff']) {
      const candidate = mix(preferred, towards, step / 20);
      if (lowestContrast(candidate, backgrounds) >= focusMinimumContrast) return candidate;
    }
  }
  throw new Error(`No focus colour reaches ${focusMinimumContrast}:1 on ${backgrounds.join(', ')}`);
}

/** The colours of a theme that backgrounds are drawn in. */
export interface ThemeBackgrounds {
  /** the header of every site, the staff site's and the kiosk's, and the mobile menu's top */
  headerBackground: string;
  /** the footer */
  darkBackground: string;
}

export type FocusRegion = 'content' | 'header' | 'footer';

/** Every background a focus ring can sit on, by region of the page. */
export function focusBackgrounds(theme: ThemeBackgrounds): Record<FocusRegion, readonly string[]> {
  return {
    content: contentBackgrounds,
    header: [theme.headerBackground],
    footer: [theme.darkBackground],
  };
}

/** The focus ring's colour in each region of the page for this theme. */
export function focusColours(theme: ThemeBackgrounds): Record<FocusRegion, string> {
  const backgrounds = focusBackgrounds(theme);
  return {
    content: focusColourOn(backgrounds.content),
    header: focusColourOn(backgrounds.header),
    footer: focusColourOn(backgrounds.footer),
  };
}
