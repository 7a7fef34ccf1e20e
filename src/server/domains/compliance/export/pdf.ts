import type { PDFDocument } from 'pdf-lib';
import { loadPdfLib } from '../../../pdf/lib.ts';
import { drawableText } from '../../../pdf/text.ts';
import { copenhagenDate } from './copenhagen.ts';
import { danishTime, filtersText, heading, periodText } from './describe.ts';
import { COMPLIANCE_STATUSES, type ComplianceStatus, type ReportLanguage, type ReportLine, type ReportMeta } from './lines.ts';
import { ellipsize, fitLines } from './pdf-fit.ts';
import { Glyphs, Ink, type Rgb } from './pdf-ink.ts';
import { say, statusWord } from './texts.ts';

/**
 * The report as a PDF for an auditor: A4 landscape, what the report is and where it comes from on
 * the first page, the lines in a table whose header repeats on every page, "Page n of m" and the
 * time it was made at the foot of each page, and the count of each status at the end.
 */

/**
 * The most lines a PDF holds: 670 pages or more (30 one-line rows to a page), rendered in a few
 * seconds and some 50 MB. Past that a PDF is no longer read, only searched, which the CSV and the
 * spreadsheet do better, streamed in flat memory, while a PDF is made whole.
 */
export const PDF_LINE_LIMIT = 20_000;

/** The report has more lines than a PDF holds: the caller answers 4xx, asking for narrower filters or CSV/XLSX. */
export class PdfTooLarge extends Error {
  readonly limit: number;

  constructor(limit: number) {
    super(`A PDF report holds at most ${limit} lines: narrow the filters, or export CSV or XLSX`);
    this.name = 'PdfTooLarge';
    this.limit = limit;
  }
}

const [WIDTH, HEIGHT] = [841.89, 595.28]; // A4, landscape
const MARGIN = 36;
const USABLE = WIDTH - 2 * MARGIN;
/** Nothing but the footer is drawn below this. */
const BOTTOM = 44;
/** The table's text size, line height and cell padding. */
const SIZE = 8;
const LINE = 9.6;
const PAD = 3;
/** From the top of a line of text to its baseline, at size 1. */
const ASCENT = 0.8;

const INK: Rgb = [0.09, 0.11, 0.15];
const MUTED: Rgb = [0.38, 0.4, 0.45];
const RULE: Rgb = [0.75, 0.77, 0.8];
const HEADER_FILL: Rgb = [0.91, 0.92, 0.94];
const STRIPE: Rgb = [0.97, 0.97, 0.98];

interface Fonts {
  regular: Glyphs;
  bold: Glyphs;
}

/** A cell's text (made drawable) fitted to its column: at most `maxLines` lines. */
type Fit = (text: string, maxLines?: number) => string[];

interface TableColumn {
  key: keyof ReportLine;
  /** Points, before the table is stretched to the page's width. */
  width: number;
  align?: 'right';
  lines: (line: ReportLine, fit: Fit, language: ReportLanguage) => { text: string[]; note?: string[] };
}

const date = (iso: string | null) => (iso ? [copenhagenDate(iso)] : []);

const TABLE: readonly TableColumn[] = [
  { key: 'person', width: 118, lines: (l, fit) => ({ text: fit(l.person) }) },
  { key: 'email', width: 134, lines: (l, fit) => ({ text: fit(l.email) }) },
  { key: 'course', width: 132, lines: (l, fit) => ({ text: fit(l.course) }) },
  { key: 'requiredOf', width: 88, lines: (l, fit) => ({ text: fit(l.requiredOf) }) },
  {
    key: 'status',
    width: 96,
    // An exemption is only as good as its reason: it goes under the status, in grey.
    lines: (l, fit, language) => ({ text: fit(statusWord(l.status, language)), note: l.exemptReason ? fit(l.exemptReason) : [] }),
  },
  { key: 'dueAt', width: 50, lines: (l) => ({ text: date(l.dueAt) }) },
  { key: 'completedAt', width: 54, lines: (l) => ({ text: date(l.completedAt) }) },
  { key: 'validUntil', width: 52, lines: (l) => ({ text: date(l.validUntil) }) },
  {
    key: 'score',
    width: 38,
    align: 'right',
    lines: (l, _fit, language) => ({ text: l.score === null ? [] : [say('percent', language, { n: l.score })] }),
  },
];

/** The columns' x and width, stretched to fill the page between the margins. */
const GEOMETRY = (() => {
  const scale = USABLE / TABLE.reduce((sum, column) => sum + column.width, 0);
  let x = MARGIN;
  return TABLE.map((column) => {
    const placed = { x, width: column.width * scale };
    x += placed.width;
    return placed;
  });
})();

/** Reads the lines, refusing as soon as there are more than a PDF holds: the refusal comes before any drawing. */
async function collect(lines: AsyncIterable<ReportLine>): Promise<ReportLine[]> {
  const all: ReportLine[] = [];
  for await (const line of lines) {
    if (all.length === PDF_LINE_LIMIT) throw new PdfTooLarge(PDF_LINE_LIMIT);
    all.push(line);
  }
  return all;
}

/** The pages as they are drawn: the current one's ink and how far down it is filled. */
class Pages {
  readonly document: PDFDocument;
  private readonly runningHead: (ink: Ink) => number;
  count = 0;
  ink!: Ink;
  y = 0;

  /** `runningHead` draws the top of every page after the first and answers where the page's content starts. */
  constructor(document: PDFDocument, runningHead: (ink: Ink) => number) {
    this.document = document;
    this.runningHead = runningHead;
  }

  add(): void {
    if (this.count > 0) this.ink.finish();
    this.ink = new Ink(this.document, this.document.addPage([WIDTH, HEIGHT]));
    this.count++;
    this.y = this.count > 1 ? this.runningHead(this.ink) : HEIGHT - MARGIN;
  }

  /** Room for `height` more points, on a new page if this one is full. True when a page was added. */
  room(height: number): boolean {
    if (this.y - height >= BOTTOM) return false;
    this.add();
    return true;
  }
}

/**
 * Renders the report. The lines are read first (at most PDF_LINE_LIMIT of them, or PdfTooLarge is
 * thrown before anything is drawn); the caller can count them beforehand and spare the reading.
 */
export async function renderPdf(meta: ReportMeta, lines: AsyncIterable<ReportLine>): Promise<Uint8Array> {
  const rows = await collect(lines);
  const { PDFDocument, StandardFonts } = await loadPdfLib();
  const { language } = meta;
  const document = await PDFDocument.create();
  const fonts: Fonts = {
    regular: new Glyphs(await document.embedFont(StandardFonts.Helvetica)),
    bold: new Glyphs(await document.embedFont(StandardFonts.HelveticaBold)),
  };
  const safe = drawableText(fonts.regular.font);
  const title = safe(heading(meta));

  document.setTitle(title);
  document.setAuthor(safe(meta.companyName));
  document.setCreator('Kursa');
  document.setProducer('Kursa');
  document.setLanguage(language === 'da' ? 'da-DK' : 'en-GB');
  document.setCreationDate(meta.generatedAt);
  document.setModificationDate(meta.generatedAt);

  const pages = new Pages(document, (ink) => {
    const head = ellipsize(say('continued', language, { heading: title }), fonts.bold, 10, USABLE);
    ink.text(fonts.bold, 10, MARGIN, HEIGHT - MARGIN - 10, head, MUTED);
    return HEIGHT - MARGIN - 22;
  });
  pages.add();
  drawFrontMatter(pages, meta, fonts, safe, title);
  if (rows.length === 0) {
    pages.ink.text(fonts.regular, 10, MARGIN, pages.y - 12, say('noLines', language), MUTED);
    pages.y -= 24;
  } else drawTable(pages, rows, language, fonts, safe);
  drawSummary(pages, rows, language, fonts);
  pages.ink.finish();

  const left = ellipsize(safe(`${meta.companyName} · ${heading(meta)}`), fonts.regular, 7.5, USABLE / 2);
  const generated = say('footerGenerated', language, { at: danishTime(meta.generatedAt, language) });
  document.getPages().forEach((page, i) => {
    const ink = new Ink(document, page);
    drawFooter(ink, fonts, left, generated, say('page', language, { n: i + 1, m: pages.count }));
    ink.finish();
  });
  return document.save();
}

/** The first page's head: the title, then the company, the period, the moment of the statuses, the filters and who made it when. */
function drawFrontMatter(pages: Pages, meta: ReportMeta, fonts: Fonts, safe: (text: string) => string, title: string) {
  const { language } = meta;
  for (const line of fitLines(title, fonts.bold, 18, USABLE, 2)) {
    pages.ink.text(fonts.bold, 18, MARGIN, pages.y - 18, line, INK);
    pages.y -= 22;
  }
  pages.y -= 6;
  const company = meta.cvr ? `${meta.companyName}, ${say('cvr', language)} ${meta.cvr}` : meta.companyName;
  const period = periodText(meta);
  const facts: [string, string][] = [
    [say('company', language), company],
    ...(period ? [[say('period', language), period] as [string, string]] : []),
    [say('asOf', language), danishTime(meta.asOf, language)],
    [say('filters', language), filtersText(meta)],
    [say('generatedBy', language), `${meta.generatedBy}, ${danishTime(meta.generatedAt, language)}`],
  ];
  const labelWidth = 92;
  for (const [label, value] of facts) {
    pages.ink.text(fonts.bold, 9, MARGIN, pages.y - 9, `${label}:`, MUTED);
    for (const line of fitLines(safe(value), fonts.regular, 9, USABLE - labelWidth, 2)) {
      pages.ink.text(fonts.regular, 9, MARGIN + labelWidth, pages.y - 9, line, INK);
      pages.y -= 12;
    }
  }
  pages.y -= 12;
}

/** One line of a cell, from its top-left corner's baseline, left or right aligned in its column. */
function cellText(ink: Ink, glyphs: Glyphs, text: string, column: number, baseline: number, colour: Rgb) {
  const { x, width } = GEOMETRY[column]!;
  const left = TABLE[column]!.align === 'right' ? x + width - PAD - glyphs.width(text, SIZE) : x + PAD;
  ink.text(glyphs, SIZE, left, baseline, text, colour);
}

function drawTable(pages: Pages, rows: ReportLine[], language: ReportLanguage, fonts: Fonts, safe: (text: string) => string) {
  const header = TABLE.map((column, i) => ellipsize(say(column.key, language), fonts.bold, SIZE, GEOMETRY[i]!.width - 2 * PAD));
  const drawHeader = () => {
    const height = LINE + 2 * PAD;
    pages.ink.rect(MARGIN, pages.y - height, USABLE, height, HEADER_FILL);
    header.forEach((text, i) => cellText(pages.ink, fonts.bold, text, i, pages.y - PAD - SIZE * ASCENT, INK));
    pages.y -= height;
  };
  const fits: Fit[] = GEOMETRY.map(
    ({ width }) =>
      (text, maxLines = 2) =>
        fitLines(safe(text), fonts.regular, SIZE, width - 2 * PAD, maxLines),
  );

  drawHeader();
  rows.forEach((line, index) => {
    const cells = TABLE.map((column, i) => column.lines(line, fits[i]!, language));
    const height = Math.max(1, ...cells.map((cell) => cell.text.length + (cell.note?.length ?? 0))) * LINE + 2 * PAD;
    // A new page starts with the header again.
    if (pages.room(height)) drawHeader();
    if (index % 2 === 1) pages.ink.rect(MARGIN, pages.y - height, USABLE, height, STRIPE);
    cells.forEach((cell, i) => {
      let baseline = pages.y - PAD - SIZE * ASCENT;
      for (const text of cell.text) {
        cellText(pages.ink, fonts.regular, text, i, baseline, INK);
        baseline -= LINE;
      }
      for (const text of cell.note ?? []) {
        cellText(pages.ink, fonts.regular, text, i, baseline, MUTED);
        baseline -= LINE;
      }
    });
    pages.y -= height;
  });
  pages.ink.line(MARGIN, pages.y, WIDTH - MARGIN, pages.y, 0.5, RULE);
}

/** The count of lines in each status (every status, also those no line is in), and the total. */
function drawSummary(pages: Pages, rows: ReportLine[], language: ReportLanguage, fonts: Fonts) {
  const counts = new Map<ComplianceStatus, number>(COMPLIANCE_STATUSES.map((status) => [status, 0]));
  for (const row of rows) counts.set(row.status, (counts.get(row.status) ?? 0) + 1);
  const entries: [string, number, Glyphs][] = [
    ...COMPLIANCE_STATUSES.map((status): [string, number, Glyphs] => [
      statusWord(status, language),
      counts.get(status) ?? 0,
      fonts.regular,
    ]),
    [say('total', language), rows.length, fonts.bold],
  ];
  const row = 13;
  pages.room(40 + (entries.length + 1) * row);
  pages.y -= 18;
  pages.ink.text(fonts.bold, 12, MARGIN, pages.y - 12, say('summary', language), INK);
  pages.y -= 20;
  const countRight = MARGIN + 200;
  const columns = (label: string, figure: string, glyphs: Glyphs, colour: Rgb) => {
    pages.ink.text(glyphs, 9, MARGIN, pages.y - 10, label, colour);
    pages.ink.text(glyphs, 9, countRight - glyphs.width(figure, 9), pages.y - 10, figure, colour);
    pages.y -= row;
  };
  columns(say('status', language), say('count', language), fonts.bold, MUTED);
  entries.forEach(([label, count, glyphs], i) => {
    if (i === entries.length - 1) pages.ink.line(MARGIN, pages.y, countRight, pages.y, 0.5, RULE);
    columns(label, String(count), glyphs, INK);
  });
}

/** The foot of a page: the company and the report on the left, when it was made and the page number on the right. */
function drawFooter(ink: Ink, fonts: Fonts, left: string, generated: string, pageNumber: string) {
  const [size, y, gap] = [7.5, 22, 12];
  ink.line(MARGIN, y + 11, WIDTH - MARGIN, y + 11, 0.5, RULE);
  ink.text(fonts.regular, size, MARGIN, y, left, MUTED);
  const numberX = WIDTH - MARGIN - fonts.bold.width(pageNumber, size);
  ink.text(fonts.regular, size, numberX - gap - fonts.regular.width(generated, size), y, generated, MUTED);
  ink.text(fonts.bold, size, numberX, y, pageNumber, INK);
}
