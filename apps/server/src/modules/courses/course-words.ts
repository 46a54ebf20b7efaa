import { ageLimitText } from '@lido/pricing/booking-rules';
import { prettyDate } from '@lido/pricing/calendar-date';
import { billingDayText } from '@lido/pricing/membership-costs';
import { serverPricingWords } from '@lido/messages/server-words';

// The course's answers are English until the course pages come with their catalogue (issue 36).
const english = serverPricingWords('en');

/**
 * Every customer-facing word the courses module says, in one place (issue 36; these may move to the
 * message catalogues of issue 38).
 */
export const courseWords = {
  courseNotFound: 'That course isn’t on offer. It may have ended or been withdrawn.',

  dayText: (day: number): string =>
    ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'][day - 1]!,

  placesLeft: (left: number): string => (left <= 0 ? 'Full' : `${left} place${left === 1 ? '' : 's'} left`),

  ages: (min: number | null, max: number | null, on: string | null): string | null => {
    const ages = ageLimitText(min, max);
    if (ages === null) return null;
    return on === null ? ages : `${ages} on ${prettyDate(on)}`;
  },

  termPrice: (price: string, lessons: number): string =>
    `${price} a term (${lessons} lesson${lessons === 1 ? '' : 's'})`,
  monthlyPrice: (price: string): string => `${price} a month by Direct Debit`,

  lateJoiner: (price: string, left: number, total: number, fullTerm: boolean): string => {
    if (left === 0) return 'Every lesson of this term has started, so it can’t be joined now.';
    if (fullTerm) return `${price} for the whole term of ${total} lesson${total === 1 ? '' : 's'}`;
    return `${price} for the ${left} lesson${left === 1 ? '' : 's'} left of ${total}`;
  },

  monthlyFirstPayment: (
    toPay: string,
    firstLesson: string,
    monthly: string,
    billingDay: number,
    firstCollection: string,
  ): string =>
    `${toPay} now, from the first lesson on ${prettyDate(firstLesson)}; then ${monthly} by Direct Debit on the ${billingDayText(billingDay, english)}, from ${prettyDate(firstCollection)}`,

  // Enrolling through the basket (decision 0109).
  orderLineName: 'Course place',
  notYourFamily:
    'You can enrol yourself or someone in your family only: add them under My account → Family first.',
  dateOfBirthNeeded: (name: string): string =>
    `We need ${name}’s date of birth to check this course’s ages: add it under My account → Family.`,
  tooYoung: (name: string, age: number, ages: string): string =>
    `${name} is too young for this course: it is for ${ages.charAt(0).toLowerCase()}${ages.slice(1)}, and ${name} will be ${age}. Choose a course for ${name}’s age.`,
  tooOld: (name: string, age: number, ages: string): string =>
    `${name} is too old for this course: it is for ${ages.charAt(0).toLowerCase()}${ages.slice(1)}, and ${name} will be ${age}. Choose a course for ${name}’s age.`,
  courseFull: 'This class is full, so no place can be held. Try another class of the same level.',
  alreadyEnrolled: (name: string): string => `${name} already has a place on this course.`,
  alreadyInBasket: (name: string): string => `A place on this course for ${name} is already in your basket.`,
  monthlyNotYet:
    'Monthly lessons paid by Direct Debit can’t be enrolled online yet: please ask at the centre’s reception.',
  placeLost: (course: string): string =>
    `Your hold on a place in ${course} ran out and the class is now full, so the payment was cancelled and you have not been charged. Remove it from your basket to pay for the rest.`,
  lessonsLeftText: (left: number, total: number, from: string): string =>
    left === total
      ? `the whole term of ${total} lesson${total === 1 ? '' : 's'}, from ${prettyDate(from)}`
      : `${left} lesson${left === 1 ? '' : 's'} left of ${total}, from ${prettyDate(from)}`,
  lineDescription: (
    when: string,
    place: string,
    term: string | null,
    lessons: string,
    pupil: string,
  ): string => `${when}, ${place}${term ? `, ${term}` : ''}: ${lessons}. For ${pupil}`,
};
