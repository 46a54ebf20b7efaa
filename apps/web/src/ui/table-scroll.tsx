import type { ReactNode } from 'react';

/**
 * Holds a data table that may be wider than a 320 px screen: the table scrolls sideways inside
 * this box (a named region the keyboard can reach and scroll), so the page itself never does.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A scrolling box must take focus, or keyboard users cannot scroll it (axe scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
