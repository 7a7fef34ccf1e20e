import { strToU8, zipSync } from 'fflate';
import { OfficeParser } from 'officeparser';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * Real documents for the material tests (issue 7 §4): a PDF with text on its pages (pdf-lib), a
 * DOCX written from Markdown (officeparser's generator), and a PPTX assembled part by part.
 */
export async function pdfWithPages(pages: string[][]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle('Sikkerhed på lageret');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([595, 842]);
    lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 18, size: 11, font }));
  }
  return Buffer.from(await doc.save());
}

export async function docxFromMarkdown(markdown: string): Promise<Buffer> {
  const ast = await OfficeParser.parseOffice(Buffer.from(markdown), { fileType: 'md' });
  const docx = await ast.to('docx');
  return Buffer.from(docx.value as Uint8Array);
}

const P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const xml = (body: string) => strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${body}`);
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function shape(id: number, text: string, title: boolean): string {
  const ph = title ? '<p:ph type="title"/>' : '';
  return `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="s${id}"/><p:cNvSpPr/><p:nvPr>${ph}</p:nvPr></p:nvSpPr><p:txBody><a:bodyPr/><a:p><a:r><a:t>${esc(text)}</a:t></a:r></a:p></p:txBody></p:sp>`;
}

/** A presentation of slides, each a title and body paragraphs. */
export function pptx(slides: Array<{ title: string; body: string[] }>): Buffer {
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': xml(
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>${slides
        .map((_, i) => `<Override PartName="/ppt/slides/slide${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>`)
        .join('')}</Types>`,
    ),
    '_rels/.rels': xml(`<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${R}/officeDocument" Target="ppt/presentation.xml"/></Relationships>`),
    'ppt/presentation.xml': xml(`<p:presentation xmlns:p="${P}" xmlns:r="${R}"><p:sldIdLst>${slides.map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 1}"/>`).join('')}</p:sldIdLst></p:presentation>`),
    'ppt/_rels/presentation.xml.rels': xml(`<Relationships xmlns="${RELS}">${slides.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${R}/slide" Target="slides/slide${i + 1}.xml"/>`).join('')}</Relationships>`),
  };
  slides.forEach((slide, i) => {
    const shapes = [shape(1, slide.title, true), ...slide.body.map((b, j) => shape(j + 2, b, false))].join('');
    files[`ppt/slides/slide${i + 1}.xml`] = xml(`<p:sld xmlns:p="${P}" xmlns:a="${A}"><p:cSld><p:spTree>${shapes}</p:spTree></p:cSld></p:sld>`);
  });
  return Buffer.from(zipSync(files));
}
