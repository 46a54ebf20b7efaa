import type { Terms } from '@lido/contracts/membership';
import { useCallback, useEffect, useRef, useState } from 'react';
import { sanitizeHtml } from '../lib/sanitize-html.ts';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';
import { uiWords } from './words.ts';
export type { Terms } from '@lido/contracts/membership';

/** Joining spec section 9: the terms count as read within 10 px of the bottom. */
export const scrollTolerancePx = 10;

/** Scrolled to the end, or short enough to need no scrolling. */
export function isReadToEnd(
  element: Pick<HTMLElement, 'scrollTop' | 'scrollHeight' | 'clientHeight'>,
): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= scrollTolerancePx;
}

/**
 * The terms in a dialog: "I Agree" is enabled once they have been scrolled to the end (or fit
 * without scrolling, or were already accepted); agreeing ticks them and closes the dialog. The text
 * can be scrolled by keyboard, since the scrolling box takes focus.
 */
export function TermsDialog({
  terms,
  accepted,
  onAgree,
  onClose,
}: {
  terms: Terms | null;
  accepted: boolean;
  onAgree: () => void;
  onClose: () => void;
}) {
  const body = useRef<HTMLDivElement>(null);
  // The id of the terms read to the end: opening other terms starts unread.
  const [readId, setReadId] = useState<number | null>(null);
  const readToEnd = terms !== null && readId === terms.id;
  const termsId = terms?.id ?? null;
  const check = useCallback(() => {
    if (body.current && termsId !== null && isReadToEnd(body.current)) setReadId(termsId);
  }, [termsId]);
  useEffect(() => {
    if (!terms) return;
    // Once laid out, terms that fit need no scrolling.
    const frame = requestAnimationFrame(check);
    return () => cancelAnimationFrame(frame);
  }, [terms, check]);
  return (
    <Modal open={terms !== null} title={terms?.title ?? ''} onClose={onClose} width={500}>
      {terms && (
        <>
          <div
            ref={body}
            className="terms-dialog__text rich-text"
            // A scrolling box must take focus so the terms can be scrolled by keyboard (WCAG 2.1.1).
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            role="region"
            aria-label={uiWords('termsScrollRegion', { termsTitle: terms.title })}
            onScroll={check}
            dangerouslySetInnerHTML={{ __html: sanitizeHtml(terms.html) }}
          />
          <p className="field__hint" aria-live="polite">
            {readToEnd || accepted ? uiWords('termsReachedEnd') : uiWords('termsScrollToAgree')}
          </p>
          <div className="form__actions">
            <Button variant="primary" size="md" disabled={!(readToEnd || accepted)} onClick={onAgree}>
              {uiWords('termsIAgree')}
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}
