import type { PDFFont } from 'pdf-lib';

/** Lays words out into lines no wider than `width` (a word wider than the line gets a line of its own). */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/** Letters outside WinAnsi with no accent to drop, and their nearest Latin letter. */
const NEAREST: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŧ: 'T', ŧ: 't', ĸ: 'k', Ŀ: 'L', ŀ: 'l' };

/**
 * The standard fonts speak WinAnsi only (æ, ø, å and western European letters), and pdf-lib throws
 * on anything else. What a user typed (a name, a course title) is made drawable: a letter the
 * font lacks loses its accent (ă → a, ș → s) or becomes its nearest letter (ł → l), and anything
 * else (another script, an emoji) becomes '?'. Whitespace of any kind is one space.
 */
export function drawableText(font: PDFFont): (text: string) => string {
  const supported = new Set(font.getCharacterSet());
  const drawable = (s: string) => [...s].every((c) => supported.has(c.codePointAt(0)!));
  return (text) =>
    [...text.normalize('NFC').replace(/\s+/g, ' ')]
      .map((c) => {
        if (drawable(c)) return c;
        const base = NEAREST[c] ?? c.normalize('NFKD').replace(/\p{M}/gu, '');
        return base && drawable(base) ? base : '?';
      })
      .join('');
}
