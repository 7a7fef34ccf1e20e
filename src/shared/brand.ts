/**
 * A company's brand colour, made safe to use: the shades its site, certificates and mails draw
 * with, each chosen so that what is written on or with it meets WCAG AA (4.5:1 for text). A colour
 * that already passes is used as it is; one that does not is darkened (on light backgrounds, or
 * under white text) or lightened (on dark backgrounds) in small steps until it passes.
 */

/** `#rrggbb`, lower case. */
export const BRAND_COLOUR_PATTERN = /^#[0-9a-f]{6}$/;
/** WCAG AA for normal text. */
export const AA_TEXT = 4.5;

type Rgb = [number, number, number];

function parse(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function format([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG's relative luminance. */
function luminance(hex: string): number {
  const [r, g, b] = parse(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `colour` mixed towards `toward` by `amount` (0 to 1). */
function mix(colour: string, toward: string, amount: number): string {
  const from = parse(colour);
  const to = parse(toward);
  return format(from.map((c, i) => c + (to[i]! - c) * amount) as Rgb);
}

/**
 * The nearest shade of `colour`, towards black or white, that has at least `ratio` against every
 * one of `backgrounds` (the colour itself when it already has).
 */
export function shadeFor(colour: string, backgrounds: string[], ratio = AA_TEXT, toward: 'darker' | 'lighter' = 'darker'): string {
  const end = toward === 'darker' ? '#000000' : '#ffffff';
  const passes = (shade: string) => backgrounds.every((background) => contrastRatio(shade, background) >= ratio);
  for (let step = 0; step <= 100; step++) {
    const shade = mix(colour, end, step / 100);
    if (passes(shade)) return shade;
  }
  return end;
}

/** The backgrounds brand colours sit on: the site's own, light and dark, as in its stylesheet. */
export const SITE_BACKGROUNDS = {
  light: { page: '#f8fafc', card: '#ffffff' },
  dark: { page: '#0b1020', card: '#111831' },
} as const;

export interface BrandPalette {
  /** The colour as chosen. */
  chosen: string;
  /** Buttons: white text on it passes AA. */
  primary: string;
  /** A button under the pointer: a step darker. */
  primaryHover: string;
  /** Links and badges on the light theme's page and cards. */
  accentLight: string;
  /** Links and badges on the dark theme's page and cards. */
  accentDark: string;
  /** A badge's background on the light theme (its text, accentLight, passes on it). */
  softLight: string;
  /** A badge's background on the dark theme (its text, accentDark, passes on it). */
  softDark: string;
  /** Whether the colour as chosen failed AA under white text, so a darker shade is used for buttons. */
  adjusted: boolean;
}

/** The shades a brand colour is drawn with (see the module's comment). */
export function brandPalette(chosen: string): BrandPalette {
  const colour = chosen.toLowerCase();
  const primary = shadeFor(colour, ['#ffffff']);
  const softLight = mix(colour, '#ffffff', 0.88);
  const softDark = mix(colour, SITE_BACKGROUNDS.dark.page, 0.8);
  const light = [SITE_BACKGROUNDS.light.page, SITE_BACKGROUNDS.light.card, softLight];
  const dark = [SITE_BACKGROUNDS.dark.page, SITE_BACKGROUNDS.dark.card, softDark];
  return {
    chosen: colour,
    primary,
    primaryHover: mix(primary, '#000000', 0.12),
    accentLight: shadeFor(colour, light),
    accentDark: shadeFor(colour, dark, AA_TEXT, 'lighter'),
    softLight,
    softDark,
    adjusted: primary !== colour,
  };
}
