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
    summary:
      'Some card payment problems are shown as a general message rather than saying what went wrong (for example when the card form cannot be checked), some errors about a start date or billing day are not shown beside their field, and a membership whose price cannot be worked out is reported as a general failure.',
    criteria: ['3.3.1 Error Identification', '3.3.3 Error Suggestion'],
    issueItem: 13,
  },
];

/** When this statement was first prepared, and when it was last checked against the site. */
export const statementDates = {
  prepared: '2026-11-23',
  lastReviewed: '2026-11-23',
  lastTested: '2026-11-23',
};
