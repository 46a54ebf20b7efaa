/**
 * Starts a site's app once the browser has painted what its HTML shows (the spinner, decision 0063),
 * so the first paint never waits for React and the app to be evaluated (decision 0091). Without a
 * paint to wait for (a tab opened in the background), it starts after a short wait instead.
 */
export function afterFirstPaint(start: () => void): void {
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    // When the app started, beside the paint entries (the end-to-end tests compare the two).
    performance.mark('lido:app-start');
    start();
  };
  const observer =
    typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')
      ? new PerformanceObserver((list) => {
          if (list.getEntriesByName('first-contentful-paint').length > 0) setTimeout(startOnce, 0);
        })
      : undefined;
  observer?.observe({ type: 'paint', buffered: true });
  setTimeout(startOnce, observer && document.visibilityState === 'visible' ? 3000 : 0);
}
