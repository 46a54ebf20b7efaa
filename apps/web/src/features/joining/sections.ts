import { joiningWords } from './words.ts';

/** The joining page's sections (joining spec, sections 2 and 4), in their order. */
export const sectionKeys = [
  'centre',
  'membership',
  'details',
  'additional',
  'dates',
  'directDebit',
  'confirmation',
  'checkout',
] as const;
export type SectionKey = (typeof sectionKeys)[number];

/** Each section's title's message (namespace "joining"). */
const sectionTitleKeys: Record<SectionKey, string> = {
  centre: 'chooseHomeCentre',
  membership: 'sectionMembership',
  details: 'sectionDetails',
  additional: 'sectionAdditional',
  dates: 'sectionDates',
  directDebit: 'sectionDirectDebit',
  confirmation: 'sectionConfirmation',
  checkout: 'sectionCheckout',
};

/** A section's title, looked up when shown (a Welsh page's words arrive after this module loads). */
export function sectionTitle(key: SectionKey): string {
  return joiningWords(sectionTitleKeys[key]);
}

/** The analytics progress step of each section (joining spec, section 4). */
export const progressSteps: Partial<Record<SectionKey, number>> = {
  centre: 1,
  membership: 2,
  details: 3,
  additional: 4,
  dates: 5,
  directDebit: 6,
  confirmation: 7,
};

export interface SectionContext {
  /** The chosen membership asks additional questions. */
  hasQuestions: boolean;
  /** The chosen payment option is monthly (recurring). */
  recurring: boolean;
  /** The customer already pays by Direct Debit. */
  hasInstruction: boolean;
}

export interface DisplayedSection {
  key: SectionKey;
  number: number;
  title: string;
}

/** Sections not displayed are dropped; the rest keep their order and are numbered from 1. */
export function displayedSections(context: SectionContext): DisplayedSection[] {
  const shown = (key: SectionKey): boolean => {
    if (key === 'additional') return context.hasQuestions;
    if (key === 'directDebit' || key === 'confirmation') return context.recurring && !context.hasInstruction;
    return true;
  };
  return sectionKeys
    .filter(shown)
    .map((key, index) => ({ key, number: index + 1, title: sectionTitle(key) }));
}

/** The displayed section after `current`; the checkout step when there is none. */
export function nextSection(current: SectionKey, context: SectionContext): SectionKey {
  // By position in the full order, so a section that has just dropped out (Additional details once
  // the membership turns out to ask nothing) still leads on, not back to the first section.
  const position = sectionKeys.indexOf(current);
  return (
    displayedSections(context).find((section) => sectionKeys.indexOf(section.key) > position)?.key ??
    'checkout'
  );
}

export type SectionState = 'open' | 'done' | 'locked';

/** Open is the one open section; done ones were edited (they show Edit); the rest are greyed. */
export function sectionState(key: SectionKey, open: SectionKey, edited: readonly SectionKey[]): SectionState {
  if (key === open) return 'open';
  return edited.includes(key) ? 'done' : 'locked';
}
