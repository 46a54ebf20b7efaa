import { ageOn, type CalendarDate } from '@lido/pricing/calendar-date';
import type { MembershipTypeDetails } from './memberships.repository.ts';

type Rule = NonNullable<MembershipTypeDetails['eligibility']>;

function ageRange(rule: Rule): string {
  if (rule.minAge !== null && rule.maxAge !== null) return `aged ${rule.minAge} to ${rule.maxAge}`;
  if (rule.minAge !== null) return `aged ${rule.minAge} and over`;
  return `aged ${rule.maxAge} and under`;
}

/**
 * Why a customer cannot buy a membership, or null when they can. Age rules are decided from the
 * date of birth on the operator's today; proof rules (a student card) are checked later by staff,
 * so they never block the purchase (the order confirmation asks for the proof).
 */
export function ineligibilityReason(
  rule: Rule | null,
  dateOfBirth: CalendarDate | null,
  today: CalendarDate,
): string | null {
  if (!rule || rule.kind !== 'age' || !dateOfBirth) return null;
  const age = ageOn(dateOfBirth, today);
  const tooYoung = rule.minAge !== null && age < rule.minAge;
  const tooOld = rule.maxAge !== null && age > rule.maxAge;
  return tooYoung || tooOld ? `This membership is for members ${ageRange(rule)}.` : null;
}
