import { execFile } from 'node:child_process';
import { createHash, createPublicKey } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CertificateKeys } from '../../src/server/domains/learning/index.ts';
import { AuditHeadSigner, AuditLog } from '../../src/server/domains/privacy/index.ts';
import type { TAuditExport, TAuditPage, TAuditPublicKey } from '../../src/shared/schemas/audit.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { courseOfNinetyMinutes } from '../helpers/certificates.ts';
import { call, company, type Company } from '../helpers/courses.ts';

// The audit log's JSON export carries the signed heads as the CSV does, so npm run audit:verify
// checks it too; admins download the installation's public key with its fingerprint; a changed
// requirement is recorded with what it was and what it became.

const run = promisify(execFile);
const VERIFY = path.resolve(import.meta.dirname, '../../scripts/audit-verify.ts');

let t: TestApp;
let keys: CertificateKeys;
let signer: AuditHeadSigner;
let dir: string;
let a: Company;
let b: Company;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  // The app's own key: the one in DATA_DIR it made at start.
  keys = await CertificateKeys.open(t.db, { dataDir: t.database.dataDir });
  signer = new AuditHeadSigner(t.db, { keyId: keys.keyId, sign: (s) => keys.sign(s) });
  dir = mkdtempSync(path.join(tmpdir(), 'audit-json-'));
  a = await company(t);
  b = await company(t);
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

const verify = async (file: string, ...extra: string[]) =>
  run(process.execPath, [VERIFY, file, ...extra]).then(
    (ok) => ({ code: 0, stdout: ok.stdout, stderr: ok.stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

describe('the JSON export', () => {
  it('has every entry in chain order and the signed heads with their keys, and verifies with npm run audit:verify', async () => {
    const org = a.admin.organisationId;
    const audit = new AuditLog(t.db);
    for (let i = 1; i <= 3; i += 1)
      await audit.record({ organisationId: org, actor: null, action: 'test.entry', details: { i, note: 'æøå' } });
    const now = new Date();
    expect(await signer.run(now, org)).toBe(1);
    await audit.record({ organisationId: org, actor: null, action: 'test.entry', details: { i: 4 } });
    expect(await signer.run(new Date(now.getTime() + 61 * 60_000), org)).toBe(1);

    const res = await call(t, a.admin, 'GET', '/api/audit-log?format=json');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.json"$/);
    const exported = res.json() as TAuditExport;
    const seqs = exported.entries.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(exported.entries.every((e) => e.organisationId === org)).toBe(true);
    expect(exported.signatures.map((s) => s.seq)).toEqual([3, 4]);
    expect(exported.signatures[0]).toMatchObject({
      organisationId: org,
      keyId: keys.keyId,
      publicKey: await keys.publicKeyPem(keys.keyId),
    });

    const file = path.join(dir, 'export.json');
    writeFileSync(file, res.rawPayload);
    expect(await verify(file)).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^OK: 4 entries.*2 signed head\(s\) verify.*seq 4/),
    });

    // A signature changed in the file fails, as in the CSV.
    const forged = {
      ...exported,
      signatures: exported.signatures.map((s, i) => (i === 1 ? { ...s, hash: exported.entries[0]!.hash } : s)),
    };
    writeFileSync(file, JSON.stringify(forged));
    expect(await verify(file)).toMatchObject({ code: 1, stderr: expect.stringContaining('BROKEN: the signature of seq 4') });
    // An entry changed fails at its seq.
    const edited = { ...exported, entries: exported.entries.map((e) => (e.seq === 2 ? { ...e, details: { i: 99 } } : e)) };
    writeFileSync(file, JSON.stringify(edited));
    expect(await verify(file)).toMatchObject({ code: 1, stderr: expect.stringContaining('BROKEN at seq 2 (hash)') });
  });

  it("is the caller's company's only, and for admins only", async () => {
    const theirs = (await call(t, b.admin, 'GET', '/api/audit-log?format=json')).json() as TAuditExport;
    expect(theirs.entries.every((e) => e.organisationId === b.admin.organisationId)).toBe(true);
    expect(theirs.signatures).toEqual([]);
    expect((await call(t, a.learner, 'GET', '/api/audit-log?format=json')).statusCode).toBe(403);
    expect((await call(t, null, 'GET', '/api/audit-log?format=json')).statusCode).toBe(401);
  });
});

describe("the installation's public key", () => {
  it('downloads as PEM for admins, and as JSON with its id and SHA-256 fingerprint', async () => {
    const pem = await call(t, a.admin, 'GET', '/api/audit-log/public-key');
    expect(pem.statusCode, pem.body).toBe(200);
    expect(pem.headers['content-disposition']).toBe('attachment; filename="kursa-audit-public-key.pem"');
    expect(pem.body).toBe(await keys.publicKeyPem(keys.keyId));
    expect(pem.body).toMatch(/^-----BEGIN PUBLIC KEY-----/);

    const json = (await call(t, a.admin, 'GET', '/api/audit-log/public-key?format=json')).json() as TAuditPublicKey;
    const der = createPublicKey(pem.body).export({ type: 'spki', format: 'der' });
    expect(json).toEqual({ keyId: keys.keyId, pem: pem.body, fingerprint: createHash('sha256').update(der).digest('hex') });

    // With the key downloaded, an export verifies by that key alone.
    const file = path.join(dir, 'keyed.json');
    writeFileSync(file, (await call(t, a.admin, 'GET', '/api/audit-log?format=json')).rawPayload);
    const keyFile = path.join(dir, 'key.pem');
    writeFileSync(keyFile, pem.body);
    expect(await verify(file, '--key', keyFile)).toMatchObject({ code: 0, stdout: expect.stringContaining('with the key given') });
  });

  it('is refused to anyone but an admin', async () => {
    for (const who of [a.instructor, a.learner]) {
      const res = await call(t, who, 'GET', '/api/audit-log/public-key');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect((await call(t, null, 'GET', '/api/audit-log/public-key')).statusCode).toBe(401);
    expect((await call(t, a.admin, 'GET', '/api/audit-log/public-key?format=der')).statusCode).toBe(400);
  });
});

describe('a changed requirement', () => {
  it('is recorded with the settings that changed, before and after, and nothing else', async () => {
    const course = await courseOfNinetyMinutes(t, b.admin.organisationId, b.instructor.id, 'Hygiejne');
    const created = await call(t, b.admin, 'POST', '/api/requirements', { courseId: course.id, groupId: 'everyone', dueDays: 30 });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: string }).id;
    // A date instead of days, and a recurrence: three settings change, renewDays stays.
    const changed = await call(t, b.admin, 'PATCH', `/api/requirements/${id}`, { dueOn: '2027-03-01', recurMonths: 12 });
    expect(changed.statusCode, changed.body).toBe(200);
    const page = (await call(t, b.admin, 'GET', '/api/audit-log?action=requirement.changed')).json() as TAuditPage;
    expect(page.entries).toHaveLength(1);
    expect(page.entries[0]).toMatchObject({ targetType: 'requirement', targetId: id, actorId: b.admin.id });
    expect(page.entries[0]!.details).toEqual({
      course: 'Hygiejne',
      group: 'everyone',
      before: { dueDays: 30, dueOn: null, recurMonths: null },
      after: { dueDays: null, dueOn: '2027-03-01', recurMonths: 12 },
    });
    // A change refused changes nothing and records nothing.
    expect((await call(t, b.admin, 'PATCH', `/api/requirements/${id}`, { dueOn: null })).statusCode).toBe(400);
    expect((await call(t, a.admin, 'PATCH', `/api/requirements/${id}`, { dueDays: 5 })).statusCode).toBe(404);
    expect(((await call(t, b.admin, 'GET', '/api/audit-log?action=requirement.changed')).json() as TAuditPage).entries).toHaveLength(1);
  });
});
