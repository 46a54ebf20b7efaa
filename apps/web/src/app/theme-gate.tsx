import type { ClientSettings } from '@lido/contracts/client-settings';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { clientSettingsQuery } from './client-settings/get-client-settings.ts';
import { FullPageError } from './errors/full-page-error.tsx';
import { MaintenanceScreen } from './errors/maintenance-screen.tsx';
import { NotFoundPage } from './errors/not-found-page.tsx';
import { themeQuery } from './theme/get-theme.ts';
import { loadThemeFonts, registerOperatorFonts } from './theme/load-fonts.ts';
import { applyTheme, type ResolvedTheme } from './theme/resolve-theme.ts';
import { ApiError } from '../lib/api/api-client.ts';
import { genericErrorLine } from '../lib/api/generic-error.ts';
import { Spinner } from '../ui/spinner.tsx';
import { appWords } from './words.ts';

interface GateProps {
  venueSlug: string | undefined;
  children: (loaded: { settings: ClientSettings; theme: ResolvedTheme }) => ReactNode;
}

/**
 * Nothing themed renders until the client settings, the theme and its fonts are ready; a spinner
 * shows meanwhile. A 503 theme answer is planned maintenance; a failed settings call is "not found".
 */
export function ThemeGate({ venueSlug, children }: GateProps) {
  const settings = useQuery(clientSettingsQuery);
  const theme = useQuery({ ...themeQuery(venueSlug), placeholderData: keepPreviousData });
  const [fontsReady, setFontsReady] = useState(false);

  useEffect(() => {
    if (!theme.data || !settings.data) return;
    let cancelled = false;
    applyTheme(theme.data);
    registerOperatorFonts(settings.data.fonts.garageGothicUrl);
    void loadThemeFonts(theme.data).then(() => {
      // The page's first full render (header, page, footer) as a transition: React renders it in
      // short slices rather than one long task that blocks input (decision 0066).
      if (!cancelled) startTransition(() => setFontsReady(true));
    });
    return () => {
      cancelled = true;
    };
  }, [theme.data, settings.data]);

  if (theme.isError && !theme.data) {
    const status = theme.error instanceof ApiError ? theme.error.status : null;
    return status === 503 ? <MaintenanceScreen /> : <FullPageError text={genericErrorLine(status)} />;
  }
  if (settings.isError) {
    return (
      <main id="main-content" className="page">
        <NotFoundPage inRouter={false} />
      </main>
    );
  }
  if (!settings.data || !theme.data || !fontsReady) return <Spinner fullPage label={appWords('loading')} />;
  return <>{children({ settings: settings.data, theme: theme.data })}</>;
}
