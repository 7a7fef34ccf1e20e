import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComplianceStatus, TComplianceMatrix, TPersonReport } from '../../src/shared/schemas/compliance.ts';
import { compactOf, type StatusDates } from '../../src/server/domains/compliance/status.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { courseOfNinetyMinutes, pdfText } from '../helpers/certificates.ts';
import { addPerson, call, company, type Company, type Person } from '../helpers/courses.ts';

// The compliance matrix and its exports on a fixed clock: each person's record is given the dates
// of one status, and the reports say that status, in JSON, CSV, XLSX and PDF.
const NOW = new Date('2027-06-15T10:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString();

let t: TestApp;
let c: Company;
let requirementId: string;
let groupId: string;
const people = new Map<ComplianceStatus, Person>();

/** Each status, the name of its person (sorted as listed), and the dates that make it. */
const CASES: [ComplianceStatus, string, Record<string, string | number | null>][] = [
  ['not-started', 'Anders Ærø', {}],
  ['in-progress', 'Bente Østergård', { started_at: at(-2) }],
  ['overdue', 'Carl Åberg', { due_at: at(-1) }],
  ['completed', 'Dorte Dahl', { completed_at: at(-100), score: 92 }],
  ['expiring', 'Erik Eriksen', { completed_at: at(-300), valid_until: at(20), expiring_from: at(-10), score: 80 }],
  ['expired', 'Frida Frost', { completed_at: at(-400), valid_until: at(-5), expiring_from: at(-35) }],
  ['exempted', 'Gitte "G;G" Grøn', { exempt_reason: 'Uddannet sygeplejerske', exempted_at: at(-3) }],
];

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  c = await company(t);
  const course = await courseOfNinetyMinutes(t, c.admin.organisationId, c.instructor.id, 'Førstehjælp på arbejdspladsen');
  groupId = ((await call(t, c.admin, 'POST', '/api/groups', { name: 'Værksted Ølstykke', kind: 'location' })).json() as { id: string }).id;
  for (const [status, name] of CASES) {
    const person = await addPerson(t, c.admin.organisationId, 'learner');
    await t.db.updateTable('users').set({ contact_name: name }).where('id', '=', person.id).execute();
    people.set(status, person);
  }
  await call(t, c.admin, 'PUT', `/api/groups/${groupId}/members`, { userIds: [...people.values()].map((p) => p.id) });
  const res = await call(t, c.admin, 'POST', '/api/requirements', { courseId: course.id, groupId, dueDays: 10, recurMonths: 12 });
  expect(res.statusCode, res.body).toBe(201);
  requirementId = (res.json() as { id: string }).id;
  // Each record given its dates, and what the server keeps beside them for counting (as it would write them).
  for (const [status, , dates] of CASES) {
    const record = await t.db
      .selectFrom('compliance_records')
      .selectAll()
      .where('requirement_id', '=', requirementId)
      .where('user_id', '=', people.get(status)!.id)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('compliance_records')
      .set({ ...dates, ...compactOf({ ...record, ...dates } as StatusDates) })
      .where('requirement_id', '=', requirementId)
      .where('user_id', '=', people.get(status)!.id)
      .execute();
  }
});

afterAll(async () => {
  await t.close();
});

const matrix = async (query = '') => {
  const res = await call(t, c.admin, 'GET', `/api/reports/compliance?group=${groupId}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TComplianceMatrix;
};

describe('the matrix', () => {
  it('gives each person the status their dates make on the clock, counted by status', async () => {
    const m = await matrix();
    expect(m.at).toBe(NOW.toISOString());
    expect(m.people).toBe(CASES.length);
    expect(m.rows.map((r) => [r.name, r.cells[0]!.status])).toEqual(CASES.map(([status, name]) => [name, status]));
    expect(m.counts).toEqual(Object.fromEntries(CASES.map(([status]) => [status, 1])));
    expect(m.columns).toEqual([
      expect.objectContaining({
        requirementId,
        courseTitle: 'Førstehjælp på arbejdspladsen',
        groupName: 'Værksted Ølstykke',
        recurMonths: 12,
      }),
    ]);
    const dorte = m.rows.find((r) => r.id === people.get('completed')!.id)!.cells[0]!;
    expect(dorte).toMatchObject({ completedAt: at(-100), score: 92, validUntil: null });
    // Due ten days after the requirement was made on the clock's day.
    expect(m.rows.find((r) => r.id === people.get('not-started')!.id)!.cells[0]!.dueAt).toBe(at(10));
  });

  it('filters by status and pages people by name', async () => {
    const overdue = await matrix('&status=overdue');
    expect(overdue.rows.map((r) => r.name)).toEqual(['Carl Åberg']);
    expect(overdue.counts.overdue).toBe(1);
    expect(overdue.counts.completed).toBe(0);
    const second = await matrix('&pageSize=3&page=2');
    expect(second.rows.map((r) => r.name)).toEqual(['Dorte Dahl', 'Erik Eriksen', 'Frida Frost']);
    expect(second.people).toBe(CASES.length);
    expect((await call(t, c.admin, 'GET', `/api/reports/compliance?status=late`)).statusCode).toBe(400);
    expect((await call(t, c.admin, 'GET', `/api/reports/compliance?pageSize=1000`)).statusCode).toBe(400);
  });

  it("answers a person's training record with their requirements and certificates", async () => {
    const res = await call(t, c.admin, 'GET', `/api/reports/people/${people.get('expiring')!.id}`);
    expect(res.statusCode).toBe(200);
    const record = res.json() as TPersonReport;
    expect(record.person).toMatchObject({ name: 'Erik Eriksen', groups: [{ id: groupId, name: 'Værksted Ølstykke' }] });
    expect(record.requirements).toEqual([
      expect.objectContaining({ requirementId, status: 'expiring', validUntil: at(20), score: 80, groupName: 'Værksted Ølstykke' }),
    ]);
  });
});

describe('the exports', () => {
  it('writes CSV that Danish Excel opens: UTF-8 with a BOM, semicolons, Danish letters intact', async () => {
    const res = await call(t, c.admin, 'GET', `/api/reports/compliance?group=${groupId}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[\w.-]+\.csv"$/);
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines).toHaveLength(1 + CASES.length);
    expect(lines[0]!.split(';').length).toBeGreaterThan(5);
    expect(lines[1]).toContain('Anders Ærø');
    expect(lines[2]).toContain('Bente Østergård');
    expect(lines.some((l) => l.includes('"Gitte ""G;G"" Grøn"'))).toBe(true);
    expect(lines.some((l) => l.includes('Værksted Ølstykke'))).toBe(true);
  });

  it('writes XLSX whose rows, read back, match the JSON', async () => {
    const res = await call(t, c.admin, 'GET', `/api/reports/compliance?group=${groupId}&format=xlsx`);
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const column = (name: string) => header.indexOf(name) + 1;
    const json = await matrix();
    const rows: [string, string, number | null][] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const score = row.getCell(column('Score')).value;
      rows.push([
        String(row.getCell(column('Name')).value),
        String(row.getCell(column('Status')).value),
        score === null ? null : Number(score),
      ]);
    });
    const words: Record<ComplianceStatus, string> = {
      'not-started': 'Not started',
      'in-progress': 'In progress',
      completed: 'Completed',
      expiring: 'Expiring soon',
      overdue: 'Overdue',
      expired: 'Expired',
      exempted: 'Exempted',
    };
    expect(rows).toEqual(json.rows.map((r) => [r.name, words[r.cells[0]!.status], r.cells[0]!.score]));
  });

  it('lays out a PDF for an auditor: company, who made it and when, every person and status', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/reports/compliance?group=${groupId}&format=pdf`,
      headers: { cookie: c.admin.cookie, 'accept-language': 'da' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(res.rawPayload));
    expect(text).toContain('Nordisk Læring ApS');
    expect(text).toContain('Værksted Ølstykke');
    for (const [, name] of CASES.slice(0, 6)) expect(text).toContain(name);
    expect(text).toContain('Frist overskredet');
    expect(text).toContain('Udløber snart');
    // A person's own record, as a file too.
    const mine = await call(t, people.get('completed')!, 'GET', `/api/reports/people/${people.get('completed')!.id}?format=pdf`);
    expect(mine.statusCode).toBe(200);
    expect(await pdfText(new Uint8Array(mine.rawPayload))).toContain('Dorte Dahl');
  });
});
