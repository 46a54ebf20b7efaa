// The family feature's public surface (issue 18 item 4): My details' Family section, and the
// bookings site's "Who is this booking for?".
export { AttendeeChoice } from './attendee-choice.tsx';
export { FamilySection } from './family-section.tsx';
export { useFamilyMemberIds, useHasFamily } from './family-api.ts';
