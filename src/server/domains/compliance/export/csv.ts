import { COLUMNS, type Cell } from './columns.ts';
import type { ReportLine, ReportMeta } from './lines.ts';
import { abandon, drained, finish, type Output } from './output.ts';
import { say } from './texts.ts';

/**
 * The report as CSV for Excel with Danish settings: UTF-8 with a byte order mark (without it Excel
 * reads the bytes as Windows-1252 and æøå come out garbled), semicolons between fields (the Danish
 * list separator: Excel splits on it when the file is opened by a double-click) and CRLF line ends.
 * A field is quoted when it holds a semicolon, a quote or a line break, its quotes doubled
 * (RFC 4180). Dates are Copenhagen calendar dates, YYYY-MM-DD, which sort as text and which Excel
 * recognises as dates; the score is a bare number. No 'sep=;' line: Excel ignores the byte order
 * mark when it sees one.
 */

const BOM = '\uFEFF';
const SEPARATOR = ';';
const EOL = '\r\n';
/** Lines are gathered into chunks of about this many characters: one write per line would be 100,000 writes. */
const CHUNK = 64 * 1024;

/**
 * A cell a spreadsheet would read as a formula (=, +, - or @ first, or a tab or carriage return
 * that some programs skip to find one) gets a leading apostrophe, so a name such as
 * "=HYPERLINK(…)" stays text (OWASP's advice for CSV injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[;"\r\n]/;

export function csvField(value: string): string {
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

function cellText(cell: Cell): string {
  if (cell === null) return '';
  switch (cell.kind) {
    case 'text':
      return csvField(cell.text);
    case 'date':
      return cell.day;
    case 'number':
      return String(cell.value);
  }
}

/**
 * Writes the report's header and lines to `out` as they come, waiting whenever `out` asks to
 * (a slow download holds the database paging back instead of filling memory), then ends `out`.
 * If the lines fail, or `out` closes early, `out` is destroyed and the error thrown.
 */
export async function writeCsv(meta: ReportMeta, lines: AsyncIterable<ReportLine>, out: Output): Promise<void> {
  const { language } = meta;
  const write = async (chunk: string) => {
    if (!out.write(chunk)) await drained(out, out);
  };
  try {
    let chunk = BOM + COLUMNS.map((column) => csvField(say(column.key, language))).join(SEPARATOR) + EOL;
    for await (const line of lines) {
      chunk += COLUMNS.map((column) => cellText(column.cell(line, language))).join(SEPARATOR) + EOL;
      if (chunk.length >= CHUNK) {
        await write(chunk);
        chunk = '';
      }
    }
    await write(chunk);
    await finish(out);
  } catch (error) {
    abandon(out);
    throw error;
  }
}
