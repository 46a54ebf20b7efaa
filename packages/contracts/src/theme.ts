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
});
export type Theme = z.infer<typeof themeSchema>;

export const themeQuerySchema = z.object({ venue: slugSchema.optional() });
