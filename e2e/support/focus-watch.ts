import type { BrowserContext } from 'playwright-core';

/** How long focus may rest on <body> before it counts as lost: a route change's new heading takes it. */
export const focusGraceMs = 1_000;

/**
 * Runs in every page (top frame only) before the app: whenever focus falls from an element to
 * <body> (the element removed, disabled or hidden under it) and stays there past the grace, it
 * reports what had focus and the last key or click. Focus the customer put on the page by
 * pressing on something that can't take focus is theirs, not a fault.
 */
function watchFocusInPage(graceMs: number) {
  if (window !== window.top) return;
  const report = (window as unknown as { __lidoFocusFell: (message: string) => void }).__lidoFocusFell;
  const describe = (element: Element | null) => {
    if (!element) return 'nothing';
    const name =
      element.getAttribute('aria-label') ??
      (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50) ??
      '';
    return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${name}"`;
  };
  let last: Element | null = null;
  let lastAction = 'no key or click yet';
  let pointerOnNothing = false;
  let pending: ReturnType<typeof setTimeout> | undefined;
  const onBody = () => {
    const active = document.activeElement;
    return !active || active === document.body || active === document.documentElement;
  };
  const check = () => {
    if (!onBody()) {
      last = document.activeElement;
      clearTimeout(pending);
      pending = undefined;
      return;
    }
    if (!last || pending !== undefined) return;
    if (pointerOnNothing) {
      last = null;
      return;
    }
    const from = describe(last);
    const action = lastAction;
    const at = location.pathname + location.search;
    pending = setTimeout(() => {
      pending = undefined;
      if (!onBody() || !last) return;
      last = null;
      report(`focus fell to <body> from ${from} after ${action} (${at})`);
    }, graceMs);
  };
  // What a press gives focus to: the control itself, or a label's control.
  const takesFocus =
    'a[href], button, input, select, textarea, summary, iframe, label, [tabindex], [contenteditable]';
  addEventListener(
    'keydown',
    (event) => {
      lastAction = `the key ${event.key} on ${describe(event.target as Element)}`;
      pointerOnNothing = false;
    },
    true,
  );
  addEventListener(
    'mousedown',
    (event) => {
      const target = event.target as Element;
      lastAction = `a click on ${describe(target)}`;
      // Pressing on what can't take focus puts focus on the page, as the customer asked.
      pointerOnNothing = !target.closest?.(takesFocus);
    },
    true,
  );
  addEventListener(
    'focusin',
    () => {
      pointerOnNothing = false;
      check();
    },
    true,
  );
  addEventListener('focusout', () => queueMicrotask(check), true);
  // A removed or disabled element loses focus without a focusout in some browsers.
  const observer = new MutationObserver(check);
  const start = () => {
    observer.observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['disabled', 'hidden', 'inert', 'class', 'style', 'open'],
    });
    setInterval(check, 100);
  };
  if (document.documentElement) start();
  else addEventListener('DOMContentLoaded', start);
  // A page being left takes its focus with it.
  addEventListener('pagehide', () => {
    clearTimeout(pending);
    last = null;
  });
}

/**
 * Every page of the context reports focus that falls to <body> after an action (WCAG 2.4.3; issue
 * 34 item 1): the report lands in the page's problems, which fail the test like a console error.
 */
export async function watchFocus(context: BrowserContext, problems: string[]): Promise<void> {
  await context.exposeBinding('__lidoFocusFell', (_source, message: string) => {
    problems.push(message);
  });
  await context.addInitScript(watchFocusInPage, focusGraceMs);
}
