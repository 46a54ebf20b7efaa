/**
 * The benefits module's door (issue 32 item 3, decision 0081): what other modules and the
 * composition root may use. Everything else in this folder is private to it.
 */
export {
  appliedBenefits,
  type AttendeeBenefit,
  benefitsOfAttendee,
  returnBenefitUse,
  spendBenefitUses,
} from './benefit-uses.repository.ts';
export {
  type BenefitCandidate,
  benefitCandidates,
  coverLine,
  spendWholeBenefit,
} from './benefits-at-booking.ts';
export {
  membershipCredit,
  type MembershipCreditInput,
  type MembershipCreditShare,
} from './membership-credit.ts';
