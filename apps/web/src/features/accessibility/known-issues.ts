import { accessibilityWords } from './words.ts';

/**
 * What the accessibility statement says is not yet accessible: issue 21's open items, in words a
 * customer understands, each with the WCAG 2.2 success criteria it fails. Kept true by whoever
 * fixes an item: remove its entry (and move `lastReviewed`) in the same change.
 */
export interface KnownIssue {
  /** what a customer meets, plainly */
  summary: string;
  /** WCAG 2.2 success criteria not met */
  criteria: string[];
  /** the issue 21 item that fixes it */
  issueItem: number;
}

export const knownIssues: KnownIssue[] = [
  {
    // Looked up when read: a Welsh page's words arrive after this module loads.
    get summary() {
      return accessibilityWords('issueMembershipRefusal');
    },
    get criteria() {
      return [accessibilityWords('criterionErrorIdentification')];
    },
    issueItem: 13,
  },
];

/** When this statement was first prepared, and when it was last checked against the site. */
export const statementDates = {
  prepared: '2026-11-23',
  lastReviewed: '2026-11-23',
  lastTested: '2026-11-23',
};
