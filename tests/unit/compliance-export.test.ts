import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  COMPLIANCE_STATUSES,
  fileName,
  FORMATS,
  OutputClosed,
  STATUS_WORDS,
  writeCsv,
  type ReportLine,
  type ReportMeta,
} from '../../src/server/domains/compliance/export/index.ts';
import { TEXTS } from '../../src/server/domains/compliance/export/texts.ts';

// The compliance reports' writers, read back the way their readers read them: the CSV as UTF-8
// text split as Excel splits it.

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

/** `count` lines, one of each status in turn, counting in `pulled` how many the writer has taken. */
function many(count: number, pulled = { count: 0 }): AsyncGenerator<ReportLine> {
  return (async function* () {
    for (let i = 0; i < count; i++) {
      pulled.count++;
      yield line({
        person: `Person ${i} Ærø`,
        email: `p${i}@aeroe.dk`,
        status: COMPLIANCE_STATUSES[i % COMPLIANCE_STATUSES.length]!,
        score: i % 101,
      });
    }
  })();
}

/** A writable that keeps what it is given. */
function collector() {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { out, bytes: () => Buffer.concat(chunks) };
}

/** A writable that takes nothing until released, like a download that has stalled. */
function stalled() {
  const waiting: (() => void)[] = [];
  const out = new Writable({ write: (_chunk, _encoding, done) => void waiting.push(() => done()) });
  return { out, release: () => setInterval(() => waiting.splice(0).forEach((done) => done()), 0) };
}

const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

/** Semicolon-separated CSV with RFC 4180 quotes, as Excel reads it: rows of fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (!quoted && c === ';') {
      row.push(field);
      field = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      rows.push([...row, field]);
      [row, field] = [[], ''];
      i++;
    } else field += c;
  }
  return rows;
}

async function csvOf(meta: ReportMeta, lines: ReportLine[]) {
  const { out, bytes } = collector();
  await writeCsv(meta, each(lines), out);
  return bytes();
}

describe('the CSV', () => {
  it('is UTF-8 with a byte order mark, semicolons and CRLF, with æøå intact and Danish headers', async () => {
    const bytes = await csvOf(META, [line(), line({ person: 'Bo Ødegård', groups: [], score: null, completedAt: null })]);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n')[0]).toBe('Navn;E-mail;Grupper;Kursus;Påkrævet af;Status;Frist;Gennemført;Gyldigt til;Score;Fritagelsesgrund');
    expect(parseCsv(text).slice(1)).toEqual([
      [
        'Åse Ærø Sø',
        'aase@aeroe.dk',
        'Lager, Kontor',
        'Førstehjælp',
        'Alle',
        'Gennemført',
        '2026-07-01',
        '2026-05-04',
        '2028-05-04',
        '92',
        '',
      ],
      ['Bo Ødegård', 'aase@aeroe.dk', '', 'Førstehjælp', 'Alle', 'Gennemført', '2026-07-01', '', '2028-05-04', '', ''],
    ]);
  });

  it('speaks English when asked', async () => {
    const text = (await csvOf({ ...META, language: 'en' }, [line({ status: 'expiring' })])).toString('utf8');
    const [header, row] = parseCsv(text.slice(1));
    expect(header).toEqual([
      'Name',
      'Email',
      'Groups',
      'Course',
      'Required of',
      'Status',
      'Due',
      'Completed',
      'Valid until',
      'Score',
      'Exemption reason',
    ]);
    expect(row![5]).toBe('Expiring soon');
  });

  it('quotes semicolons, quotes and line breaks, doubling the quotes', async () => {
    const text = (
      await csvOf(META, [
        line({ person: 'Hansen; Jens', course: 'Kursus "A"', exemptReason: 'Første linje\r\nanden linje', groups: ['A;B'] }),
      ])
    ).toString('utf8');
    expect(text).toContain('"Hansen; Jens";aase@aeroe.dk;"A;B";"Kursus ""A""";');
    expect(text).toContain(';"Første linje\r\nanden linje"\r\n');
    expect(parseCsv(text.slice(1))[1]).toEqual([
      'Hansen; Jens',
      'aase@aeroe.dk',
      'A;B',
      'Kursus "A"',
      'Alle',
      'Gennemført',
      '2026-07-01',
      '2026-05-04',
      '2028-05-04',
      '92',
      'Første linje\r\nanden linje',
    ]);
  });

  it('keeps cells that a spreadsheet would run as formulas as text, with a leading apostrophe', async () => {
    const people = ['=HYPERLINK("http://x.example";"klik")', '+45 12 34 56 78', '-2+3', '@SUM(A1)', '\tTab', '\rCR', 'Anne-Mette'];
    const rows = parseCsv(
      (
        await csvOf(
          META,
          people.map((person) => line({ person })),
        )
      )
        .toString('utf8')
        .slice(1),
    );
    expect(rows.slice(1).map((row) => row[0])).toEqual([
      `'=HYPERLINK("http://x.example";"klik")`,
      "'+45 12 34 56 78",
      "'-2+3",
      "'@SUM(A1)",
      "'\tTab",
      "'\rCR",
      'Anne-Mette',
    ]);
  });

  it('gives dates as the calendar date in Copenhagen, summer and winter', async () => {
    const rows = parseCsv(
      (
        await csvOf(META, [
          line({ dueAt: '2026-06-30T23:30:00.000Z', completedAt: '2026-06-30T21:59:00.000Z', validUntil: '2026-12-31T23:00:00.000Z' }),
          line({ dueAt: '2026-12-31T22:59:59.000Z', completedAt: null, validUntil: null }),
        ])
      )
        .toString('utf8')
        .slice(1),
    );
    expect(rows[1]!.slice(6, 9)).toEqual(['2026-07-01', '2026-06-30', '2027-01-01']);
    expect(rows[2]!.slice(6, 9)).toEqual(['2026-12-31', '', '']);
  });

  it('waits for a stalled download instead of reading every line into memory, and finishes when it moves', async () => {
    const pulled = { count: 0 };
    const { out, release } = stalled();
    const done = writeCsv(META, many(20_000, pulled), out);
    await turns(200);
    expect(pulled.count).toBeLessThan(2_000);
    const releasing = release();
    await done;
    clearInterval(releasing);
    expect(pulled.count).toBe(20_000);
  });

  it('stops reading and throws when the download is cancelled, and destroys the reply when the lines fail', async () => {
    const { out } = stalled();
    const done = writeCsv(META, many(20_000), out);
    await turns(20);
    out.destroy();
    await expect(done).rejects.toBeInstanceOf(OutputClosed);

    const broken = collector();
    const failing = (async function* () {
      yield line();
      throw new Error('the database went away');
    })();
    await expect(writeCsv(META, failing, broken.out)).rejects.toThrow('the database went away');
    expect(broken.out.destroyed).toBe(true);
  });
});

describe('the words and the file names', () => {
  it('has the status words in both languages', () => {
    expect(STATUS_WORDS).toEqual({
      'not-started': { da: 'Ikke startet', en: 'Not started' },
      'in-progress': { da: 'I gang', en: 'In progress' },
      completed: { da: 'Gennemført', en: 'Completed' },
      expiring: { da: 'Udløber snart', en: 'Expiring soon' },
      overdue: { da: 'Frist overskredet', en: 'Overdue' },
      expired: { da: 'Udløbet', en: 'Expired' },
      exempted: { da: 'Fritaget', en: 'Exempted' },
    });
    expect(Object.keys(STATUS_WORDS).sort()).toEqual([...COMPLIANCE_STATUSES].sort());
  });

  it('has every text in both languages, with the same {slots}', () => {
    const slots = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of Object.entries(TEXTS)) {
      expect(text.da.trim(), key).not.toBe('');
      expect(text.en.trim(), key).not.toBe('');
      expect(slots(text.en), key).toEqual(slots(text.da));
    }
  });

  it('uses the glossary’s words, never a variant it rules out', () => {
    const glossary = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '../../src/client/locales/glossary.json'), 'utf8'),
    ) as Record<'da' | 'en', Record<string, { use: string; not: string[] }>>;
    // As tests/unit/glossary.test.ts reads an entry: a whole word in any case, * standing for any letters.
    const word = (entry: string) =>
      new RegExp(
        `(?<![\\p{L}\\p{N}])${entry.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\*/g, '[\\p{L}\\p{N}]*')}(?![\\p{L}\\p{N}])`,
        'giu',
      );
    const problems = (['da', 'en'] as const).flatMap((language) =>
      [...Object.values(TEXTS), ...Object.values(STATUS_WORDS)].flatMap(({ [language]: text }) =>
        Object.values(glossary[language]).flatMap((term) => {
          // A variant inside the chosen word does not count: Danish "e-mail" holds "mail".
          const chosen = [...text.matchAll(word(`${term.use}*`))].map((m) => [m.index, m.index + m[0].length]);
          return term.not.flatMap((entry) =>
            [...text.matchAll(word(entry))]
              .filter((m) => !chosen.some(([from, to]) => from! <= m.index && m.index + m[0].length <= to!))
              .map((m) => `${language}: "${text}" says "${m[0]}", not "${term.use}"`),
          );
        }),
      ),
    );
    expect(problems).toEqual([]);
  });

  it('names the download in ASCII after the report and its Copenhagen date', () => {
    const at = { asOf: new Date('2026-11-30T12:00:00.000Z') };
    expect(fileName({ ...at, kind: 'compliance', title: '', language: 'da' }, 'csv')).toBe('compliance-2026-11-30.csv');
    expect(fileName({ ...at, kind: 'compliance', title: '', language: 'en' }, 'xlsx')).toBe('compliance-2026-11-30.xlsx');
    // 00:30 in Copenhagen on 1 December.
    const late = { asOf: new Date('2026-11-30T23:30:00.000Z') };
    expect(fileName({ ...late, kind: 'person', title: 'Mette Ærø Sørensen', language: 'da' }, 'pdf')).toBe(
      'uddannelsesoversigt-mette-aeroe-soerensen-2026-12-01.pdf',
    );
    expect(fileName({ ...at, kind: 'course', title: 'Brandsikkerhed & evakuering (Åbningskursus)', language: 'en' }, 'pdf')).toBe(
      'completion-report-brandsikkerhed-evakuering-aabningskursus-2026-11-30.pdf',
    );
    expect(fileName({ ...at, kind: 'course', title: '安全 🚒', language: 'da' }, 'csv')).toBe('gennemfoerelsesrapport-2026-11-30.csv');
    expect(fileName({ ...at, kind: 'person', title: 'Zoë Ångström-Łukasz '.repeat(10), language: 'en' }, 'csv')).toMatch(
      /^training-record-zoe-aangstrom-lukasz-[a-z0-9-]{0,40}[a-z0-9]-2026-11-30\.csv$/,
    );
  });

  it('sends each format as its content type', () => {
    expect(FORMATS).toEqual({
      csv: { contentType: 'text/csv; charset=utf-8', extension: 'csv' },
      xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
      pdf: { contentType: 'application/pdf', extension: 'pdf' },
    });
  });
});
