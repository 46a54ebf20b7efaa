import { describe, expect, it } from 'vitest';
import { activityConcept, facilityTypeConcept, ukNation } from '../src/modules/openactive/activity-list.ts';

describe('OpenActive Activity List concepts for the catalogue', () => {
  it.each([
    ['public-swim', 'Public swim', 'Swimming', 'Swimming'],
    ['lane-swim', 'Lane swim', 'Swimming', 'Swimming'],
    ['swim-lessons-stage-2', 'Swimming lessons: stage 2', 'Lessons', 'Swimming Lessons'],
    ['aqua-fit', 'Aqua fit', 'Fitness classes', 'Aqua Aerobics'],
    ['spin', 'Spin', 'Fitness classes', 'Spinning'],
    ['indoor-cycling', 'Indoor cycling', null, 'Spinning'],
    ['yoga', 'Vinyasa yoga', 'Mind and body', 'Yoga'],
    ['hiit', 'HIIT', 'Fitness classes', 'HIIT'],
    ['climbing-taster', 'Climbing taster', 'Climbing', 'Climbing'],
    ['badminton', 'Badminton court', 'Courts', 'Badminton'],
    ['squash', 'Squash court', 'Courts', 'Squash'],
    // The demo's category names both: the activity's own words decide (issue 34 item 9).
    ['squash', 'Squash court', 'Badminton and squash courts', 'Squash'],
    ['badminton', 'Badminton court', 'Badminton and squash courts', 'Badminton'],
    ['court-hire', 'Court hire', 'Squash courts', 'Squash'],
  ])('%s is %s', (key, name, category, label) => {
    expect(activityConcept({ key, name, category })?.prefLabel).toBe(label);
  });

  it('names concepts by the list’s own ids, and none for an activity it does not know', () => {
    expect(activityConcept({ key: 'badminton' })?.id).toBe(
      'https://openactive.io/activity-list#c0360db0-a817-4bae-9167-40f89b49fc9e',
    );
    expect(activityConcept({ key: 'squash', category: 'Badminton and squash courts' })?.id).toBe(
      'https://openactive.io/activity-list#b7845b8a-4c0c-4a8f-93d3-d41d62eec889',
    );
    expect(
      activityConcept({ key: 'birthday-party', name: 'Birthday party', category: 'Parties' }),
    ).toBeUndefined();
  });
});

describe('OpenActive Facility Type List concepts for bookable facilities', () => {
  const squashCourt = {
    id: 'https://openactive.io/facility-types#a1f82b7a-1258-4d9a-8dc5-bfc2ae961651',
    prefLabel: 'Squash Court',
  };
  const badmintonCourt = {
    id: 'https://openactive.io/facility-types#9db5681e-700e-4b30-99a5-355885d94db2',
    prefLabel: 'Badminton Court',
  };

  it('finds the type by the activity’s own words before its category', () => {
    const category = 'Badminton and squash courts';
    expect(facilityTypeConcept({ key: 'squash', name: 'Squash court', category }, undefined)).toEqual(
      squashCourt,
    );
    expect(facilityTypeConcept({ key: 'badminton', name: 'Badminton court', category }, undefined)).toEqual(
      badmintonCourt,
    );
    expect(facilityTypeConcept({ name: 'Tennis court' }, undefined)?.prefLabel).toBe('Tennis Court');
    expect(facilityTypeConcept({ name: 'Table tennis' }, undefined)?.prefLabel).toBe('Table Tennis Table');
  });

  it('takes the type the list links to the activity’s concept, whatever the activity is called', () => {
    const squash = activityConcept({ key: 'squash' });
    expect(facilityTypeConcept({ key: 'court-a', name: 'Court A' }, squash)).toEqual(squashCourt);
  });

  it('names no type for a facility the list does not have', () => {
    expect(facilityTypeConcept({ key: 'sauna', name: 'Sauna', category: 'Spa' }, undefined)).toBeUndefined();
  });
});

describe('the UK nation of a postcode (addressRegion)', () => {
  it.each([
    ['M3 4NB', 'England'],
    ['EH7 6AE', 'Scotland'],
    ['G3 8AG', 'Scotland'],
    ['CF23 5PG', 'Wales'],
    ['BT1 5GS', 'Northern Ireland'],
    ['sw2 1qe', 'England'],
  ])('%s is in %s', (postcode, nation) => {
    expect(ukNation(postcode)).toBe(nation);
  });
});
