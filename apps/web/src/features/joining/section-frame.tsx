import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from '../../ui/button.tsx';
import { WarningIcon } from '../../ui/icons.tsx';
import type { DisplayedSection, SectionState } from './sections.ts';
import { joiningWords } from './words.ts';

interface SectionFrameProps {
  section: DisplayedSection;
  state: SectionState;
  onEdit: () => void;
  /** Validation messages stand in this section. */
  hasProblems?: boolean;
  /** What a completed section shows when closed. */
  summary?: ReactNode;
  children?: ReactNode;
}

/**
 * One numbered section of the joining page: open (its form), done (a summary and Edit) or not yet
 * reached (greyed). Opening a section scrolls to it and moves focus to its heading, so keyboard and
 * screen reader users land where the page changed.
 */
export function SectionFrame({
  section,
  state,
  onEdit,
  hasProblems = false,
  summary,
  children,
}: SectionFrameProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const wasOpen = useRef(state === 'open');
  useEffect(() => {
    if (state === 'open' && !wasOpen.current) {
      heading.current?.focus({ preventScroll: true });
      heading.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
    wasOpen.current = state === 'open';
  }, [state]);
  const headingId = `section-${section.key}`;
  return (
    <section
      className={`joining-step joining-step--${state}`}
      aria-labelledby={headingId}
      data-section={section.key}
    >
      <div className="joining-step__header">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="joining-step__title">
          <span className="joining-step__number" aria-hidden="true">
            {section.number}
          </span>
          <span className="visually-hidden">{joiningWords('stepNumber', { number: section.number })} </span>
          {section.title}
          {state === 'locked' && <span className="visually-hidden"> {joiningWords('notReachedYet')}</span>}
        </h2>
        {hasProblems && (
          <span className="joining-step__warning" role="img" aria-label={joiningWords('sectionHasProblems')}>
            <WarningIcon />
          </span>
        )}
        {state === 'done' && (
          <Button variant="link" size="sm" onClick={onEdit}>
            {joiningWords('edit')}
            <span className="visually-hidden"> {section.title}</span>
          </Button>
        )}
      </div>
      {state === 'open' && <div className="joining-step__body">{children}</div>}
      {state === 'done' && summary && <div className="joining-step__summary">{summary}</div>}
    </section>
  );
}
