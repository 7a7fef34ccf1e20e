/**
 * The compliance reports' export writers: CSV and XLSX streamed to a writable (flat memory however
 * many lines), PDF rendered whole (up to PDF_LINE_LIMIT lines). The rest of the compliance domain
 * pages the lines out of the database and calls these.
 */
import { copenhagenDate } from './copenhagen.ts';
import type { ReportMeta } from './lines.ts';
import { say } from './texts.ts';

export type { ReportLine, ReportMeta } from './lines.ts';
export { COMPLIANCE_STATUSES } from './lines.ts';
export { writeCsv } from './csv.ts';
export { writeXlsx } from './xlsx.ts';
export { PDF_LINE_LIMIT, PdfTooLarge, renderPdf } from './pdf.ts';
export { OutputClosed } from './output.ts';
export { STATUS_WORDS } from './texts.ts';

export type ExportFormat = 'csv' | 'xlsx' | 'pdf';

/** What each format is sent as. */
export const FORMATS: Readonly<Record<ExportFormat, { contentType: string; extension: string }>> = {
  csv: { contentType: 'text/csv; charset=utf-8', extension: 'csv' },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
  pdf: { contentType: 'application/pdf', extension: 'pdf' },
};

/** Letters that lose nothing but an accent are stripped of it; these become their usual spelling. */
const SPELLED: Record<string, string> = { æ: 'ae', ø: 'oe', å: 'aa', ß: 'ss', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th' };

/** A name or title as lower-case ASCII words joined by hyphens (Ærø Sø → aeroe-soe); other scripts drop out. */
function slug(text: string): string {
  return [...text.toLowerCase()]
    .map((char) => SPELLED[char] ?? char)
    .join('')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
}

/**
 * The download's file name: what the report is, whom or what it is about, and the Copenhagen
 * date its statuses are as of, in ASCII only (a header's filename must survive every browser, zip
 * tool and disk), e.g. compliance-2026-11-30.csv or training-record-mette-aeroe-2026-11-30.pdf.
 */
export function fileName(meta: Pick<ReportMeta, 'kind' | 'title' | 'language' | 'asOf'>, format: ExportFormat): string {
  const what = say(meta.kind === 'compliance' ? 'fileCompliance' : meta.kind === 'person' ? 'filePerson' : 'fileCourse', meta.language);
  const about = meta.kind === 'compliance' ? '' : slug(meta.title);
  return `${[what, about, copenhagenDate(meta.asOf)].filter(Boolean).join('-')}.${FORMATS[format].extension}`;
}
