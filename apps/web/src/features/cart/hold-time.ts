import { useEffect, useState } from 'react';

/**
 * "18:15": a hold's end in the operator's time zone, as the customer reads the centre's clocks.
 * 'en-GB' on Welsh pages too: the 24-hour digits are the same in Welsh, and Chromium has no Welsh
 * `Intl` data (it would fall back to American English, "6:15 PM").
 */
export function clockTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone }).format(
    new Date(iso),
  );
}

/** The current time, refreshed every `everyMs`, so a hold that ends is noticed without a reload. */
export function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
