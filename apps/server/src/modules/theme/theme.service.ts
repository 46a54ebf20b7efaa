import type { Theme } from '@lido/contracts/theme';
import type { Config } from '../../config.ts';
import { HttpError } from '../../http/errors.ts';
import { requireOperator, requireVenue } from '../operator/index.ts';
import type { ThemeRow } from '../operator/index.ts';
import type { OperatorReads } from '../catalogue/index.ts';

type ThemeFields = Omit<ThemeRow, 'id' | 'operatorId' | 'venueId'>;

function toWire(fields: ThemeFields): Theme {
  return {
    themeAppLogo: fields.logoUrl,
    themeAppPrimaryColour: fields.primaryColour,
    themeAppSecondaryColour1: fields.secondaryColour1,
    themeAppSecondaryColour2: fields.secondaryColour2,
    themeAppDarkBgColour: fields.darkBgColour,
    themeAppHeaderBgColour: fields.headerBgColour,
    headerPrimaryColour: fields.headerTextColour,
    themeAppBodyFontStyle: fields.bodyFont as Theme['themeAppBodyFontStyle'],
    themeAppHeadingFontStyle: fields.headingFont as Theme['themeAppHeadingFontStyle'],
    themeAppSecondaryButtonStyle: fields.secondaryButtonStyle as Theme['themeAppSecondaryButtonStyle'],
  };
}

const emptyTheme: ThemeFields = {
  logoUrl: null,
  primaryColour: null,
  secondaryColour1: null,
  secondaryColour2: null,
  darkBgColour: null,
  headerBgColour: null,
  headerTextColour: null,
  bodyFont: null,
  headingFont: null,
  secondaryButtonStyle: null,
};

/** A venue's theme is the operator's with the venue's non-null fields laid over it. */
export function mergeThemes(base: ThemeFields | undefined, override: ThemeFields | undefined): ThemeFields {
  const merged: ThemeFields = { ...emptyTheme, ...pickFields(base) };
  for (const [key, value] of Object.entries(pickFields(override)) as [keyof ThemeFields, string | null][]) {
    if (value !== null) merged[key] = value;
  }
  return merged;
}

function pickFields(row: ThemeFields | undefined): Partial<ThemeFields> {
  if (!row) return {};
  const fields: Partial<ThemeFields> = {};
  for (const key of Object.keys(emptyTheme) as (keyof ThemeFields)[]) fields[key] = row[key];
  return fields;
}

export function createThemeService(config: Pick<Config, 'maintenanceMode'>, repository: OperatorReads) {
  return {
    async theme(venueSlug: string | undefined): Promise<Theme> {
      if (config.maintenanceMode)
        throw new HttpError(503, 'Unable to access the site due to planned maintenance.');
      const operator = await requireOperator(repository);
      const venue = venueSlug ? await requireVenue(repository, operator.id, venueSlug) : undefined;
      const rows = await repository.themes(operator.id);
      const operatorTheme = rows.find((row) => row.venueId === null);
      const venueTheme = venue ? rows.find((row) => row.venueId === venue.id) : undefined;
      // The logo is named for whoever it belongs to: a venue's own logo shows the venue's name.
      const logoName = venue && venueTheme?.logoUrl ? venue.name : operator.name;
      return { ...toWire(mergeThemes(operatorTheme, venueTheme)), themeAppLogoName: logoName };
    },
  };
}
