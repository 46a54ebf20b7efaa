import { completeSection, type JoiningState, openSection } from './joining-store.ts';
import { useSectionProblems } from './section-problems.ts';
import {
  displayedSections,
  nextSection,
  type SectionContext,
  type SectionKey,
  sectionState,
} from './sections.ts';
import { joiningWords } from './words.ts';

/**
 * The joining page's numbered sections: which show (questions, Direct Debit and confirmation come
 * and go), which is open, each one's frame, and Continue (`proceed`), which submits after the last.
 */
export function useJoiningSections(state: JoiningState, context: SectionContext, submit: () => void) {
  const problems = useSectionProblems();
  const sections = displayedSections(context);
  const open: SectionKey = sections.some((section) => section.key === state.openSection)
    ? state.openSection
    : nextSection(state.openSection, context);

  const proceed = (key: SectionKey) => {
    const next = nextSection(key, context);
    if (next === 'checkout') {
      completeSection(key, key);
      submit();
    } else completeSection(key, next);
  };

  const frame = (key: SectionKey) => {
    const section = sections.find((candidate) => candidate.key === key);
    if (!section) return null;
    return {
      section,
      state: sectionState(key, open, state.edited),
      onEdit: () => openSection(key),
      hasProblems: problems.has(key),
    };
  };

  const shown = sections.find((section) => section.key === open);
  /** "Your details (step 3 of 7)": where the customer is, for the page title. */
  const stepTitle = shown
    ? joiningWords('stepTitle', { title: shown.title, step: shown.number, count: sections.length })
    : null;
  return { open, proceed, frame, stepTitle };
}
