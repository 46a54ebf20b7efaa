import { useEffect, useRef, useState } from 'react';

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** "1 minute 58 seconds", "2 minutes", "45 seconds": a time left, in whole seconds rounded up. */
export function durationWords(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return plural(rest, 'second');
  return rest === 0 ? plural(minutes, 'minute') : `${plural(minutes, 'minute')} ${plural(rest, 'second')}`;
}

/**
 * What a screen reader is told: whole minutes while more than a minute is left, then every 10
 * seconds, so the count is announced a few times rather than every second.
 */
export function spokenDuration(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  if (seconds > 60) return plural(Math.ceil(seconds / 60), 'minute');
  return durationWords(Math.ceil(seconds / 10) * 10_000);
}

/**
 * A countdown sentence: seen updating every second (hidden from screen readers), and a polite live
 * region that changes only when `spokenDuration` does. The live region is filled just after it
 * appears, so the first count is announced as the dialog opens.
 */
export function Countdown({
  msLeft,
  before,
  after = '.',
}: {
  msLeft: number;
  before: string;
  after?: string;
}) {
  const [speaking, setSpeaking] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setSpeaking(true), 100);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <>
      <p className="countdown" aria-hidden="true">
        {before} <strong>{durationWords(msLeft)}</strong>
        {after}
      </p>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {speaking ? `${before} ${spokenDuration(msLeft)}${after}` : ''}
      </p>
    </>
  );
}

/**
 * A `Countdown` to `endsAt` that ticks once a second, calling `onEnd` once when it reaches zero.
 * Mount it as its dialog opens, so it starts from the right time.
 */
export function LiveCountdown({
  endsAt,
  before,
  after,
  onEnd,
}: {
  endsAt: number;
  before: string;
  after?: string;
  onEnd?: () => void;
}) {
  const [now, setNow] = useState(() => Date.now());
  const ended = useRef(onEnd);
  useEffect(() => {
    ended.current = onEnd;
  });
  useEffect(() => {
    const tick = () => {
      setNow(Date.now());
      if (Date.now() >= endsAt) {
        window.clearInterval(timer);
        ended.current?.();
      }
    };
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [endsAt]);
  return <Countdown msLeft={endsAt - now} before={before} {...(after === undefined ? {} : { after })} />;
}
