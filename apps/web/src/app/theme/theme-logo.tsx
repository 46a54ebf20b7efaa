import type { ResolvedTheme } from './resolve-theme.ts';

/**
 * The theme's logo and the name it shows, kept together so no header can pair a centre's logo
 * with another's name (WCAG 2.5.3: the accessible name contains what the image says; issue 34
 * item 6, decision 0084). A server that does not say whose logo it is gets the client's name.
 */
export interface ThemeLogo {
  src: string;
  name: string;
}

export function themeLogo(
  theme: Pick<ResolvedTheme, 'themeAppLogo'> & { themeAppLogoName?: string | null },
  clientName: string,
): ThemeLogo {
  return { src: theme.themeAppLogo, name: theme.themeAppLogoName || clientName };
}

/** The logo as an image; `purpose` follows the name ("home" for a logo that links home). */
export function ThemeLogoImage({
  logo,
  purpose,
  height,
  className,
}: {
  logo: ThemeLogo;
  purpose?: string;
  height: number;
  className?: string;
}) {
  return (
    <img
      className={className}
      src={logo.src}
      alt={purpose ? `${logo.name} ${purpose}` : logo.name}
      height={height}
    />
  );
}
