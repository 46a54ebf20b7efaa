import { type ReactNode, useEffect, useId, useRef } from 'react';
import { CloseIcon } from './icons.tsx';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  width?: number;
  /** What takes focus as it opens, instead of the first control (the Close button). */
  initialFocus?: () => HTMLElement | null | undefined;
}

/** How long the opener is kept in view while what the dialog did (a log-in) redraws the page. */
const settleMs = 3_000;

/**
 * Scrolls the element into view now and, while it keeps focus, whenever the page's size changes
 * for a moment after: logging in adds the customer's choices above "Add to basket", which pushed
 * it below a phone's screen (issue 34 item 1).
 */
function keepInView(element: HTMLElement) {
  element.scrollIntoView({ block: 'nearest' });
  if (typeof ResizeObserver === 'undefined') return;
  const observer = new ResizeObserver(() => {
    if (document.activeElement === element) element.scrollIntoView({ block: 'nearest' });
  });
  observer.observe(document.body);
  setTimeout(() => observer.disconnect(), settleMs);
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
      // The browser returns focus but may leave the opener hidden behind where the page was.
      const back = opener.current;
      if (back instanceof HTMLElement && back.isConnected) {
        back.focus({ preventScroll: true });
        keepInView(back);
      }
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
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      {/* Closed dialogs keep no content, so nothing hidden can be found, filled or announced. */}
      {open && <div className="modal__body">{children}</div>}
    </dialog>
  );
}
