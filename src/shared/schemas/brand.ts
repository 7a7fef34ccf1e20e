import { z } from 'zod';
import { BRAND_COLOUR_PATTERN } from '../brand.ts';
import { safeString } from './common.ts';

/** A company's brand: what its site, course pages, certificates and mails are drawn with. */

export const BRAND_HERO_TEXT_MAX = 300;
export const BRAND_ASSETS = ['logo', 'hero'] as const;
export type BrandAsset = (typeof BRAND_ASSETS)[number];

export const ZBrandPalette = z.object({
  chosen: z.string(),
  primary: z.string(),
  primaryHover: z.string(),
  accentLight: z.string(),
  accentDark: z.string(),
  softLight: z.string(),
  softDark: z.string(),
  adjusted: z.boolean(),
});

export const ZBrandResponse = z.object({
  colour: z.string().nullable(),
  /** The shades drawn with, each passing AA where it is used; null without a colour. */
  palette: ZBrandPalette.nullable(),
  logoUrl: z.string().nullable(),
  heroImageUrl: z.string().nullable(),
  heroText: z.string().nullable(),
  /** As chosen; it applies only while the plan includes it (`whiteLabelIncluded`). */
  whiteLabel: z.boolean(),
  whiteLabelIncluded: z.boolean(),
});
export type TBrandResponse = z.infer<typeof ZBrandResponse>;

/** The brand's words and colour (the images have their own calls). Null or empty clears. */
export const ZBrandUpdate = z
  .object({
    colour: safeString('brand.colour')
      .trim()
      .toLowerCase()
      .refine((v) => v === '' || BRAND_COLOUR_PATTERN.test(v), { error: 'brand.colour' })
      .nullable(),
    heroText: safeString('brand.heroTooLong').trim().max(BRAND_HERO_TEXT_MAX, { error: 'brand.heroTooLong' }).nullable(),
    whiteLabel: z.boolean(),
  })
  .strict();
export type TBrandUpdate = z.infer<typeof ZBrandUpdate>;

export const ZBrandAssetParams = z.object({ asset: z.enum(BRAND_ASSETS, { error: 'brand.asset' }) });
