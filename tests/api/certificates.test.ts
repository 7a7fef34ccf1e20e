import { createPrivateKey, createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_FILE } from '../../src/server/domains/learning/certificates/keys.ts';
import { canonicalStatement } from '../../src/server/domains/learning/certificates/statement.ts';
import { signingKeyId } from '../../src/server/security/signing-key.ts';
import { buildTestApp, createTestApp, PUBLIC_URL, type TestApp } from '../helpers/app.ts';
import { completeCourse, courseOfNinetyMinutes, pdfText } from '../helpers/certificates.ts';
import { addPerson, call, company, type Company, type Person } from '../helpers/courses.ts';
import { uploadBrandImage } from '../helpers/media.ts';

// Certificates issued on completion, signed, verified by anyone, downloaded, revoked.

const CODE = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/;

let t: TestApp;
let a: Company;
let b: Company;
beforeAll(async () => {
  t = await createTestApp();
  a = await company(t);
  b = await company(t);
});
afterAll(async () => t.close());

const nameOf = async (person: Person) =>
  (await t.db.selectFrom('users').select('contact_name').where('id', '=', person.id).executeTakeFirstOrThrow()).contact_name;
const certificatesOf = (userId: string, courseId: string) =>
  t.db.selectFrom('certificates').selectAll().where('user_id', '=', userId).where('course_id', '=', courseId).execute();

/** A learner of company A who completed a new course of A's instructor; answers the course and the certificate's code. */
async function completed(learner: Person, title = 'Korte møder med beslutninger') {
  const course = await courseOfNinetyMinutes(t, a.admin.organisationId, a.instructor.id, title);
  const done = await completeCourse(t, learner, course.id);
  expect(done.statusCode, done.body).toBe(200);
  const [row] = await certificatesOf(learner.id, course.id);
  return { course, code: row!.code, row: row! };
}

const danishDate = (iso: string) =>
  new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Copenhagen' }).format(new Date(iso));
const englishDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Copenhagen' }).format(new Date(iso));

describe('issuing', () => {
  it('issues one certificate on completion, stating the holder, course, company, instructor, minutes and language, signed by the key it names', async () => {
    const learner = await addPerson(t, a.admin.organisationId, 'learner');
    const { course, row } = await completed(learner, 'Sikkerhed på kontoret');
    const enrolment = await t.db
      .selectFrom('enrolments')
      .selectAll()
      .where('course_id', '=', course.id)
      .where('user_id', '=', learner.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      enrolment_id: enrolment.id,
      organisation_id: a.admin.organisationId,
      holder_name: await nameOf(learner),
      course_title: 'Sikkerhed på kontoret',
      company_name: 'Nordisk Læring ApS',
      instructor_name: await nameOf(a.instructor),
      minutes: 90,
      language: 'da',
      issued_at: enrolment.completed_at,
      revoked_at: null,
    });
    expect(row.code).toMatch(CODE);
    // The signature checks out with nothing but the public key recorded under its key id.
    const key = await t.db.selectFrom('signing_keys').selectAll().where('key_id', '=', row.key_id).executeTakeFirstOrThrow();
    expect(
      verify(null, Buffer.from(canonicalStatement(row)), createPublicKey(key.public_key), Buffer.from(row.signature, 'base64url')),
    ).toBe(true);

    const list = await call(t, learner, 'GET', '/api/certificates');
    expect(list.statusCode).toBe(200);
    expect(list.json().certificates).toEqual([
      {
        code: row.code,
        kind: 'course',
        courseId: course.id,
        pathId: null,
        courseTitle: 'Sikkerhed på kontoret',
        companyName: 'Nordisk Læring ApS',
        issuedAt: enrolment.completed_at,
        // A course nobody must take again: it never expires.
        expiresAt: null,
        status: 'genuine',
        revokedAt: null,
        verifyUrl: `${PUBLIC_URL}/verify/${row.code}`,
        pdfUrl: `/api/certificates/${row.code}/pdf`,
      },
    ]);
    expect((await call(t, null, 'GET', '/api/certificates')).statusCode).toBe(401);
    // Nobody else's list shows it.
    expect((await call(t, a.admin, 'GET', '/api/certificates')).json().certificates).toEqual([]);
  });

  it('issues exactly once when the last lesson is completed many times at once while the list catches up, and again later', async () => {
    const learner = await addPerson(t, a.admin.organisationId, 'learner');
    const course = await courseOfNinetyMinutes(t, a.admin.organisationId, a.instructor.id, 'Samtidighed');
    await call(t, learner, 'POST', `/api/courses/${course.id}/enrol`);
    const lessons = (await call(t, learner, 'GET', `/api/learning/${course.id}`))
      .json()
      .modules.flatMap((m: { lessons: { id: string }[] }) => m.lessons);
    for (const lesson of lessons.slice(0, -1)) await call(t, learner, 'POST', `/api/learning/${course.id}/lessons/${lesson.id}/complete`);
    const last = `/api/learning/${course.id}/lessons/${lessons.at(-1).id}/complete`;
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => call(t, learner, 'POST', last)),
      ...Array.from({ length: 3 }, () => call(t, learner, 'GET', '/api/certificates')),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual(Array(9).fill(200));
    expect(await certificatesOf(learner.id, course.id)).toHaveLength(1);
    expect((await call(t, learner, 'POST', last)).statusCode).toBe(200);
    expect((await call(t, learner, 'GET', '/api/certificates')).json().certificates).toHaveLength(1);
    expect(await certificatesOf(learner.id, course.id)).toHaveLength(1);
  });

  it('never fails the completion when the certificate cannot be issued; the learner’s list issues it later', async () => {
    const postgres = t.database.url.startsWith('postgres');
    // The database refuses certificates for a while (a full disk, a lost connection…).
    if (postgres) {
      await sql`create function refuse_certificates() returns trigger language plpgsql as $$ begin raise exception 'certificates refused by the test'; end $$`.execute(
        t.db,
      );
      await sql`create trigger refuse_certificates before insert on certificates for each row execute function refuse_certificates()`.execute(
        t.db,
      );
    } else
      await sql`create trigger refuse_certificates before insert on certificates begin select raise(abort, 'certificates refused by the test'); end`.execute(
        t.db,
      );
    const learner = await addPerson(t, a.admin.organisationId, 'learner');
    const course = await courseOfNinetyMinutes(t, a.admin.organisationId, a.instructor.id, 'Uden bevis endnu');
    try {
      const done = await completeCourse(t, learner, course.id);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ courseCompleted: true, courseProgress: 100 });
      expect(await certificatesOf(learner.id, course.id)).toEqual([]);
    } finally {
      await sql`drop trigger refuse_certificates${sql.raw(postgres ? ' on certificates' : '')}`.execute(t.db);
      if (postgres) await sql`drop function refuse_certificates()`.execute(t.db);
    }
    const list = (await call(t, learner, 'GET', '/api/certificates')).json().certificates;
    expect(list).toMatchObject([{ courseId: course.id, status: 'genuine' }]);
    expect(await certificatesOf(learner.id, course.id)).toHaveLength(1);
  });
});

describe('verification', () => {
  it('tells anyone, without a session, that a certificate is genuine, and what it certifies; the code may be typed loosely', async () => {
    const learner = await addPerson(t, a.admin.organisationId, 'learner');
    const { code, row } = await completed(learner);
    const answer = await call(t, null, 'GET', `/api/certificates/${code}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.json()).toEqual({
      code,
      status: 'genuine',
      certificate: {
        kind: 'course',
        holderName: await nameOf(learner),
        holderErased: false,
        courseTitle: 'Korte møder med beslutninger',
        companyName: 'Nordisk Læring ApS',
        instructorName: await nameOf(a.instructor),
        issuedAt: row.issued_at,
        expiresAt: null,
        score: null,
        minutes: 90,
        hours: 1.5,
        language: 'da',
      },
      revokedAt: null,
      revokedReason: null,
      canRevoke: false,
      canDownload: false,
      verifyUrl: `${PUBLIC_URL}/verify/${code}`,
      pdfUrl: `/api/certificates/${code}/pdf`,
    });
    const typed = code.toLowerCase().replaceAll('-', ' ').replaceAll('0', 'o').replaceAll('1', 'l');
    expect((await call(t, null, 'GET', `/api/certificates/${encodeURIComponent(typed)}`)).json().code).toBe(code);
    // Who may do what: the page offers it.
    const rights = async (who: Person) => {
      const { canRevoke, canDownload } = (await call(t, who, 'GET', `/api/certificates/${code}`)).json();
      return { canRevoke, canDownload };
    };
    expect(await rights(a.admin)).toEqual({ canRevoke: true, canDownload: true });
    expect(await rights(learner)).toEqual({ canRevoke: false, canDownload: true });
    for (const other of [a.instructor, a.learner, b.admin]) expect(await rights(other)).toEqual({ canRevoke: false, canDownload: false });
  });

  it('answers 404 for a code that was never issued, or cannot be one', async () => {
    for (const code of ['ABCD-EFGH-JKMN-PQRS', 'nonsense', 'U000-0000-0000-0000']) {
      const answer = await call(t, null, 'GET', `/api/certificates/${code}`);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Certificate not found.' });
    }
  });

  it('shows an altered certificate (any stated field, its key id or its signature) as not valid, without repeating what it claims', async () => {
    const learner = await addPerson(t, a.admin.organisationId, 'learner');
    const { code, row } = await completed(learner);
    const changes: Partial<typeof row>[] = [
      { holder_name: 'Mallory Forfalsker' },
      { course_title: 'Avanceret kvantefysik' },
      { company_name: 'Forfalsket ApS' },
      { instructor_name: 'Professor Falsk' },
      { minutes: 9000 },
      { issued_at: '2020-01-01T00:00:00.000Z' },
      { language: 'en' },
      { organisation_id: b.admin.organisationId },
      { signature: `${row.signature.slice(0, 10)}${row.signature[10] === 'A' ? 'B' : 'A'}${row.signature.slice(11)}` },
      { signature: 'not-a-signature' },
      { key_id: 'no-such-key-id-000000' },
    ];
    for (const change of changes) {
      await t.db.updateTable('certificates').set(change).where('id', '=', row.id).execute();
      const answer = await call(t, a.admin, 'GET', `/api/certificates/${code}`);
      expect(answer.statusCode).toBe(200);
      expect(answer.json(), JSON.stringify(change)).toMatchObject({
        code,
        status: 'invalid',
        certificate: null,
        canRevoke: false,
        canDownload: false,
      });
      expect(answer.body).not.toMatch(/Mallory|kvantefysik|Forfalsket|Falsk/);
      const pdf = await call(t, learner, 'GET', `/api/certificates/${code}/pdf`);
      expect(pdf.statusCode).toBe(409);
      expect(pdf.json().code).toBe('CERTIFICATE_INVALID');
      expect((await call(t, learner, 'GET', '/api/certificates')).json().certificates[0].status).toBe('invalid');
      // Put back as it was, it is genuine again: the signature, not a flag, decides.
      await t.db.updateTable('certificates').set(row).where('id', '=', row.id).execute();
      expect((await call(t, null, 'GET', `/api/certificates/${code}`)).json().status).toBe('genuine');
    }
  });
});

describe('the PDF', () => {
  it('gives its holder an A4 certificate in Danish: holder, course, company, instructor, date, hours, code and address', async () => {
    const learner = await addPerson(t, a.admin.organisationId, 'learner');
    const { code, row } = await completed(learner, 'Korte møder – ærligt og åbent');
    const res = await call(t, learner, 'GET', `/api/certificates/${code}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="kursusbevis-korte-moeder-aerligt-og-aabent-${code}.pdf"`);
    const bytes = new Uint8Array(res.rawPayload);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const document = await PDFDocument.load(bytes);
    expect(document.getPageCount()).toBe(1);
    const { width, height } = document.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([842, 595]);
    const text = await pdfText(bytes);
    // Line by line, as drawn.
    expect(text.split('\n')).toEqual(
      expect.arrayContaining([
        'Kursusbevis',
        'Hermed bekræftes, at',
        await nameOf(learner),
        'har gennemført kurset',
        'Korte møder – ærligt og åbent',
        'udbudt af Nordisk Læring ApS',
        `Instruktør: ${await nameOf(a.instructor)}`,
        `Dato: ${danishDate(row.issued_at)}`,
        'Omfang: 1,5 time',
        `Verifikationskode: ${code}`,
        `${PUBLIC_URL}/verify/${code}`,
      ]),
    );
    expect(text).not.toMatch(/Certificate|TILBAGEKALDT/);
  });

  it('is in English for a learner who uses Kursa in English, whoever downloads it', async () => {
    const learner = await addPerson(t, a.admin.organisationId, 'learner', 'en');
    const { code, row } = await completed(learner, 'Meetings that end in decisions');
    const res = await call(t, a.admin, 'GET', `/api/certificates/${code}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="certificate-meetings-that-end-in-decisions-${code}.pdf"`);
    const text = await pdfText(new Uint8Array(res.rawPayload));
    expect(text.split('\n')).toEqual(
      expect.arrayContaining([
        'Certificate of Completion',
        'This is to certify that',
        'has completed the course',
        'Meetings that end in decisions',
        `Date: ${englishDate(row.issued_at)}`,
        'Duration: 1.5 hours',
        `Verification code: ${code}`,
      ]),
    );
    expect(text).not.toContain('Kursusbevis');
  });

  it('draws a name outside the PDF font’s letters as near as it can, and never fails on it', async () => {
    const learner = await addPerson(t, a.admin.organisationId, 'learner');
    const name = 'Łukasz Żółć 李 🎓';
    await t.db.updateTable('users').set({ contact_name: name }).where('id', '=', learner.id).execute();
    const { code } = await completed(learner);
    expect((await call(t, null, 'GET', `/api/certificates/${code}`)).json().certificate.holderName).toBe(name);
    const res = await call(t, learner, 'GET', `/api/certificates/${code}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(await pdfText(new Uint8Array(res.rawPayload))).toContain('Lukasz Zólc ? ?');
  });

  it('is for the holder and the issuing company’s admins only: other people get 404, no session 401', async () => {
    const learner = await addPerson(t, a.admin.organisationId, 'learner');
    const { code } = await completed(learner);
    for (const other of [a.instructor, a.otherInstructor, a.learner, b.admin, b.learner]) {
      expect((await call(t, other, 'GET', `/api/certificates/${code}/pdf`)).statusCode).toBe(404);
    }
    expect((await call(t, null, 'GET', `/api/certificates/${code}/pdf`)).statusCode).toBe(401);
    expect((await call(t, learner, 'GET', '/api/certificates/ABCD-EFGH-JKMN-PQRS/pdf')).statusCode).toBe(404);
  });
});

describe('the PDF in the company brand', () => {
  it("carries the company's logo and colour, and under white label no Kursa mark", async () => {
    const c = await company(t);
    const logo = await uploadBrandImage(t.app, c.admin.cookie);
    expect(logo.statusCode, logo.body).toBe(200);
    const learner = await addPerson(t, c.admin.organisationId, 'learner');
    const course = await courseOfNinetyMinutes(t, c.admin.organisationId, c.instructor.id, 'Brand og kursusbevis');
    expect((await completeCourse(t, learner, course.id)).statusCode).toBe(200);
    const [row] = await certificatesOf(learner.id, course.id);
    const pdf = async () => {
      const res = await call(t, learner, 'GET', `/api/certificates/${row!.code}/pdf`);
      expect(res.statusCode).toBe(200);
      return { raw: Buffer.from(res.rawPayload).toString('latin1'), text: await pdfText(new Uint8Array(res.rawPayload)) };
    };
    // The logo is drawn where Kursa's name would head the page.
    let drawn = await pdf();
    expect(drawn.raw).toMatch(/\/Subtype\s*\/Image/);
    expect(drawn.text).not.toContain('KURSA');
    expect(drawn.text).toContain('Digitalt signeret af Kursa');

    const whiteLabel = await call(t, c.admin, 'PUT', '/api/organisation/brand', { colour: '#facc15', heroText: null, whiteLabel: true });
    expect(whiteLabel.statusCode, whiteLabel.body).toBe(200);
    drawn = await pdf();
    expect(drawn.text).not.toMatch(/Kursa/i);
    expect(drawn.text).toContain('Digitalt signeret (Ed25519');
    const document = await PDFDocument.load(new Uint8Array(Buffer.from(drawn.raw, 'latin1')), { updateMetadata: false });
    expect(document.getProducer()).toBe('Nordisk Læring ApS');
  });
});

describe('revocation', () => {
  it('is for an admin of the issuing company alone (others 404), happens once (409), and the certificate then shows as revoked', async () => {
    const learner = await addPerson(t, a.admin.organisationId, 'learner');
    const { code } = await completed(learner);
    const revoke = (who: Person | null, body?: unknown) => call(t, who, 'POST', `/api/certificates/${code}/revoke`, body);
    for (const other of [learner, a.instructor, a.otherInstructor, b.admin]) expect((await revoke(other, {})).statusCode).toBe(404);
    expect((await revoke(null, {})).statusCode).toBe(401);
    const tooLong = await revoke(a.admin, { reason: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual({ reason: 'The reason can be at most 500 characters.' });
    expect((await revoke(a.admin, { reason: 'ok', extra: 1 })).statusCode).toBe(400);
    expect((await call(t, null, 'GET', `/api/certificates/${code}`)).json().status).toBe('genuine');

    const done = await revoke(a.admin, { reason: '  Udstedt ved en fejl.  ' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'revoked', revokedReason: 'Udstedt ved en fejl.', canRevoke: false });
    const shown = (await call(t, null, 'GET', `/api/certificates/${code}`)).json();
    expect(shown).toMatchObject({
      status: 'revoked',
      revokedReason: 'Udstedt ved en fejl.',
      certificate: { holderName: await nameOf(learner) },
    });
    expect(shown.revokedAt).toEqual(expect.any(String));
    const row = await t.db
      .selectFrom('certificates')
      .select(['revoked_by', 'revoked_at'])
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ revoked_by: a.admin.id, revoked_at: shown.revokedAt });
    const again = await revoke(a.admin, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_REVOKED');
    expect((await call(t, learner, 'GET', '/api/certificates')).json().certificates[0]).toMatchObject({
      code,
      status: 'revoked',
      revokedAt: shown.revokedAt,
    });

    // The holder can still download it, marked revoked.
    const pdf = await call(t, learner, 'GET', `/api/certificates/${code}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(new Uint8Array(pdf.rawPayload))).toContain(`TILBAGEKALDT ${danishDate(shown.revokedAt)}`);
  });

  it('needs no reason, nor a body', async () => {
    const learner = await addPerson(t, a.admin.organisationId, 'learner');
    const { code } = await completed(learner);
    const done = await call(t, a.admin, 'POST', `/api/certificates/${code}/revoke`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'revoked', revokedReason: null });
    expect((await call(t, a.admin, 'POST', '/api/certificates/ABCD-EFGH-JKMN-PQRS/revoke', {})).statusCode).toBe(404);
  });
});

describe('signing keys', () => {
  it('makes a key at first start in DATA_DIR (mode 0600) and keeps it across restarts; CERT_SIGNING_KEY replaces it; certificates signed earlier stay genuine', async () => {
    const local = await createTestApp();
    try {
      const c = await company(local);
      const file = path.join(local.database.dataDir, KEY_FILE);
      const pem = readFileSync(file, 'utf8');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const issueOne = async (title: string) => {
        const course = await courseOfNinetyMinutes(local, c.admin.organisationId, c.instructor.id, title);
        expect((await completeCourse(local, c.learner, course.id)).statusCode).toBe(200);
        return local.db.selectFrom('certificates').selectAll().where('course_id', '=', course.id).executeTakeFirstOrThrow();
      };
      const status = async (code: string) => (await call(local, null, 'GET', `/api/certificates/${code}`)).json().status;
      const first = await issueOne('Før genstart');
      expect(first.key_id).toBe(signingKeyId(createPrivateKey(pem)));

      await local.app.close();
      local.app = await buildTestApp(local.database);
      expect(readFileSync(file, 'utf8')).toBe(pem);
      expect(await status(first.code)).toBe('genuine');
      expect((await issueOne('Efter genstart')).key_id).toBe(first.key_id);

      // The key given in the environment (its newlines written \n, as a .env line has them).
      const { privateKey } = generateKeyPairSync('ed25519');
      await local.app.close();
      local.app = await buildTestApp(local.database, {
        env: { CERT_SIGNING_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().replaceAll('\n', '\\n') },
      });
      const third = await issueOne('Med konfigureret nøgle');
      expect(third.key_id).toBe(signingKeyId(privateKey));
      expect(third.key_id).not.toBe(first.key_id);
      expect(await status(first.code)).toBe('genuine');
      expect(await status(third.code)).toBe('genuine');
      expect(readFileSync(file, 'utf8')).toBe(pem);
      expect(await local.db.selectFrom('signing_keys').select('key_id').orderBy('key_id').execute()).toHaveLength(2);
    } finally {
      await local.close();
    }
  });

  it('lets instances on one database but each with its own DATA_DIR verify each other’s certificates', async () => {
    const otherDir = mkdtempSync(path.join(tmpdir(), 'kursa-instance-'));
    const other = await buildTestApp(t.database, { env: { DATA_DIR: otherDir } });
    try {
      const learner = await addPerson(t, a.admin.organisationId, 'learner');
      const { code, row } = await completed(learner);
      expect((await other.inject({ method: 'GET', url: `/api/certificates/${code}` })).json().status).toBe('genuine');
      // A certificate the other instance issues, with its own key, verifies here.
      const course = await courseOfNinetyMinutes(t, a.admin.organisationId, a.instructor.id, 'Fra den anden instans');
      const own = { ...t, app: other };
      expect((await completeCourse(own, learner, course.id)).statusCode).toBe(200);
      const [theirs] = await certificatesOf(learner.id, course.id);
      expect(theirs!.key_id).not.toBe(row.key_id);
      expect((await call(t, null, 'GET', `/api/certificates/${theirs!.code}`)).json().status).toBe('genuine');
    } finally {
      await other.close();
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});

describe('the API document', () => {
  it('describes the four certificate routes', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.paths['/api/certificates'].get.tags).toEqual(['certificates']);
    expect(doc.paths['/api/certificates/{code}'].get.responses).toHaveProperty('200');
    expect(doc.paths['/api/certificates/{code}/pdf'].get.summary).toMatch(/PDF/);
    expect(doc.paths['/api/certificates/{code}/revoke'].post.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'reason',
    );
  });
});
