import { z } from 'zod';
import { hexColourSchema, slugSchema } from './common.ts';

export const themeFontKeys = ['garage_gothic', 'lato', 'open_sans', 'roboto'] as const;
export type ThemeFontKey = (typeof themeFontKeys)[number];
export const secondaryButtonStyles = ['solid', 'outline'] as const;

/** GET /api/frontend/theme: every key is present; null means "use the default" (the browser drops nulls). */
export const themeSchema = z.object({
  themeAppLogo: z.string().nullable(),
  themeAppPrimaryColour: hexColourSchema.nullable(),
  themeAppSecondaryColour1: hexColourSchema.nullable(),
  themeAppSecondaryColour2: hexColourSchema.nullable(),
  themeAppDarkBgColour: hexColourSchema.nullable(),
  themeAppHeaderBgColour: hexColourSchema.nullable(),
  headerPrimaryColour: hexColourSchema.nullable(),
  themeAppBodyFontStyle: z.enum(themeFontKeys).nullable(),
  themeAppHeadingFontStyle: z.enum(themeFontKeys).nullable(),
  themeAppSecondaryButtonStyle: z.enum(secondaryButtonStyles).nullable(),
  /**
   * Lido's addition: whose name the logo shows (the venue's for a venue's own logo, otherwise the
   * operator's), so the logo's accessible name says what it shows (WCAG 2.5.3, decision 0084). Null
   * or absent: the client's name.
   */
  themeAppLogoName: z.string().nullable().optional(),
});
export type Theme = z.infer<typeof themeSchema>;

export const themeQuerySchema = z.object({ venue: slugSchema.optional() });
