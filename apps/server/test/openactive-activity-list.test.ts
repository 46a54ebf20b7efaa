import { describe, expect, it } from 'vitest';
import { activityConcept, ukNation } from '../src/modules/openactive/activity-list.ts';

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
  ])('%s is %s', (key, name, category, label) => {
    expect(activityConcept(key, name, category)?.prefLabel).toBe(label);
  });

  it('names concepts by the list’s own ids, and none for an activity it does not know', () => {
    expect(activityConcept('badminton')?.id).toBe(
      'https://openactive.io/activity-list#c0360db0-a817-4bae-9167-40f89b49fc9e',
    );
    expect(activityConcept('birthday-party', 'Birthday party', 'Parties')).toBeUndefined();
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
