/**
 * Which concepts of OpenActive's controlled vocabularies an activity is: the Activity List for what
 * is done, the Facility Type List for where (a FacilityUse's `facilityType`). The catalogue may name
 * the activity concept itself (decision 0035); otherwise the activity's key, name and category are
 * matched against the activities UK leisure centres run. Each id below is the published list's own
 * (decision 0079 says where they were checked).
 */
export interface ActivityConcept {
  id: string;
  prefLabel: string;
}

/** What the matchers read: the activity's own words, and its catalogue category's name. */
export interface ActivityWords {
  key?: string | null;
  name?: string | null;
  category?: string | null;
}

const list = (uuid: string, prefLabel: string): ActivityConcept => ({
  id: `https://openactive.io/activity-list#${uuid}`,
  prefLabel,
});

const squash = list('b7845b8a-4c0c-4a8f-93d3-d41d62eec889', 'Squash');
const badminton = list('c0360db0-a817-4bae-9167-40f89b49fc9e', 'Badminton');
const climbing = list('d09970bc-e11c-40cc-a594-38e4ff32d611', 'Climbing');

// First match wins, so the narrower concepts come before the broader ones they contain.
const concepts: [RegExp, ActivityConcept][] = [
  [
    /swim\w*[\s_-]*(lesson|school|learn)|learn[\s_-]*to[\s_-]*swim/,
    list('dfaf6bb4-d2fe-4db5-a271-4ceeaaaf55b9', 'Swimming Lessons'),
  ],
  [/aqua/, list('6e31262b-ce37-4fc7-b3e3-d827ac5e8b42', 'Aqua Aerobics')],
  [/swim|pool/, list('2750229d-b725-4171-9276-376be913957c', 'Swimming')],
  [/spin|cycl/, list('14eff16c-6da8-4f3e-9a85-37a8e7d3062d', 'Spinning')],
  [/yoga/, list('bf1a5e00-cdcf-465d-8c5a-6f57040b7f7e', 'Yoga')],
  [/hiit|interval/, list('21b6faae-c7cd-431f-9f2f-7d151e82de33', 'HIIT')],
  [/climb|boulder/, climbing],
  [/squash/, squash],
  [/badminton/, badminton],
];

/**
 * The first match in the activity's own words (key and name together, so "swim-lessons" is Swimming
 * Lessons, not Swimming), and only then in its category's name: a category such as "Badminton and
 * squash courts" names more than one activity, and must never decide for a squash court.
 */
function firstMatch<T>(table: [RegExp, T][], words: ActivityWords): T | undefined {
  const texts = [[words.key, words.name], [words.category]].map((parts) =>
    parts.filter(Boolean).join(' ').toLowerCase(),
  );
  for (const text of texts) {
    const found = table.find(([pattern]) => text && pattern.test(text));
    if (found) return found[1];
  }
  return undefined;
}

/** The Activity List concept for an activity, or undefined when none of the known activities matches. */
export const activityConcept = (words: ActivityWords): ActivityConcept | undefined =>
  firstMatch(concepts, words);

export const facilityTypeScheme = 'https://openactive.io/facility-types';

interface FacilityTypeEntry extends ActivityConcept {
  /** the Activity List concepts the Facility Type List links to this type */
  activities: string[];
}

const facility = (
  uuid: string,
  prefLabel: string,
  activities: ActivityConcept[] = [],
): FacilityTypeEntry => ({
  id: `${facilityTypeScheme}#${uuid}`,
  prefLabel,
  activities: activities.map((concept) => concept.id),
});

// Narrower before broader again: a "sports hall badminton court" is a Badminton Court.
const facilityTypes: [RegExp, FacilityTypeEntry][] = [
  [/squash/, facility('a1f82b7a-1258-4d9a-8dc5-bfc2ae961651', 'Squash Court', [squash])],
  [/badminton/, facility('9db5681e-700e-4b30-99a5-355885d94db2', 'Badminton Court', [badminton])],
  [/padel/, facility('7a13f426-d2bc-4464-8a9b-18b30569b263', 'Padel Tennis Court')],
  [/table[\s_-]*tennis/, facility('5b5e33b7-dc1f-44ba-8122-2c051a533959', 'Table Tennis Table')],
  [/tennis/, facility('becfafc0-c63f-444c-aed5-a3665f2d172d', 'Tennis Court')],
  [/pickleball/, facility('cf44873e-855b-478b-94c3-01aa3bd4609f', 'Pickleball Court')],
  [/netball/, facility('098aca40-72fd-4dc3-9479-b98a319ead86', 'Netball Court')],
  [/basketball/, facility('f4a323ed-d2d3-4bcd-be07-cd9cd0b25e5b', 'Basketball Court')],
  [/volleyball/, facility('6a081b26-e16e-4c1d-a4d6-d65a370bced6', 'Volleyball Court')],
  [/climb|boulder/, facility('3e8b34e0-7510-4a97-aa3d-38797da2c02b', 'Climbing Wall', [climbing])],
  [/spin/, facility('0c8731e0-2a4e-47b1-8908-71b96f85ebb3', 'Spin Studio')],
  [/dance/, facility('2f7f901d-bc7c-4757-8f27-f8a5eece0cd1', 'Dance Studio')],
  [/sports?[\s_-]*hall/, facility('da364f9b-8bb2-490e-9e2f-1068790b9e35', 'Sports Hall')],
];

/**
 * The Facility Type List concept for a bookable facility: the type the list links to the activity's
 * concept when there is one (a catalogue's Squash is a Squash Court), else by the same word matching.
 */
export function facilityTypeConcept(
  words: ActivityWords,
  activity: ActivityConcept | undefined,
): ActivityConcept | undefined {
  const linked = activity && facilityTypes.find(([, type]) => type.activities.includes(activity.id));
  const type = linked?.[1] ?? firstMatch(facilityTypes, words);
  return type && { id: type.id, prefLabel: type.prefLabel };
}

// Postcode areas wholly or mostly in Scotland, Wales and Northern Ireland; every other is England.
const scotland = new Set([
  'AB',
  'DD',
  'DG',
  'EH',
  'FK',
  'G',
  'HS',
  'IV',
  'KA',
  'KW',
  'KY',
  'ML',
  'PA',
  'PH',
  'TD',
  'ZE',
]);
const wales = new Set(['CF', 'LD', 'LL', 'NP', 'SA']);

/**
 * The nation a UK postcode is in, for OpenActive's required `addressRegion` (the venues hold no
 * county). Border areas (TD, SY, CH) go to the nation most of the area is in.
 */
export function ukNation(postcode: string): string {
  const area = /^[A-Za-z]{1,2}/.exec(postcode.trim())?.[0]?.toUpperCase() ?? '';
  if (area === 'BT') return 'Northern Ireland';
  if (scotland.has(area)) return 'Scotland';
  if (wales.has(area)) return 'Wales';
  return 'England';
}
