import { type ReactNode, useEffect, useId, useRef } from 'react';
import { CloseIcon } from './icons.tsx';
import { uiWords } from './words.ts';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  width?: number;
  /** What takes focus as it opens, instead of the first control (the Close button). */
  initialFocus?: () => HTMLElement | null | undefined;
}

/** The longest the opener is kept in view while what the dialog did (a log-in) redraws the page. */
const settleMs = 10_000;
const customerInput = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;

/**
 * Scrolls the element into view now and again whenever the page's size changes, until it loses
 * focus or the customer does anything: logging in adds the customer's choices above "Add to
 * basket" as their prices load, which pushed it below a phone's screen (issue 34 item 1).
 */
function keepInView(element: HTMLElement) {
  const reveal = () => {
    const box = element.getBoundingClientRect();
    // Its focus ring too (3 px, 2 px out), with room to spare.
    const ring = 8;
    if (box.top < ring || box.bottom > window.innerHeight - ring) element.scrollIntoView({ block: 'center' });
  };
  reveal();
  if (typeof ResizeObserver === 'undefined') return;
  const observer = new ResizeObserver(reveal);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    element.removeEventListener('blur', stop);
    for (const type of customerInput) window.removeEventListener(type, stop, true);
  };
  const timer = setTimeout(stop, settleMs);
  element.addEventListener('blur', stop);
  for (const type of customerInput) window.addEventListener(type, stop, true);
  observer.observe(document.body);
}

/** Focus on the page's main content (made focusable from code only), or nothing when it has none. */
function focusMainContent() {
  const main = document.querySelector<HTMLElement>('main');
  if (!main) return;
  if (!main.hasAttribute('tabindex')) main.tabIndex = -1;
  main.focus({ preventScroll: true });
}

/**
 * A modal dialog on the native <dialog>: focus moves in and is held there, Escape closes it, and
 * focus returns to what opened it, scrolled into view. The page behind doesn't scroll while it is
 * open (components.css), so End or Page Down in the dialog never move the page.
 */
export function Modal({ open, title, onClose, children, width = 450, initialFocus }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<Element | null>(null);
  const focusFirst = useRef(initialFocus);
  useEffect(() => {
    focusFirst.current = initialFocus;
  });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      focusFirst.current?.()?.focus();
    }
    if (!open && dialog.open) {
      dialog.close();
      // The browser returns focus but may leave the opener hidden behind where the page was. A
      // dialog a timer opened (an idle or session warning) had no opener: focus goes to the page's
      // main content instead of falling to the page (issue 34 item 1).
      const back = opener.current;
      if (back instanceof HTMLElement && back.isConnected && back !== document.body) {
        back.focus({ preventScroll: true });
        keepInView(back);
      } else focusMainContent();
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="modal"
      style={{ maxWidth: `min(${width}px, calc(100vw - 2rem))` }}
      aria-labelledby={titleId}
      // Only the customer closes a modal (Escape or the close button); closing it from code, when
      // one step's dialog hands over to the next, must not run onClose.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="modal__header">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <button type="button" className="icon-button" aria-label={uiWords('close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      {/* Closed dialogs keep no content, so nothing hidden can be found, filled or announced. */}
      {open && <div className="modal__body">{children}</div>}
    </dialog>
  );
}
