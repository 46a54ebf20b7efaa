/**
 * Which concept of the OpenActive Activity List an activity is. The catalogue has no field for it
 * (decision 0035 proposes one), so the activity's key, name and category are matched against the
 * activities UK leisure centres run. Each id below was checked against the published list.
 */
export interface ActivityConcept {
  id: string;
  prefLabel: string;
}

const list = (uuid: string, prefLabel: string): ActivityConcept => ({
  id: `https://openactive.io/activity-list#${uuid}`,
  prefLabel,
});

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
  [/climb|boulder/, list('d09970bc-e11c-40cc-a594-38e4ff32d611', 'Climbing')],
  [/badminton/, list('c0360db0-a817-4bae-9167-40f89b49fc9e', 'Badminton')],
  [/squash/, list('b7845b8a-4c0c-4a8f-93d3-d41d62eec889', 'Squash')],
];

/** The concept for an activity, or undefined when none of the known activities matches. */
export function activityConcept(...names: (string | null | undefined)[]): ActivityConcept | undefined {
  const text = names.filter(Boolean).join(' ').toLowerCase();
  return concepts.find(([pattern]) => pattern.test(text))?.[1];
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
