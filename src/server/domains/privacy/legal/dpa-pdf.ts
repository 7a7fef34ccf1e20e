import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { loadPdfLib } from '../../../pdf/lib.ts';
import { drawableText, wrap } from '../../../pdf/text.ts';

export type DpaLanguage = 'da' | 'en';

/**
 * The agreement's text is the public page's (src/client/locales/{da,en}/page-dpa.json), read from
 * the source tree the server is built from: one text for the page and the PDF, so they never
 * differ. This file sits five folders below the project's root in src/ and in dist/ alike.
 */
const LOCALES = path.resolve(import.meta.dirname, '..', '..', '..', '..', '..', 'src', 'client', 'locales');

type Tree = { [key: string]: string | Tree };
interface DpaText {
  title: string;
  lead: string;
  sections: Record<string, Tree>;
  pdf: Record<
    'parties' | 'controller' | 'processor' | 'cvr' | 'signatures' | 'forController' | 'forProcessor' | 'dateAndSignature' | 'made' | 'page',
    string
  >;
}

const texts = new Map<DpaLanguage, Promise<DpaText>>();
function textOf(language: DpaLanguage): Promise<DpaText> {
  let text = texts.get(language);
  if (!text) {
    text = readFile(path.join(LOCALES, language, 'page-dpa.json'), 'utf8').then((json) => JSON.parse(json) as DpaText);
    // A failed read is tried again by the next download rather than kept.
    text.catch(() => texts.delete(language));
    texts.set(language, text);
  }
  return text;
}

/** The party a PDF names: a company's name, CVR number and address (any may be missing for the operator). */
export interface DpaParty {
  name: string;
  cvr: string | null;
  address: string | null;
}

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
/** `[label](href)` links read as their label: a printed page has nothing to click. */
const unlink = (text: string) => text.replace(/\[([^\]]+)\]\([^)\s]+\)/g, '$1');

const [WIDTH, HEIGHT] = [595.28, 841.89]; // A4, portrait
const MARGIN = 56;

/** Writes top to bottom, starting a new page when the next line does not fit. */
class Writer {
  page: PDFPage;
  private y = HEIGHT - MARGIN;
  constructor(
    private readonly doc: PDFDocument,
    private readonly safe: (text: string) => string,
  ) {
    this.page = doc.addPage([WIDTH, HEIGHT]);
  }

  text(value: string, font: PDFFont, size: number, options: { indent?: number; before?: number; after?: number; bullet?: boolean } = {}) {
    const indent = (options.indent ?? 0) + (options.bullet ? 12 : 0);
    const lines = wrap(this.safe(unlink(value)), font, size, WIDTH - 2 * MARGIN - indent);
    const lead = size * 1.4;
    this.y -= options.before ?? 0;
    // A heading is not left alone at the foot of a page.
    if (this.y - lead * Math.min(lines.length + (size > 11 ? 2 : 0), 3) < MARGIN) this.newPage();
    for (const [i, line] of lines.entries()) {
      if (this.y - lead < MARGIN) this.newPage();
      this.y -= lead;
      if (options.bullet && i === 0) this.page.drawText('•', { x: MARGIN + indent - 12, y: this.y, size, font });
      this.page.drawText(line, { x: MARGIN + indent, y: this.y, size, font });
    }
    this.y -= options.after ?? 0;
  }

  rule(width: number) {
    this.y -= 28;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + width, y: this.y }, thickness: 0.6 });
    this.y -= 2;
  }

  newPage() {
    this.page = this.doc.addPage([WIDTH, HEIGHT]);
    this.y = HEIGHT - MARGIN;
  }
}

/**
 * The data processing agreement as an A4 PDF in the admin's language, with the company filled in
 * as the controller and the installation's operator as the processor, the page's sections in
 * order, and lines for both parties to sign. Standard fonts (WinAnsi: æ, ø, å).
 */
export async function renderDpaPdf(input: {
  language: DpaLanguage;
  controller: DpaParty;
  processor: DpaParty;
  publicUrl: string;
  now: Date;
}): Promise<Uint8Array> {
  const text = await textOf(input.language);
  const { PDFDocument, StandardFonts } = await loadPdfLib();
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const safe = drawableText(regular);
  doc.setTitle(safe(`${text.title} – ${input.controller.name}`));
  doc.setAuthor(safe(input.processor.name));
  doc.setSubject(safe(text.title));
  doc.setCreator('Kursa');
  doc.setProducer('Kursa');
  doc.setLanguage(input.language === 'da' ? 'da-DK' : 'en-GB');

  const out = new Writer(doc, safe);
  out.text(text.title, bold, 22, { after: 10 });
  out.text(text.lead, regular, 11, { after: 10 });
  out.text(text.pdf.parties, bold, 13, { after: 4 });
  for (const [role, party] of [
    [text.pdf.controller, input.controller],
    [text.pdf.processor, input.processor],
  ] as const) {
    out.text(role, bold, 11, { before: 4 });
    out.text(party.name, regular, 11);
    if (party.cvr) out.text(`${text.pdf.cvr} ${party.cvr}`, regular, 11);
    if (party.address) out.text(party.address, regular, 11);
  }
  for (const section of Object.values(text.sections)) {
    out.text(String(section.title), bold, 13, { before: 14, after: 4 });
    for (const [key, block] of Object.entries(section)) {
      if (key === 'title') continue;
      if (typeof block === 'string')
        out.text(block, key.startsWith('h') ? bold : regular, 11, { before: key.startsWith('h') ? 4 : 0, after: 4 });
      else
        for (const item of Object.values(block))
          if (typeof item === 'string') out.text(item, regular, 11, { bullet: true, indent: 8, after: 2 });
    }
  }
  out.text(text.pdf.signatures, bold, 13, { before: 18, after: 4 });
  for (const [role, party] of [
    [text.pdf.forController, input.controller],
    [text.pdf.forProcessor, input.processor],
  ] as const) {
    out.text(`${role}: ${party.name}`, regular, 11, { before: 10 });
    out.rule(260);
    out.text(text.pdf.dateAndSignature, regular, 9);
  }
  const made = fill(text.pdf.made, { date: input.now.toISOString().slice(0, 10), url: `${input.publicUrl}/dpa` });
  const pages = doc.getPages();
  for (const [index, page] of pages.entries()) {
    const footer = safe(`${made} · ${fill(text.pdf.page, { page: index + 1, pages: pages.length })}`);
    page.drawText(footer, { x: MARGIN, y: MARGIN / 2, size: 8, font: regular });
  }
  return doc.save();
}
