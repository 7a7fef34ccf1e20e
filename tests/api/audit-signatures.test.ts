import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CertificateKeys } from '../../src/server/domains/learning/index.ts';
import { AuditHeadSigner, AuditLog } from '../../src/server/domains/privacy/index.ts';
import { entryHash, GENESIS, verifyChain } from '../../src/server/domains/privacy/audit/hash.ts';
import { publicKeyFor, verifySignatures } from '../../src/server/domains/privacy/audit/statement.ts';
import { NotificationScheduler } from '../../src/server/domains/notifications/scheduler.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { until } from '../helpers/jobs.ts';
import { queueingNotifications, scanJobs } from '../helpers/notifications.ts';
import { call, company } from '../helpers/courses.ts';

// Each company's audit chain head signed with the installation's key by the notification scan's
// 'audit-heads' work, so a chain rewritten whole (every hash recomputed) fails where the hash
// chain alone would pass.

const run = promisify(execFile);
const VERIFY = path.resolve(import.meta.dirname, '../../scripts/audit-verify.ts');

let t: TestApp;
let keys: CertificateKeys;
let signer: AuditHeadSigner;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  // The app's own key: the one in DATA_DIR it made at start, so its exports carry its public half.
  keys = await CertificateKeys.open(t.db, { dataDir: t.database.dataDir });
  signer = new AuditHeadSigner(t.db, { keyId: keys.keyId, sign: (s) => keys.sign(s) });
  dir = mkdtempSync(path.join(tmpdir(), 'audit-sig-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

const rows = (organisationId: string) =>
  t.db.selectFrom('audit_log').selectAll().where('organisation_id', '=', organisationId).orderBy('seq').execute();
const signatures = (organisationId: string) =>
  t.db.selectFrom('audit_signatures').selectAll().where('organisation_id', '=', organisationId).orderBy('seq').execute();
const chainOf = async (n: number) => {
  const c = await company(t);
  const audit = new AuditLog(t.db);
  for (let i = 1; i <= n; i += 1)
    await audit.record({ organisationId: c.admin.organisationId, actor: null, action: 'test.entry', details: { i } });
  return c;
};
const verify = async (file: string, ...extra: string[]) =>
  run(process.execPath, [VERIFY, file, ...extra]).then(
    (ok) => ({ code: 0, stdout: ok.stdout, stderr: ok.stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
const exportTo = async (c: Awaited<ReturnType<typeof company>>, name: string) => {
  const res = await call(t, c.admin, 'GET', '/api/audit-log?format=csv');
  expect(res.statusCode).toBe(200);
  const file = path.join(dir, name);
  writeFileSync(file, res.rawPayload);
  return file;
};

describe('signing audit chain heads', () => {
  it('signs a company whose head is beyond its last signature, once, and the signature verifies', async () => {
    const c = await chainOf(3);
    const org = c.admin.organisationId;
    const now = new Date();
    expect((await signer.pending(now)).map((p) => p.organisationId)).toContain(org);
    expect(await signer.run(now, org)).toBe(1);
    const [signed, ...more] = await signatures(org);
    const chain = await rows(org);
    expect(more).toEqual([]);
    expect(signed).toMatchObject({ seq: 3, hash: chain[2]!.hash, key_id: keys.keyId });
    const pem = (await keys.publicKeyPem(keys.keyId))!;
    expect(verifySignatures(chain, [{ ...signed!, seq: Number(signed!.seq) }], (id) => publicKeyFor(pem, id))).toEqual({
      ok: true,
      count: 1,
      lastSeq: 3,
    });

    // Nothing new: no second signature, and not pending.
    expect(await signer.run(now, org)).toBe(0);
    expect((await signer.pending(now)).map((p) => p.organisationId)).not.toContain(org);
    // A new entry is signed at most hourly: pending only once the last signature is an hour old.
    await new AuditLog(t.db).record({ organisationId: org, actor: null, action: 'test.entry', details: { i: 4 } });
    expect((await signer.pending(new Date(now.getTime() + 10 * 60_000))).map((p) => p.organisationId)).not.toContain(org);
    expect((await signer.pending(new Date(now.getTime() + 61 * 60_000))).map((p) => p.organisationId)).toContain(org);
    expect(await signer.run(new Date(now.getTime() + 61 * 60_000), org)).toBe(1);
    expect((await signatures(org)).map((s) => Number(s.seq))).toEqual([3, 4]);

    const file = await exportTo(c, 'signed.csv');
    expect(await verify(file)).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^OK: 4 entries.*2 signed head\(s\) verify.*seq 4/),
    });
    const keyFile = path.join(dir, 'key.pem');
    writeFileSync(keyFile, pem);
    expect(await verify(file, '--key', keyFile)).toMatchObject({ code: 0, stdout: expect.stringContaining('with the key given') });
  });

  it('two signers of the same head write one row', async () => {
    const c = await chainOf(2);
    const now = new Date();
    const results = await Promise.all([signer.run(now, c.admin.organisationId), signer.run(now, c.admin.organisationId)]);
    expect(results.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
    expect(await signatures(c.admin.organisationId)).toHaveLength(1);
  });

  it('fails a chain rewritten whole after a signature, which the hash chain alone passes', async () => {
    const c = await chainOf(3);
    const org = c.admin.organisationId;
    await signer.run(new Date(), org);
    // Someone with the database changes an entry and recomputes every hash after it, and the head.
    let prev = GENESIS;
    for (const row of await rows(org)) {
      const details = Number(row.seq) === 2 ? JSON.stringify({ i: 99 }) : row.details;
      const hash = entryHash({ ...row, details, prev_hash: prev });
      await t.db
        .updateTable('audit_log')
        .set({ details, prev_hash: prev, hash })
        .where('organisation_id', '=', org)
        .where('seq', '=', row.seq)
        .execute();
      prev = hash;
    }
    await t.db.updateTable('audit_heads').set({ hash: prev }).where('organisation_id', '=', org).execute();

    const chain = await rows(org);
    expect(verifyChain(chain, { seq: 3, hash: prev })).toEqual({ ok: true, count: 3 });
    const pem = (await keys.publicKeyPem(keys.keyId))!;
    const signed = (await signatures(org)).map((s) => ({ ...s, seq: Number(s.seq) }));
    expect(verifySignatures(chain, signed, (id) => publicKeyFor(pem, id))).toEqual({ ok: false, seq: 3, reason: 'chain' });

    const file = await exportTo(c, 'rewritten.csv');
    expect(await verify(file)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('the signature of seq 3 fails (the chain differs'),
    });
  });

  it('fails a signature made by another key when the auditor gives the installation’s key', async () => {
    const c = await chainOf(1);
    const { generateKeyPairSync, sign } = await import('node:crypto');
    const { signingKeyId } = await import('../../src/server/security/signing-key.ts');
    const forger = generateKeyPairSync('ed25519');
    const forged = new AuditHeadSigner(t.db, {
      keyId: signingKeyId(forger.publicKey),
      sign: (s) => sign(null, Buffer.from(s), forger.privateKey).toString('base64url'),
    });
    await forged.run(new Date(), c.admin.organisationId);
    const file = await exportTo(c, 'forged.csv');
    // The forger's public key is not in signing_keys: the export has none for it.
    expect(await verify(file)).toMatchObject({ code: 1, stderr: expect.stringContaining('unknown key') });
    const keyFile = path.join(dir, 'installation.pem');
    writeFileSync(keyFile, (await keys.publicKeyPem(keys.keyId))!);
    expect(await verify(file, '--key', keyFile)).toMatchObject({ code: 1, stderr: expect.stringContaining('not signed by the key given') });
  });

  it("is the notification scan's 'audit-heads' work: a scan job run by the app signs the head", async () => {
    const c = await chainOf(2);
    const notifications = await queueingNotifications(t);
    const scheduler = new NotificationScheduler(t.db, scanJobs(t.db, notifications), 1000, t.app.log, undefined, {
      'audit-heads': signer.work,
    });
    expect(await scheduler.tick(new Date())).toBeGreaterThan(0);
    // The app's worker runs the job with the app's own signer (app.ts wires it into the scan).
    await until(async () => (await signatures(c.admin.organisationId)).length === 1, 'the head was signed');
    expect(await signatures(c.admin.organisationId)).toMatchObject([{ seq: 2, key_id: keys.keyId }]);
  });
});
