import { useEffect, useRef } from 'react';

const activityEvents = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/**
 * Calls each handler once the page has been idle for its time; any activity (a tap, a key, a
 * scroll) starts the count again. Handlers are read fresh, so they may change between renders.
 */
export function useIdleTimers(timers: { afterMs: number; run: () => void }[], enabled: boolean): void {
  const latest = useRef(timers);
  useEffect(() => {
    latest.current = timers;
  });
  const key = timers.map((timer) => timer.afterMs).join(',');
  useEffect(() => {
    if (!enabled) return;
    let handles: number[] = [];
    const start = () => {
      handles.forEach((handle) => window.clearTimeout(handle));
      handles = latest.current.map((timer, index) =>
        window.setTimeout(() => latest.current[index]?.run(), timer.afterMs),
      );
    };
    start();
    activityEvents.forEach((name) => window.addEventListener(name, start, { passive: true, capture: true }));
    return () => {
      handles.forEach((handle) => window.clearTimeout(handle));
      activityEvents.forEach((name) => window.removeEventListener(name, start, { capture: true }));
    };
  }, [enabled, key]);
}
