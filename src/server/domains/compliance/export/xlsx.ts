import { EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
import type * as ExcelJSModule from 'exceljs';
import { COLUMNS, type Cell } from './columns.ts';
import { spreadsheetDate } from './copenhagen.ts';
import { danishTime, filterFacts, heading, periodText } from './describe.ts';
import type { ReportLine, ReportMeta } from './lines.ts';
import { abandon, drained, turn, whenFinished } from './output.ts';
import { say } from './texts.ts';

/**
 * The report as an Excel workbook, streamed: each row is written out and forgotten as soon as it
 * is made, so 100,000 lines cost what a few hundred do. Sheet one holds the lines (the CSV's
 * columns, with real dates and numbers, a bold frozen header and a filter on it); sheet two says
 * what the report is. Text stays text: a cell here is typed, so a name beginning with '=' is
 * never read as a formula, and nothing is prefixed as in the CSV.
 */

type ExcelJS = (typeof ExcelJSModule)['default'];
type Worksheet = ExcelJSModule.Worksheet;

let loading: Promise<ExcelJS> | undefined;

/** exceljs is megabytes of code most requests never need: it loads with the first workbook. */
function loadExcelJs(): Promise<ExcelJS> {
  // It is CommonJS whose exports Node cannot list statically: the module is all on `default`.
  loading ??= import('exceljs').then((module) => module.default);
  return loading;
}

/**
 * One style object per kind of cell, shared by every cell of that kind: exceljs looks a style up
 * by the object's identity before it renders and compares it, which is most of its time per cell.
 */
const STYLES: Readonly<Record<NonNullable<Cell>['kind'], Partial<ExcelJSModule.Style>>> = {
  text: {},
  date: { numFmt: 'yyyy-mm-dd' },
  number: {},
};
/** At most this many rows are written between two turns of the event loop, in which the zip is made. */
const ROWS_PER_TURN = 50;

interface ZipInput {
  stream: EventEmitter;
  needsDrain: () => boolean;
}

/**
 * The stream a sheet's rows go into on their way to be compressed. exceljs writes into it without
 * ever looking at what write() answers, so nothing holds a fast producer back: waiting on `out`
 * catches a slow download, but not compression falling behind (zlib runs on libuv's thread pool,
 * which a busy server shares), and then the sheet piles up here uncompressed. With the pool kept
 * busy, 100,000 lines held some 75 MB that way, against 17 MB when the writer also waits for this
 * stream to drain. It is exceljs's internals (the sheet's buffer pipes into the archiver's own
 * PassThrough for the file, an older readable-stream without the public writableNeedDrain), so its
 * state is read where every version of Node's streams keeps it; undefined if exceljs ever changes
 * shape, and the writer then waits on `out` alone.
 */
function zipInputOf(sheet: Worksheet): ZipInput | undefined {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown } }).stream?.pipes;
  const first: unknown = Array.isArray(pipes) ? pipes[0] : undefined;
  if (!(first instanceof EventEmitter) || !('_writableState' in first)) return;
  const state: unknown = first._writableState;
  if (typeof state !== 'object' || state === null || !('needDrain' in state) || typeof state.needDrain !== 'boolean') return;
  return { stream: first, needsDrain: () => (state as { needDrain: boolean }).needDrain };
}

function cellValue(cell: Cell): string | number | Date | null {
  if (cell === null) return null;
  switch (cell.kind) {
    case 'text':
      return cell.text;
    case 'date':
      return spreadsheetDate(cell.day);
    case 'number':
      return cell.value;
  }
}

async function writeReportSheet(sheet: Worksheet, meta: ReportMeta, lines: AsyncIterable<ReportLine>, out: Writable): Promise<number> {
  const { language } = meta;
  sheet.columns = COLUMNS.map((column) => ({ width: column.width }));
  const header = sheet.addRow(COLUMNS.map((column) => say(column.key, language)));
  header.font = { bold: true };
  header.commit();

  const input = zipInputOf(sheet);
  let count = 0;
  let sinceTurn = 0;
  for await (const line of lines) {
    const cells = COLUMNS.map((column) => column.cell(line, language));
    const row = sheet.addRow(cells.map(cellValue));
    cells.forEach((cell, i) => {
      if (cell) row.getCell(i + 1).style = STYLES[cell.kind];
    });
    row.commit();
    count++;
    if (input?.needsDrain()) {
      await drained(input.stream, out);
      sinceTurn = 0;
    } else if (out.writableNeedDrain) {
      await drained(out, out);
      sinceTurn = 0;
    } else if (++sinceTurn >= ROWS_PER_TURN) {
      // The zip is made in the event loop's later turns: let it catch up now and then.
      await turn();
      sinceTurn = 0;
    }
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: count + 1, column: COLUMNS.length } };
  sheet.commit();
  return count;
}

function writeAboutSheet(sheet: Worksheet, meta: ReportMeta, count: number): void {
  const { language } = meta;
  const facts: [string, string | number][] = [
    [say('report', language), heading(meta)],
    [say('company', language), meta.companyName],
    [say('cvr', language), meta.cvr ?? '–'],
    [say('generatedBy', language), meta.generatedBy],
    [say('generatedAt', language), danishTime(meta.generatedAt, language)],
    [say('asOf', language), danishTime(meta.asOf, language)],
    [say('period', language), periodText(meta) ?? '–'],
    ...filterFacts(meta).map(([label, value]): [string, string] => [`${say('filters', language)}: ${label}`, value]),
    [say('lineCount', language), count],
    [say('timeZone', language), say('timeZoneNote', language)],
  ];
  sheet.columns = [{ width: 26 }, { width: 70 }];
  for (const [label, value] of facts) {
    const row = sheet.addRow([label, value]);
    row.getCell(1).font = { bold: true };
    row.getCell(2).alignment = { horizontal: 'left' };
    row.commit();
  }
  sheet.commit();
}

/**
 * Writes the workbook to `out` as the lines come, then ends `out` (the zip's last bytes, its
 * directory, can only follow the last line). If the lines fail, or `out` closes early, `out` is
 * destroyed and the error thrown.
 */
export async function writeXlsx(meta: ReportMeta, lines: AsyncIterable<ReportLine>, out: Writable): Promise<void> {
  // Watched from the start, so a reader who leaves fails the writer wherever it then is.
  const outFinished = whenFinished(out);
  outFinished.catch(() => {});
  try {
    const ExcelJS = await loadExcelJs();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    workbook.creator = 'Kursa';
    workbook.lastModifiedBy = 'Kursa';
    workbook.created = meta.generatedAt;
    workbook.modified = meta.generatedAt;
    workbook.title = heading(meta);
    workbook.company = meta.companyName;
    const report = workbook.addWorksheet(say('report', meta.language), { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
    const about = workbook.addWorksheet(say('about', meta.language));
    const count = await writeReportSheet(report, meta, lines, out);
    writeAboutSheet(about, meta, count);
    await Promise.all([workbook.commit(), outFinished]);
  } catch (error) {
    abandon(out);
    throw error;
  }
}
