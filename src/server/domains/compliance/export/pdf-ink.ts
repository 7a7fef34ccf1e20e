import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';

/**
 * A thin layer under pdf-lib for pages with thousands of cells. pdf-lib's drawText builds a dozen
 * operator objects per call and keeps them all until the document is saved: a 20,000-line report
 * (some 200,000 cells) took half a gigabyte and half a minute that way, against 50 MB and a few
 * seconds here. Here a page's drawing is written as PDF content-stream text, compressed when the
 * page is done and kept only as bytes, and glyph codes and widths are looked up once per character.
 */

export type Rgb = readonly [number, number, number];

/**
 * A font's glyph codes (as hex) and widths, looked up once per character, and its kerning once per
 * pair of characters: widths come out exactly as pdf-lib's widthOfTextAtSize measures them (which
 * the shared `wrap` uses), at a fraction of the cost.
 */
export class Glyphs {
  readonly font: PDFFont;
  private readonly chars = new Map<string, { hex: string; width: number }>();
  private readonly kerning = new Map<string, number>();

  constructor(font: PDFFont) {
    this.font = font;
  }

  private glyph(char: string): { hex: string; width: number } {
    let glyph = this.chars.get(char);
    if (!glyph) {
      glyph = { hex: this.font.encodeText(char).toString().slice(1, -1), width: this.font.widthOfTextAtSize(char, 1) };
      this.chars.set(char, glyph);
    }
    return glyph;
  }

  private kern(left: string, right: string): number {
    const pair = left + right;
    let kern = this.kerning.get(pair);
    if (kern === undefined) {
      kern = this.font.widthOfTextAtSize(pair, 1) - this.glyph(left).width - this.glyph(right).width;
      this.kerning.set(pair, kern);
    }
    return kern;
  }

  /** The width of drawable text at `size` points. */
  width(text: string, size: number): number {
    let width = 0;
    let previous = '';
    for (const char of text) {
      width += this.glyph(char).width + (previous ? this.kern(previous, char) : 0);
      previous = char;
    }
    return width * size;
  }

  hex(text: string): string {
    let hex = '';
    for (const char of text) hex += this.glyph(char).hex;
    return hex;
  }
}

const n = (value: number) => (Math.round(value * 100) / 100).toString();
const colour = ([r, g, b]: Rgb) => `${n(r)} ${n(g)} ${n(b)}`;

/** One page's drawing, written as content-stream text and added to the page when done. */
export class Ink {
  private readonly parts: string[] = ['q'];
  private readonly fontNames = new Map<Glyphs, string>();
  private readonly document: PDFDocument;
  private readonly page: PDFPage;

  constructor(document: PDFDocument, page: PDFPage) {
    this.document = document;
    this.page = page;
  }

  private fontName(glyphs: Glyphs): string {
    let name = this.fontNames.get(glyphs);
    if (!name) {
      name = this.page.node.newFontDictionary(glyphs.font.name, glyphs.font.ref).toString();
      this.fontNames.set(glyphs, name);
    }
    return name;
  }

  /** Text (already drawable in the font) with its baseline starting at x, y. */
  text(glyphs: Glyphs, size: number, x: number, y: number, text: string, fill: Rgb): void {
    if (!text) return;
    this.parts.push(`BT ${colour(fill)} rg ${this.fontName(glyphs)} ${n(size)} Tf 1 0 0 1 ${n(x)} ${n(y)} Tm <${glyphs.hex(text)}> Tj ET`);
  }

  rect(x: number, y: number, width: number, height: number, fill: Rgb): void {
    this.parts.push(`${colour(fill)} rg ${n(x)} ${n(y)} ${n(width)} ${n(height)} re f`);
  }

  line(x1: number, y1: number, x2: number, y2: number, thickness: number, stroke: Rgb): void {
    this.parts.push(`${colour(stroke)} RG ${n(thickness)} w ${n(x1)} ${n(y1)} m ${n(x2)} ${n(y2)} l S`);
  }

  /** Compresses the drawing into a stream of the page; the text is dropped. */
  finish(): void {
    this.parts.push('Q');
    const { context } = this.document;
    this.page.node.addContentStream(context.register(context.flateStream(this.parts.join('\n'))));
    this.parts.length = 0;
  }
}
