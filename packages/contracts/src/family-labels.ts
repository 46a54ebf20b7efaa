/**
 * Who a dependant is to the account holder (issue 18 item 4, decision 0051), with the words shown
 * for each. Free of zod, so the joining page's attendee choice can import them without loading the
 * schema library (issue 20 item 5).
 */
export const relationships = ['child', 'partner', 'other'] as const;
export type Relationship = (typeof relationships)[number];
export const relationshipLabels: Record<Relationship, string> = {
  child: 'Child',
  partner: 'Partner',
  other: 'Other family member',
};
