import { expect, test } from './fixtures.ts';
import { usePreferences } from './ui-helpers.ts';

/**
 * The front page's fact tiles broke words awkwardly ('CVR-/verificeret'). Every word of
 * a tile's value now stays whole on one line, nothing overflows its tile, and the tiles hyphenate
 * (`hyphens: auto`) in the page's language should a translation ever need it. The tiles
 * are the stats block's figures (#stats-section).
 */
for (const language of ['da', 'en'] as const) {
  for (const width of [320, 360, 1024, 1280]) {
    test(`fact tiles keep their words whole at ${width} px (${language})`, async ({ page }) => {
      await usePreferences(page, { language });
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      const tiles = page.locator('#stats-section [data-testid^="stat-"]');
      await expect(tiles).toHaveCount(4);
      await tiles.first().scrollIntoViewIfNeeded();

      const report = await tiles.evaluateAll((elements) =>
        elements.map((tile) => {
          const value = tile.querySelector('dd') as HTMLElement;
          const label = tile.querySelector('dt') as HTMLElement;
          // A word is split when its characters lie on more than one line.
          const splitWords: string[] = [];
          for (const element of [label, value]) {
            const text = element.firstChild;
            if (!text || text.nodeType !== Node.TEXT_NODE) continue;
            for (const match of (text.textContent ?? '').matchAll(/\S+/g)) {
              const range = document.createRange();
              range.setStart(text, match.index);
              range.setEnd(text, match.index + match[0].length);
              const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
              if (lines.size > 1) splitWords.push(match[0]);
            }
          }
          return {
            value: value.textContent,
            splitWords,
            overflows: value.scrollWidth > value.clientWidth || label.scrollWidth > label.clientWidth,
            hyphens: getComputedStyle(value).hyphens,
            lang: value.closest('[lang]')?.getAttribute('lang'),
          };
        }),
      );
      expect(
        report.flatMap((tile) => tile.splitWords),
        'words split across lines',
      ).toEqual([]);
      expect(
        report.filter((tile) => tile.overflows).map((tile) => tile.value),
        'tiles overflowing',
      ).toEqual([]);
      for (const tile of report) {
        expect(tile.hyphens).toBe('auto');
        expect(tile.lang).toBe(language);
      }
    });
  }
}
