type Reporter = { captureException(error: unknown): void };

let reporter: Reporter | null = null;
let starting: Promise<void> | null = null;

/**
 * Error reporting (Sentry's browser SDK) starts only when a DSN is configured, and its code is a
 * separate chunk fetched only then.
 */
export function startErrorReporting(
  dsn: string | null | undefined,
  load: () => Promise<{ init(options: object): unknown; captureException(error: unknown): unknown }> = () =>
    import('@sentry/browser'),
): Promise<void> | null {
  if (!dsn || starting) return starting;
  starting = load().then((sdk) => {
    sdk.init({ dsn, sendDefaultPii: false });
    reporter = { captureException: (error) => void sdk.captureException(error) };
  });
  return starting;
}

export function reportError(error: unknown): void {
  reporter?.captureException(error);
}

export function resetErrorReportingForTests(): void {
  reporter = null;
  starting = null;
}
