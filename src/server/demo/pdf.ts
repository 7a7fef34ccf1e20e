import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

/**
 * Renders the demo's handouts in a child process that ends when they are made. An imported module
 * stays loaded for the life of the process, so rendered in the server, a fresh installation's seed
 * would leave pdf-lib's code and font tables (about 7 MB) in the heap of a server that may never
 * make another PDF. A worker thread would not do: the memory its heap and allocations took stays
 * with the process's allocator after the thread ends (measured: more than rendering in place).
 */
export function renderDemoPdfsApart(pdfs: readonly DemoPdf[], footer: string): Promise<Uint8Array[]> {
  if (pdfs.length === 0) return Promise.resolve([]);
  // The compiled server runs handouts-process.js; the tests run the sources, handouts-process.ts.
  const ext = path.extname(fileURLToPath(import.meta.url));
  // No inherited options (a test runner's loaders, say): the script needs none. 'advanced' sends the bytes as bytes.
  const child = fork(new URL(`./handouts-process${ext}`, import.meta.url), [], { execArgv: [], serialization: 'advanced' });
  return new Promise((resolve, reject) => {
    child.once('message', (rendered: Uint8Array[]) => resolve(rendered));
    child.once('error', reject);
    // After the message, the exit changes nothing; before it, the process ended without the PDFs.
    child.once('exit', (code, signal) => reject(new Error(`the demo's PDF process ended (${signal ?? code}) without its PDFs`)));
    child.send({ pdfs, footer });
  });
}
