import { Writable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  COMPLIANCE_STATUSES,
  OutputClosed,
  writeXlsx,
  type ReportLine,
  type ReportMeta,
} from '../../src/server/domains/compliance/export/index.ts';

// The compliance report's workbook, read back with exceljs as a spreadsheet program reads it, and
// what writing one of 100,000 lines costs in memory.

const META: ReportMeta = {
  language: 'da',
  kind: 'compliance',
  title: '',
  companyName: 'Ærø Sø ApS',
  cvr: '25052943',
  generatedBy: 'Mette Ærø Sørensen',
  generatedAt: new Date('2026-11-30T17:46:00.000Z'),
  asOf: new Date('2026-11-30T17:45:00.000Z'),
  period: null,
  filters: { group: 'Lager', course: null, status: 'overdue' },
};

const line = (overrides: Partial<ReportLine> = {}): ReportLine => ({
  person: 'Åse Ærø Sø',
  email: 'aase@aeroe.dk',
  groups: ['Lager', 'Kontor'],
  course: 'Førstehjælp',
  requiredOf: 'Alle',
  status: 'completed',
  dueAt: '2026-06-30T23:30:00.000Z',
  completedAt: '2026-05-04T08:15:00.000Z',
  validUntil: '2028-05-04T08:15:00.000Z',
  score: 92,
  exemptReason: null,
  ...overrides,
});

async function* each<T>(items: Iterable<T>): AsyncGenerator<T> {
  yield* items;
}

/** `count` lines, counting in `pulled` how many the writer has taken; `every` 10,000 lines `probe` runs. */
async function* many(count: number, pulled = { count: 0 }, probe = () => {}): AsyncGenerator<ReportLine> {
  for (let i = 0; i < count; i++) {
    if (i % 10_000 === 0) probe();
    pulled.count++;
    yield line({
      person: `Person ${i} Ærø`,
      email: `p${i}@aeroe.dk`,
      status: COMPLIANCE_STATUSES[i % COMPLIANCE_STATUSES.length]!,
      score: i % 101,
      exemptReason: i % 7 === 6 ? 'Har kursusbevis fra en tidligere arbejdsgiver' : null,
    });
  }
}

async function workbookOf(meta: ReportMeta, lines: ReportLine[]) {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  await writeXlsx(meta, each(lines), out);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ExcelJS.Buffer);
  return workbook;
}

/** A row's first `width` cells' values, null where a cell is empty. */
const cells = (sheet: ExcelJS.Worksheet, row: number, width: number) =>
  Array.from({ length: width }, (_, i) => sheet.getRow(row).getCell(i + 1).value);

const day = (date: string) => new Date(`${date}T00:00:00.000Z`);

/** V8's collector, so that what is measured is what is held, not garbage not yet collected. */
function garbageCollector(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

describe('the workbook', () => {
  it('holds the lines cell by cell: text, real dates, whole numbers and status words', async () => {
    const workbook = await workbookOf(META, [
      line(),
      line({ person: '=1+1', groups: [], status: 'exempted', completedAt: null, score: null, exemptReason: 'Har kursusbevis' }),
      line({ person: 'Bo', status: 'overdue', dueAt: '2026-12-31T23:00:00.000Z', validUntil: null, score: 0 }),
    ]);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Rapport', 'Om rapporten']);
    const sheet = workbook.getWorksheet('Rapport')!;
    expect(cells(sheet, 1, 11)).toEqual([
      'Navn',
      'E-mail',
      'Grupper',
      'Kursus',
      'Påkrævet af',
      'Status',
      'Frist',
      'Gennemført',
      'Gyldigt til',
      'Score',
      'Fritagelsesgrund',
    ]);
    const [due, completed, valid] = [day('2026-07-01'), day('2026-05-04'), day('2028-05-04')];
    expect(cells(sheet, 2, 11)).toEqual([
      'Åse Ærø Sø',
      'aase@aeroe.dk',
      'Lager, Kontor',
      'Førstehjælp',
      'Alle',
      'Gennemført',
      due,
      completed,
      valid,
      92,
      null,
    ]);
    // A name that looks like a formula is a name: the cell is typed text, nothing is prefixed.
    expect(cells(sheet, 3, 11)).toEqual([
      '=1+1',
      'aase@aeroe.dk',
      null,
      'Førstehjælp',
      'Alle',
      'Fritaget',
      due,
      null,
      valid,
      null,
      'Har kursusbevis',
    ]);
    expect(sheet.getCell('A3').type).toBe(ExcelJS.ValueType.String);
    expect(cells(sheet, 4, 11)).toEqual([
      'Bo',
      'aase@aeroe.dk',
      'Lager, Kontor',
      'Førstehjælp',
      'Alle',
      'Frist overskredet',
      day('2027-01-01'),
      completed,
      null,
      0,
      null,
    ]);
    expect(sheet.getCell('G2').type).toBe(ExcelJS.ValueType.Date);
    expect(sheet.getCell('G2').numFmt).toBe('yyyy-mm-dd');
    expect(sheet.getCell('J2').type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.rowCount).toBe(4);
  });

  it('has a bold, frozen header with a filter over the lines, and columns wide enough to read', async () => {
    const sheet = (await workbookOf(META, [line(), line()])).getWorksheet('Rapport')!;
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('K1').font?.bold).toBe(true);
    expect(sheet.getCell('A2').font?.bold).toBeFalsy();
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:K3');
    for (let column = 1; column <= 11; column++) expect(sheet.getColumn(column).width).toBeGreaterThanOrEqual(8);
    expect(sheet.getColumn(2).width).toBeGreaterThanOrEqual(30);
  });

  it('says on its second sheet what the report is, whose it is and what it was filtered on', async () => {
    const danish = (await workbookOf(META, [line(), line()])).getWorksheet('Om rapporten')!;
    expect(Array.from({ length: danish.rowCount }, (_, i) => cells(danish, i + 1, 2))).toEqual([
      ['Rapport', 'Compliancerapport'],
      ['Virksomhed', 'Ærø Sø ApS'],
      ['CVR-nummer', '25052943'],
      ['Genereret af', 'Mette Ærø Sørensen'],
      ['Genereret', '2026-11-30 18:46 (dansk tid)'],
      ['Status pr.', '2026-11-30 18:45 (dansk tid)'],
      ['Periode', '–'],
      ['Filtre: Gruppe', 'Lager'],
      ['Filtre: Kursus', 'Alle'],
      ['Filtre: Status', 'Frist overskredet'],
      ['Linjer', 2],
      ['Tidszone', 'Datoer og tidspunkter er i dansk tid.'],
    ]);

    const english = await workbookOf(
      {
        ...META,
        language: 'en',
        kind: 'course',
        title: 'First aid',
        cvr: null,
        period: { from: new Date('2025-12-31T23:00:00.000Z'), to: new Date('2026-06-30T21:59:59.000Z') },
        filters: { group: null, course: null, status: null },
      },
      [],
    );
    expect(english.worksheets.map((sheet) => sheet.name)).toEqual(['Report', 'About']);
    const aboutSheet = english.getWorksheet('About')!;
    const about = new Map(
      Array.from({ length: aboutSheet.rowCount }, (_, i) => [aboutSheet.getCell(i + 1, 1).value, aboutSheet.getCell(i + 1, 2).value]),
    );
    expect(about.get('Report')).toBe('Completion report: First aid');
    expect(about.get('CVR number')).toBe('–');
    expect(about.get('Period')).toBe('2026-01-01 to 2026-06-30');
    expect(about.get('Filters: Status')).toBe('All');
    expect(about.get('Lines')).toBe(0);
    expect(cells(english.getWorksheet('Report')!, 1, 3)).toEqual(['Name', 'Email', 'Groups']);
  });

  it('writes 100,000 lines in flat memory', async () => {
    const gc = garbageCollector();
    let bytes = 0;
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done();
      },
    });
    const held = () => {
      gc();
      const { heapUsed, arrayBuffers } = process.memoryUsage();
      return { heapUsed, arrayBuffers };
    };
    const before = held();
    let peak = { heap: 0, buffers: 0 };
    const probe = () => {
      const now = held();
      peak = {
        heap: Math.max(peak.heap, now.heapUsed - before.heapUsed),
        buffers: Math.max(peak.buffers, now.arrayBuffers - before.arrayBuffers),
      };
    };
    await writeXlsx(META, many(100_000, undefined, probe), out);
    probe();
    // Held whole, exceljs's workbook of these lines takes over 300 MB before it is even written.
    expect(bytes).toBeGreaterThan(2_000_000);
    expect(peak.heap).toBeLessThan(150 * 1024 * 1024);
    expect(peak.buffers).toBeLessThan(50 * 1024 * 1024);
  }, 300_000);

  it('waits for a stalled download instead of reading every line, and finishes when it moves', async () => {
    const pulled = { count: 0 };
    const waiting: (() => void)[] = [];
    const out = new Writable({ write: (_chunk, _encoding, done) => void waiting.push(() => done()) });
    const done = writeXlsx(META, many(50_000, pulled), out);
    for (let i = 0; i < 500; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(pulled.count).toBeGreaterThan(0);
    expect(pulled.count).toBeLessThan(10_000);
    const release = setInterval(() => waiting.splice(0).forEach((next) => next()), 0);
    await done;
    clearInterval(release);
    expect(pulled.count).toBe(50_000);
  }, 300_000);

  it('stops reading and throws when the download is cancelled, early or at the very end', async () => {
    for (const count of [50_000, 3]) {
      const pulled = { count: 0 };
      const out = new Writable({ write: () => {} });
      const done = writeXlsx(META, many(count, pulled), out);
      for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
      out.destroy();
      await expect(done).rejects.toBeInstanceOf(OutputClosed);
      expect(pulled.count).toBeLessThan(10_000);
    }
  });

  it('destroys the reply and throws when the lines fail', async () => {
    const out = new Writable({ write: (_chunk, _encoding, done) => done() });
    const failing = (async function* () {
      yield line();
      throw new Error('the database went away');
    })();
    await expect(writeXlsx(META, failing, out)).rejects.toThrow('the database went away');
    expect(out.destroyed).toBe(true);
  });
});
