import { describe, expect, it } from 'vitest';
import { brandPalette, contrastRatio, SITE_BACKGROUNDS } from '../../src/shared/brand.ts';

describe('brandPalette', () => {
  it("knows WCAG's contrast ratios", () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('keeps a colour that already passes, and darkens one that does not only as far as it must', () => {
    expect(brandPalette('#1D4ED8')).toMatchObject({ chosen: '#1d4ed8', primary: '#1d4ed8', adjusted: false });
    const yellow = brandPalette('#facc15');
    expect(yellow.adjusted).toBe(true);
    expect(contrastRatio(yellow.primary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // A step less dark would not pass: the shade is the nearest that does.
    expect(contrastRatio(yellow.primary, '#ffffff')).toBeLessThan(5);
  });

  // A sweep over the colour wheel and its lightness: every shade passes AA where it is drawn.
  const colours: string[] = [];
  for (let r = 0; r < 256; r += 51)
    for (let g = 0; g < 256; g += 51)
      for (let b = 0; b < 256; b += 51) {
        colours.push(`#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`);
      }
  it('over 216 colours, white on buttons, links and badges on both themes pass AA', () => {
    for (const colour of colours) {
      const p = brandPalette(colour);
      expect(contrastRatio(p.primary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(p.primaryHover, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      for (const background of [SITE_BACKGROUNDS.light.page, SITE_BACKGROUNDS.light.card, p.softLight]) {
        expect(contrastRatio(p.accentLight, background)).toBeGreaterThanOrEqual(4.5);
      }
      for (const background of [SITE_BACKGROUNDS.dark.page, SITE_BACKGROUNDS.dark.card, p.softDark]) {
        expect(contrastRatio(p.accentDark, background)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
