import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Moves focus to an element once React has committed the render that shows it. A bare
 * requestAnimationFrame races the commit: a state change made from a network callback is scheduled,
 * not synchronous, so on a busy machine the frame can fire while the old screen is still up, and focus
 * falls to <body>. This waits for the commit instead, and gives up after a few renders rather than
 * stealing focus later.
 */
export function useFocusAfterRender(): (find: () => HTMLElement | null) => void {
  const pending = useRef<{ find: () => HTMLElement | null; tries: number } | null>(null);
  const [, rerender] = useState(0);
  useEffect(() => {
    const wanted = pending.current;
    if (!wanted) return;
    const element = wanted.find();
    if (element) {
      element.focus();
      pending.current = null;
    } else if (++wanted.tries >= 5) {
      pending.current = null;
    }
  });
  return useCallback((find: () => HTMLElement | null) => {
    pending.current = { find, tries: 0 };
    rerender((n) => n + 1);
  }, []);
}
