import type { PDFFont, PDFPage } from 'pdf-lib';
import { loadPdfLib } from '../pdf/lib.ts';
import { wrap } from '../pdf/text.ts';
import type { DemoPdf } from './courses.ts';

const PAGE: [number, number] = [595.28, 841.89]; // A4
const MARGIN = 56;

/** A demo course's handout as a real, printable A4 PDF (Helvetica covers æ, ø and å). */
export async function renderDemoPdf(pdf: DemoPdf, footer: string): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await loadPdfLib();
  const document = await PDFDocument.create();
  document.setTitle(pdf.title);
  document.setCreator('Kursa');
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE[0] - 2 * MARGIN;
  let page: PDFPage = document.addPage(PAGE);
  let y = PAGE[1] - MARGIN;

  const write = (text: string, font: PDFFont, size: number, gap: number, indent = 0) => {
    for (const line of wrap(text, font, size, width - indent)) {
      if (y - size < MARGIN + 20) {
        page = document.addPage(PAGE);
        y = PAGE[1] - MARGIN;
      }
      page.drawText(line, { x: MARGIN + indent, y: y - size, size, font, color: rgb(0.1, 0.12, 0.16) });
      y -= size * 1.4;
    }
    y -= gap;
  };

  write(pdf.title, bold, 20, 12);
  for (const section of pdf.sections) {
    write(section.heading, bold, 13, 4);
    for (const line of section.lines) write(`•  ${line}`, regular, 11, 2, 8);
    y -= 10;
  }
  for (const each of document.getPages())
    each.drawText(footer, { x: MARGIN, y: MARGIN - 20, size: 8, font: regular, color: rgb(0.4, 0.42, 0.46) });
  return document.save();
}
