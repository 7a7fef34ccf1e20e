import { wrap } from '../../../pdf/text.ts';
import type { Glyphs } from './pdf-ink.ts';

const ELLIPSIS = '…';

/** `text` cut to fit `width`, ending in an ellipsis when anything was cut. */
export function ellipsize(text: string, glyphs: Glyphs, size: number, width: number): string {
  if (glyphs.width(text, size) <= width) return text;
  const chars = [...text];
  // Binary search on the number of characters kept: a long address or title is cut in a handful
  // of measurements rather than one per character.
  let [low, high] = [0, chars.length];
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (glyphs.width(chars.slice(0, middle).join('').trimEnd() + ELLIPSIS, size) <= width) low = middle;
    else high = middle - 1;
  }
  return chars.slice(0, low).join('').trimEnd() + ELLIPSIS;
}

/** A line wider than `width` (one long word: an e-mail address) broken between characters. */
function breakLong(line: string, glyphs: Glyphs, size: number, width: number): string[] {
  // A hair of tolerance: wrap measured this line with pdf-lib, whose sums may round differently.
  if (glyphs.width(line, size) <= width + 0.01) return [line];
  const pieces: string[] = [];
  let piece = '';
  let pieceWidth = 0;
  for (const char of line) {
    const charWidth = glyphs.width(char, size);
    if (piece && pieceWidth + charWidth > width) {
      pieces.push(piece);
      [piece, pieceWidth] = ['', 0];
    }
    piece += char;
    pieceWidth += charWidth;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/**
 * `text` (already drawable) laid out in at most `maxLines` lines no wider than `width`: wrapped at
 * spaces, a word too long for the column broken, and what does not fit cut with an ellipsis, so a
 * long title never runs into the next column.
 */
export function fitLines(text: string, glyphs: Glyphs, size: number, width: number, maxLines: number): string[] {
  const trimmed = text.trim();
  if (!trimmed) return [];
  if (glyphs.width(trimmed, size) <= width) return [trimmed];
  const lines = wrap(trimmed, glyphs.font, size, width).flatMap((line) => breakLong(line, glyphs, size, width));
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  // The last line kept shows that more followed, even when it would have fitted as it is.
  kept[maxLines - 1] = ellipsize(`${kept[maxLines - 1]!}${ELLIPSIS}`, glyphs, size, width);
  return kept;
}
