import {
  contrastRatio,
  focusBackgrounds,
  focusColours,
  focusMinimumContrast,
  houseFocusColour,
} from '@lido/contracts/theme-colours';
import { describe, expect, it } from 'vitest';
import { demoOperatorTheme, demoVenues } from '../src/db/seed/demo-operator.ts';
import { mergeThemes } from '../src/modules/theme/theme.service.ts';

type ThemeFields = Parameters<typeof mergeThemes>[0] & object;
const nothingSet = Object.fromEntries(
  Object.keys(demoOperatorTheme).map((key) => [key, null]),
) as ThemeFields;

/** Every theme the demo serves: the operator's, and each centre's laid over it as the server does. */
const demoThemes: [string, ThemeFields][] = [
  ['Brightwater Leisure', mergeThemes(demoOperatorTheme, undefined)],
  ...demoVenues
    .filter((venue) => venue.theme)
    .map((venue): [string, ThemeFields] => [
      venue.name,
      mergeThemes(demoOperatorTheme, { ...nothingSet, ...venue.theme }),
    ]),
];

/** Issue 34 item 2 (decision 0080): a focus ring shows in every region of every theme. */
describe('focus colours computed from each theme', () => {
  it('covers the operator and the centres with their own look', () => {
    expect(demoThemes.map(([name]) => name)).toEqual(
      expect.arrayContaining(['Brightwater Leisure', 'Clifton Lido & Spa', 'Meadowbank Sports Hub']),
    );
  });

  it.each(demoThemes)('reach 3:1 on every background of %s', (_name, theme) => {
    const backgrounds = { headerBackground: theme.headerBgColour!, darkBackground: theme.darkBgColour! };
    const colours = focusColours(backgrounds);
    for (const [region, behind] of Object.entries(focusBackgrounds(backgrounds)))
      for (const background of behind)
        expect(
          contrastRatio(colours[region as keyof typeof colours], background),
          `${region} ring on ${background}`,
        ).toBeGreaterThanOrEqual(focusMinimumContrast);
  });

  it('keep the house blue wherever it was enough, and change it where it was not', () => {
    const brightwater = focusColours({ headerBackground: '#1b1b2f', darkBackground: '#1b1b2f' });
    // 2.93:1 on the navy header before (the audit's figure): lightened just enough now.
    expect(contrastRatio(houseFocusColour, '#1b1b2f')).toBeLessThan(focusMinimumContrast);
    expect(brightwater.header).not.toBe(houseFocusColour);
    expect(brightwater.content).toBe(houseFocusColour);
  });
});
