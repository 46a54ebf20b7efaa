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
      'At checkout you are asked for your name and address again, under Billing details, even when you have just given them, and terms you accepted while choosing a membership are asked for again.',
    criteria: ['3.3.7 Redundant Entry'],
    issueItem: 5,
  },
  {
    summary:
      'Two error messages ("Enter your email address or customer ID." on forgotten password, and "Enter a town, city or centre name." in the centre finder) appear beside the field without moving focus or being announced, and the Continue and Pay buttons stay disabled until a form is complete, so keyboard users cannot reach them to find out what is missing.',
    criteria: ['3.3.1 Error Identification', '4.1.3 Status Messages'],
    issueItem: 7,
  },
  {
    summary:
      'Some page titles do not say where you are ("Centre", "Centre Details", and "Membership Options" through every joining step); a read-only date of birth and email look as if they can be changed; on a phone the menu, Log in and Forgotten password can open on top of each other; and an empty basket at checkout returns you to the home page without saying why.',
    criteria: ['2.4.2 Page Titled', '1.3.1 Info and Relationships', '3.2.2 On Input'],
    issueItem: 8,
  },
  {
    summary:
      'At a centre\'s kiosk, "Do you need more time?" and the automatic clear-and-log-out run only on the joining pages: after "Book an activity" or "My account" a kiosk customer is not asked and stays logged in until their session ends.',
    criteria: ['2.2.1 Timing Adjustable'],
    issueItem: 11,
  },
  {
    summary:
      'Some card payment problems are shown as a general message rather than saying what went wrong (for example when the card form cannot be checked), and some errors about a start date or billing day are not shown beside their field.',
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
