import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import {
  COMPLIANCE_STATUSES,
  PDF_LINE_LIMIT,
  PdfTooLarge,
  renderPdf,
  type ReportLine,
  type ReportMeta,
} from '../../src/server/domains/compliance/export/index.ts';

// The compliance report's PDF, read back as text with pdf.js (unpdf), page by page.

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
  groups: ['Lager'],
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

/** `count` lines, one of each status in turn, counting in `pulled` how many the renderer has taken. */
async function* many(count: number, pulled = { count: 0 }): AsyncGenerator<ReportLine> {
  for (let i = 0; i < count; i++) {
    pulled.count++;
    yield line({ person: `Person ${i} Ærø`, email: `p${i}@aeroe.dk`, status: COMPLIANCE_STATUSES[i % COMPLIANCE_STATUSES.length]! });
  }
}

async function* each<T>(items: Iterable<T>): AsyncGenerator<T> {
  yield* items;
}

/** Each page's text. */
async function pagesOf(meta: ReportMeta, lines: AsyncIterable<ReportLine>): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(await renderPdf(meta, lines)), { mergePages: false });
  return text;
}

const HEADER = 'Navn E-mail Kursus Påkrævet af Status Frist Gennemført Gyldigt til Score';

describe('the PDF', () => {
  it('heads the report with what it is, whose, as of when, filtered on what and made by whom', async () => {
    const lines = COMPLIANCE_STATUSES.map((status, i) => line({ person: `Kursist ${i}`, status }));
    const [page, ...rest] = await pagesOf(META, each([line(), ...lines]));
    expect(rest).toEqual([]);
    expect(page).toMatch(/^Compliancerapport\n/);
    expect(page).toContain('Virksomhed: Ærø Sø ApS, CVR-nummer 25052943');
    expect(page).toContain('Status pr.: 2026-11-30 18:45 (dansk tid)');
    expect(page).toContain('Filtre: Gruppe: Lager · Status: Frist overskredet');
    expect(page).toContain('Genereret af: Mette Ærø Sørensen, 2026-11-30 18:46 (dansk tid)');
    expect(page).not.toContain('Periode');
    expect(page).toContain(HEADER);
    // The date in Copenhagen: 23:30 UTC on 30 June is 1 July there.
    expect(page).toContain('Åse Ærø Sø aase@aeroe.dk Førstehjælp Alle Gennemført 2026-07-01 2026-05-04 2028-05-04 92 %');
    for (const word of ['Ikke startet', 'I gang', 'Gennemført', 'Udløber snart', 'Frist overskredet', 'Udløbet', 'Fritaget'])
      expect(page).toContain(word);
    expect(page).toContain('Side 1 af 1');
    expect(page).toContain('Genereret 2026-11-30 18:46 (dansk tid)');
    const summary = page!.slice(page!.indexOf('Opsummering'));
    expect(summary).toContain(
      'Status Antal\nIkke startet 1\nI gang 1\nGennemført 2\nUdløber snart 1\nFrist overskredet 1\nUdløbet 1\nFritaget 1\nI alt 8',
    );
  });

  it('names a person’s training record and a course’s completion report, in either language', async () => {
    const [person] = await pagesOf(
      {
        ...META,
        language: 'en',
        kind: 'person',
        title: 'Åse Ærø Sø',
        cvr: null,
        period: { from: new Date('2025-12-31T23:00:00.000Z'), to: new Date('2026-06-30T21:59:59.000Z') },
        filters: { group: null, course: null, status: null },
      },
      each([line({ status: 'exempted', exemptReason: 'Holds an equivalent certificate', score: null })]),
    );
    expect(person).toMatch(/^Training record of Åse Ærø Sø\n/);
    expect(person).toContain('Company: Ærø Sø ApS\n');
    expect(person).toContain('Period: 2026-01-01 to 2026-06-30');
    expect(person).toContain('Status as of: 2026-11-30 18:45 (Danish time)');
    expect(person).toContain('Filters: None');
    expect(person).toContain('Name Email Course Required of Status Due Completed Valid until Score');
    expect(person).toMatch(/Exempted\s+Holds an equivalent\s+certificate/);
    expect(person).toContain('Page 1 of 1');
    expect(person).toContain('Summary');
    expect(person).toContain('Total 1');

    const [course] = await pagesOf({ ...META, kind: 'course', title: 'Førstehjælp' }, each([line()]));
    expect(course).toMatch(/^Gennemførelsesrapport: Førstehjælp\n/);
  });

  it('continues the table over pages, the header repeated on each, every line once', async () => {
    const pages = await pagesOf(META, many(150));
    expect(pages.length).toBeGreaterThanOrEqual(4);
    pages.forEach((page, i) => {
      expect(page).toContain(`Side ${i + 1} af ${pages.length}`);
      if (i > 0) expect(page).toMatch(/^Compliancerapport \(fortsat\)\n/);
    });
    // Every page with lines on it has the header above them.
    const withLines = pages.filter((page) => /Person \d+ Ærø/.test(page));
    expect(withLines.length).toBeGreaterThanOrEqual(4);
    for (const page of withLines) expect(page.indexOf(HEADER)).toBeLessThan(page.search(/Person \d+ Ærø/));
    const people = pages.flatMap((page) => [...page.matchAll(/Person (\d+) Ærø/g)].map((m) => Number(m[1])));
    expect(people).toEqual(Array.from({ length: 150 }, (_, i) => i));
    expect(pages.at(-1)).toContain('I alt 150');
  });

  it('fits long text to its column, wrapped and then cut with an ellipsis, and draws letters the font lacks', async () => {
    const long = `Anne-Marie ${'Kristiansen-Østergaard '.repeat(12)}Slutnavn`;
    const [page] = await pagesOf(
      META,
      each([
        line({
          person: long,
          course: 'Brand og evakuering',
          email: 'anne-marie.kristiansen-oestergaard@et-meget-langt-domaene.example.dk',
        }),
        line({ person: 'Łukasz Ćwikła 李' }),
      ]),
    );
    expect(page).toContain('Anne-Marie');
    expect(page).not.toContain('Slutnavn');
    // An address has no spaces to wrap at: it is broken between characters, then cut.
    expect(page).toMatch(/\nanne-marie\.kristiansen-oestergaard\s+@et-meget-langt-domaene\.ex[a-z.]*…/);
    expect(page).not.toContain('example.dk');
    expect(page).toContain('Lukasz Cwikla ?');
  });

  it('says so when no line matches', async () => {
    const [page] = await pagesOf(META, each([]));
    expect(page).toContain('Ingen linjer matcher rapportens filtre.');
    expect(page).not.toContain(HEADER);
    expect(page).toContain('I alt 0');
  });

  it(`refuses more than ${PDF_LINE_LIMIT} lines before drawing any, with the limit`, async () => {
    const pulled = { count: 0 };
    const error = await renderPdf(META, many(PDF_LINE_LIMIT + 500, pulled)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PdfTooLarge);
    expect((error as PdfTooLarge).limit).toBe(20_000);
    expect((error as PdfTooLarge).message).toMatch(/CSV or XLSX/);
    expect(pulled.count).toBe(PDF_LINE_LIMIT + 1);
  });

  it(`renders ${PDF_LINE_LIMIT} lines`, async () => {
    const document = await getDocumentProxy(await renderPdf(META, many(PDF_LINE_LIMIT)));
    expect(document.numPages).toBeGreaterThan(300);
    // Only the last page is read: pdf.js would take longer over all of them than the rendering.
    const last = await document.getPage(document.numPages);
    const text = (await last.getTextContent()).items
      .map((item) => ('str' in item ? item.str : ''))
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(text).toContain(`Side ${document.numPages} af ${document.numPages}`);
    expect(text).toContain(`I alt ${PDF_LINE_LIMIT}`);
  }, 300_000);
});
