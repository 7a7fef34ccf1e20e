import { strToU8, zipSync } from 'fflate';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * Real documents for the material tests: a PDF with text on its pages (pdf-lib), and a DOCX and a
 * PPTX assembled part by part as Word and PowerPoint write them; and a DOCX of too many entries
 * (the zip bomb is in docx-bomb.mjs, shared with the benchmark).
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

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const DOCX_TYPES = `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`;
const DOCX_RELS = `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

/**
 * A DOCX as a Danish Word writes one: heading styles named "Overskrift1" (their built-in names,
 * "heading 1", in styles.xml), text split over runs, tab stops and tabs, a table, and a text box
 * whose content Word writes twice (mc:Choice and the older mc:Fallback).
 */
export function docx(
  parts: Array<{ heading?: 1 | 2; text: string } | { table: string[][] } | { textBox: string }>,
  title?: string,
): Buffer {
  const run = (text: string) => {
    // Word splits text into runs at formatting and spell-check marks; the words must join again.
    const half = Math.floor(text.length / 2);
    return `<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">${esc(text.slice(0, half))}</w:t></w:r><w:r><w:t>${esc(text.slice(half))}</w:t></w:r>`;
  };
  const paragraph = (text: string, style?: string) =>
    `<w:p><w:pPr>${style ? `<w:pStyle w:val="${style}"/>` : ''}<w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr>${run(text)}</w:p>`;
  const body = parts
    .map((part) => {
      if ('table' in part)
        return `<w:tbl><w:tblPr/>${part.table.map((row) => `<w:tr>${row.map((cell) => `<w:tc>${paragraph(cell)}</w:tc>`).join('')}</w:tr>`).join('')}</w:tbl>`;
      if ('textBox' in part) {
        const box = `<w:txbxContent>${paragraph(part.textBox)}</w:txbxContent>`;
        return `<w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wps:txbx>${box}</wps:txbx></w:drawing></mc:Choice><mc:Fallback><w:pict><v:textbox>${box}</v:textbox></w:pict></mc:Fallback></mc:AlternateContent></w:r></w:p>`;
      }
      return paragraph(part.text, part.heading ? `Overskrift${part.heading}` : undefined);
    })
    .join('');
  const style = (id: string, name: string) =>
    `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/><w:basedOn w:val="Normal"/></w:style>`;
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': xml(DOCX_TYPES),
      '_rels/.rels': xml(DOCX_RELS),
      'word/document.xml': xml(
        `<w:document xmlns:w="${W}" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" xmlns:v="urn:schemas-microsoft-com:vml"><w:body>${body}<w:sectPr/></w:body></w:document>`,
      ),
      'word/styles.xml': xml(
        `<w:styles xmlns:w="${W}">${style('Normal', 'Normal')}${style('Overskrift1', 'heading 1')}${style('Overskrift2', 'heading 2')}</w:styles>`,
      ),
      'docProps/core.xml': xml(
        `<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/">${title ? `<dc:title>${esc(title)}</dc:title>` : '<dc:title/>'}</cp:coreProperties>`,
      ),
    }),
  );
}

/** A DOCX with more entries than any document has (each a few bytes), its body first so it is known as a DOCX. */
export function docxOfManyEntries(entries: number): Buffer {
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': xml(DOCX_TYPES),
    '_rels/.rels': xml(DOCX_RELS),
    'word/document.xml': xml(`<w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t>Tekst</w:t></w:r></w:p></w:body></w:document>`),
  };
  for (let i = 0; i < entries; i++) files[`word/media/e${i}.xml`] = strToU8('x');
  return Buffer.from(zipSync(files, { level: 0 }));
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
        .map(
          (_, i) =>
            `<Override PartName="/ppt/slides/slide${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>`,
        )
        .join('')}</Types>`,
    ),
    '_rels/.rels': xml(
      `<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${R}/officeDocument" Target="ppt/presentation.xml"/></Relationships>`,
    ),
    'ppt/presentation.xml': xml(
      `<p:presentation xmlns:p="${P}" xmlns:r="${R}"><p:sldIdLst>${slides.map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 1}"/>`).join('')}</p:sldIdLst></p:presentation>`,
    ),
    'ppt/_rels/presentation.xml.rels': xml(
      `<Relationships xmlns="${RELS}">${slides.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${R}/slide" Target="slides/slide${i + 1}.xml"/>`).join('')}</Relationships>`,
    ),
  };
  slides.forEach((slide, i) => {
    const shapes = [shape(1, slide.title, true), ...slide.body.map((b, j) => shape(j + 2, b, false))].join('');
    files[`ppt/slides/slide${i + 1}.xml`] = xml(
      `<p:sld xmlns:p="${P}" xmlns:a="${A}"><p:cSld><p:spTree>${shapes}</p:spTree></p:cSld></p:sld>`,
    );
  });
  return Buffer.from(zipSync(files));
}
