import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import type { AiLanguage } from '../../../ai/task.ts';
import type { TWorkbookOutput } from '../../../ai/tasks/generate-workbook/schema.ts';
import { loadPdfLib, type PdfLib } from '../../../pdf/lib.ts';
import { drawableText, wrap } from '../../../pdf/text.ts';

const [WIDTH, HEIGHT] = [595.28, 841.89]; // A4, portrait
const MARGIN = 56;
/** The workbook's colours (made with pdf-lib, so once it is loaded). */
const palette = (rgb: PdfLib['rgb']) => ({
  INK: rgb(0.09, 0.11, 0.15),
  MUTED: rgb(0.35, 0.37, 0.42),
  ACCENT: rgb(0.15, 0.3, 0.7),
  RULE: rgb(0.78, 0.8, 0.84),
});
type Palette = ReturnType<typeof palette>;
/** Lines ruled under each exercise for the learner's answer. */
const ANSWER_LINES = 6;

const WORDS: Record<AiLanguage, { keyPoints: string; exercises: string; module: string }> = {
  da: { keyPoints: 'Vigtigste pointer', exercises: 'Refleksionsøvelser', module: 'Modul' },
  en: { keyPoints: 'Key points', exercises: 'Reflection exercises', module: 'Module' },
};

/** Writes top to bottom, starting a new page when the next block does not fit. */
class Writer {
  private page: PDFPage;
  private y = HEIGHT - MARGIN;
  constructor(
    private readonly doc: PDFDocument,
    private readonly safe: (text: string) => string,
    private readonly colours: Palette,
  ) {
    this.page = doc.addPage([WIDTH, HEIGHT]);
  }

  private room(height: number) {
    if (this.y - height >= MARGIN) return;
    this.page = this.doc.addPage([WIDTH, HEIGHT]);
    this.y = HEIGHT - MARGIN;
  }

  text(value: string, font: PDFFont, size: number, options: { color?: Color; indent?: number; after?: number; bullet?: boolean } = {}) {
    const indent = options.indent ?? 0;
    const lines = wrap(this.safe(value), font, size, WIDTH - 2 * MARGIN - indent - (options.bullet ? 12 : 0));
    const lead = size * 1.4;
    const color = options.color ?? this.colours.INK;
    for (const [i, line] of lines.entries()) {
      this.room(lead);
      this.y -= lead;
      if (options.bullet && i === 0) this.page.drawText('•', { x: MARGIN + indent, y: this.y, size, font, color });
      this.page.drawText(line, { x: MARGIN + indent + (options.bullet ? 12 : 0), y: this.y, size, font, color });
    }
    this.y -= options.after ?? 0;
  }

  answerSpace() {
    const gap = 22;
    this.room(gap * ANSWER_LINES);
    for (let i = 0; i < ANSWER_LINES; i++) {
      this.y -= gap;
      this.page.drawLine({
        start: { x: MARGIN, y: this.y },
        end: { x: WIDTH - MARGIN, y: this.y },
        thickness: 0.6,
        color: this.colours.RULE,
      });
    }
    this.y -= 12;
  }

  newPage() {
    this.page = this.doc.addPage([WIDTH, HEIGHT]);
    this.y = HEIGHT - MARGIN;
  }
}

/**
 * The workbook as an A4 PDF in the course's language: a title page with the introduction, then a
 * page per module with its key points and its exercises, each followed by ruled lines to write
 * on. Standard fonts (WinAnsi: æ, ø, å); other characters are made drawable (pdf/text.ts).
 */
export async function renderWorkbookPdf(
  workbook: TWorkbookOutput,
  meta: { courseTitle: string; company: string; language: AiLanguage },
): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await loadPdfLib();
  const colours = palette(rgb);
  const { MUTED, ACCENT } = colours;
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const safe = drawableText(regular);
  const w = WORDS[meta.language];
  doc.setTitle(safe(`${workbook.title} – ${meta.courseTitle}`));
  doc.setAuthor(safe(meta.company));
  doc.setSubject(safe(meta.courseTitle));
  doc.setCreator('Kursa');
  doc.setProducer('Kursa');
  doc.setLanguage(meta.language === 'da' ? 'da-DK' : 'en-GB');

  const out = new Writer(doc, safe, colours);
  out.text(meta.courseTitle, regular, 12, { color: MUTED, after: 6 });
  out.text(workbook.title, bold, 24, { color: ACCENT, after: 14 });
  out.text(workbook.introduction, regular, 11, { after: 8 });
  for (const [i, module] of workbook.modules.entries()) {
    out.newPage();
    out.text(`${w.module} ${i + 1}`, regular, 11, { color: MUTED });
    out.text(module.title, bold, 18, { color: ACCENT, after: 10 });
    out.text(w.keyPoints, bold, 13, { after: 4 });
    for (const point of module.key_points) out.text(point, regular, 11, { bullet: true, after: 2 });
    out.text(w.exercises, bold, 13, { after: 4 });
    for (const [n, exercise] of module.exercises.entries()) {
      out.text(`${n + 1}. ${exercise.title}`, bold, 11, { after: 2 });
      out.text(exercise.prompt, regular, 11);
      out.answerSpace();
    }
  }
  return doc.save();
}
