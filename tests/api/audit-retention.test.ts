import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CertificateKeys } from '../../src/server/domains/learning/index.ts';
import { NotificationScheduler } from '../../src/server/domains/notifications/scheduler.ts';
import { AuditHeadSigner, AuditLog } from '../../src/server/domains/privacy/index.ts';
import { verifyChain } from '../../src/server/domains/privacy/audit/hash.ts';
import { AuditPruner } from '../../src/server/domains/privacy/audit/prune.ts';
import { append } from '../../src/server/domains/privacy/audit/repository.ts';
import { publicKeyFor, verifyCheckpoint, verifySignatures } from '../../src/server/domains/privacy/audit/statement.ts';
import { RetentionService } from '../../src/server/domains/privacy/retention/service.ts';
import type { TAuditExport, TAuditPage } from '../../src/shared/schemas/audit.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { call, company, type Company } from '../helpers/courses.ts';
import { until } from '../helpers/jobs.ts';
import { queueingNotifications, scanJobs } from '../helpers/notifications.ts';
import { DAY, privacyServices } from '../helpers/privacy.ts';

// The retention run prunes a company's audit log by its logMonths: the entries older than that
// leave the start of the chain, a checkpoint signed with the installation's key takes their
// place, and the chain left (and its exports, through npm run audit:verify) verifies from it.

const run = promisify(execFile);
const VERIFY = path.resolve(import.meta.dirname, '../../scripts/audit-verify.ts');

let t: TestApp;
let keys: CertificateKeys;
let signer: AuditHeadSigner;
let pem: string;
let dir: string;
// A night 400 days on: what the setup records today is more than 12 months old by then.
const now = new Date(Date.now() + 400 * DAY);
now.setUTCHours(1, 30, 0, 0);
const retentionAt = (at: Date) => async () => {
  const audit = new AuditLog(t.db, undefined, () => at);
  const { erasure } = await privacyServices(t);
  const pruner = new AuditPruner(t.db, { keyId: keys.keyId, sign: (s) => keys.sign(s) });
  return new RetentionService(
    t.db,
    audit,
    erasure,
    () => at,
    (o, before, when) => pruner.prune(o, before, when),
  );
};

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  // The app's own key: the one in DATA_DIR it made at start, so its exports carry its public half.
  keys = await CertificateKeys.open(t.db, { dataDir: t.database.dataDir });
  signer = new AuditHeadSigner(t.db, { keyId: keys.keyId, sign: (s) => keys.sign(s) });
  pem = (await keys.publicKeyPem(keys.keyId))!;
  dir = mkdtempSync(path.join(tmpdir(), 'audit-retention-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

const rows = (org: string) => t.db.selectFrom('audit_log').selectAll().where('organisation_id', '=', org).orderBy('seq').execute();
const signatures = (org: string) =>
  t.db.selectFrom('audit_signatures').selectAll().where('organisation_id', '=', org).orderBy('seq').execute();
const checkpoints = (org: string) =>
  t.db.selectFrom('audit_checkpoints').selectAll().where('organisation_id', '=', org).orderBy('seq').execute();
const head = (org: string) =>
  t.db.selectFrom('audit_heads').select(['seq', 'hash']).where('organisation_id', '=', org).executeTakeFirstOrThrow();
const verify = async (file: string, ...extra: string[]) =>
  run(process.execPath, [VERIFY, file, ...extra]).then(
    (ok) => ({ code: 0, stdout: ok.stdout, stderr: ok.stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
const exportTo = async (c: Company, format: 'csv' | 'json') => {
  const res = await call(t, c.admin, 'GET', `/api/audit-log?format=${format}`);
  expect(res.statusCode, res.body).toBe(200);
  const file = path.join(dir, `export-${format}-${Math.random().toString(36).slice(2)}.${format}`);
  writeFileSync(file, res.rawPayload);
  return file;
};
const bothExports = async (c: Company) => [await exportTo(c, 'csv'), await exportTo(c, 'json')];

const settings = {
  inactiveLearnerMonths: null,
  aiConversationMonths: null,
  quizAnswerMonths: null,
  logMonths: 12,
  keepTrainingRecords: true,
  graceDays: 14,
};

/** A company with retention of logs for 12 months, its chain of today's entries (old by `now`) and two recent ones. */
async function companyWithOldAndNewEntries() {
  const c = await company(t);
  const org = c.admin.organisationId;
  expect((await call(t, c.admin, 'PUT', '/api/organisation/retention', settings)).statusCode).toBe(200);
  const audit = new AuditLog(t.db);
  for (let i = 1; i <= 3; i += 1) await audit.record({ organisationId: org, actor: null, action: 'test.old', details: { i } });
  expect(await signer.run(new Date(), org)).toBe(1);
  const old = (await rows(org)).length;
  for (const days of [20, 10]) {
    await append(t.db, {
      organisation_id: org,
      at: new Date(now.getTime() - days * DAY).toISOString(),
      actor_id: null,
      actor_name: null,
      actor_email: null,
      ip: null,
      action: 'test.new',
      target_type: null,
      target_id: null,
      details: JSON.stringify({ days }),
    });
  }
  expect(await signer.run(new Date(Date.now() + 2 * 60 * 60_000), org)).toBe(1);
  return { c, org, old };
}

describe('retention of the audit log', () => {
  it('removes the entries older than logMonths behind a signed checkpoint the chain verifies from', async () => {
    const { c, org, old } = await companyWithOldAndNewEntries();
    const page = async () => (await call(t, c.admin, 'GET', '/api/audit-log')).json() as TAuditPage;
    expect((await page()).checkpoint).toBeNull();
    const before = await rows(org);
    const removedHash = before[old - 1]!.hash;
    const signedBefore = (await signatures(org)).map((s) => ({ ...s, seq: Number(s.seq) }));
    expect(signedBefore.map((s) => s.seq)).toEqual([old, old + 2]);

    const retention = await retentionAt(now)();
    expect(await retention.run(now, org)).toBeGreaterThanOrEqual(old);

    // Exactly the old entries are gone, and the signature of one of them with them.
    const left = await rows(org);
    expect(left.map((r) => r.action)).toEqual(['test.new', 'test.new', 'retention.run']);
    expect(Number(left[0]!.seq)).toBe(old + 1);
    expect((await signatures(org)).map((s) => Number(s.seq))).toEqual([old + 2]);
    const [checkpoint, ...more] = await checkpoints(org);
    expect(more).toEqual([]);
    expect(checkpoint).toMatchObject({ hash: removedHash, entry_at: before[old - 1]!.at, made_at: now.toISOString(), key_id: keys.keyId });
    expect(Number(checkpoint!.seq)).toBe(old);
    expect(Number(checkpoint!.removed)).toBe(old);
    const cp = { ...checkpoint!, seq: Number(checkpoint!.seq), removed: Number(checkpoint!.removed) };
    expect(verifyCheckpoint(cp, (id) => publicKeyFor(pem, id))).toEqual({ ok: true });
    expect(verifyCheckpoint({ ...cp, seq: old + 1 }, (id) => publicKeyFor(pem, id))).toEqual({ ok: false, reason: 'signature' });
    const h = await head(org);
    expect(verifyChain(left, { seq: Number(h.seq), hash: h.hash }, cp)).toEqual({ ok: true, count: 3 });
    expect(verifyChain(left)).toMatchObject({ ok: false, seq: 1, reason: 'missing' });
    const signed = (await signatures(org)).map((s) => ({ ...s, seq: Number(s.seq) }));
    expect(verifySignatures(left, signed, (id) => publicKeyFor(pem, id), cp)).toMatchObject({ ok: true, lastSeq: old + 2 });
    // A head signed at the checkpoint's seq matches its hash; without the checkpoint it signs nothing there.
    expect(verifySignatures(left, signedBefore, (id) => publicKeyFor(pem, id), cp)).toMatchObject({ ok: true, count: 2 });
    expect(verifySignatures(left, signedBefore, (id) => publicKeyFor(pem, id))).toEqual({ ok: false, seq: old, reason: 'chain' });
    // The run says what it removed.
    expect(JSON.parse(left[2]!.details)).toMatchObject({ removed: { auditEntries: old } });
    expect((await page()).checkpoint).toEqual({ seq: old, entryAt: before[old - 1]!.at, madeAt: now.toISOString(), removed: old });

    // Run again: nothing more is old; a new entry still links.
    expect(await retention.run(now, org)).toBe(0);
    expect(await checkpoints(org)).toHaveLength(1);
    const last = (await rows(org)).at(-1)!;
    expect(JSON.parse(last.details)).toEqual({ removed: {} });
    await new AuditLog(t.db).record({ organisationId: org, actor: null, action: 'test.after', details: {} });
    const after = await rows(org);
    const h2 = await head(org);
    expect(verifyChain(after, { seq: Number(h2.seq), hash: h2.hash }, cp)).toEqual({ ok: true, count: 5 });

    // Both exports carry the checkpoint and verify with npm run audit:verify, with and without --key.
    const json = (await call(t, c.admin, 'GET', '/api/audit-log?format=json')).json() as TAuditExport;
    expect(json.checkpoint).toEqual({
      organisationId: org,
      seq: old,
      hash: removedHash,
      entryAt: before[old - 1]!.at,
      madeAt: now.toISOString(),
      removed: old,
      keyId: keys.keyId,
      signature: checkpoint!.signature,
      publicKey: pem,
    });
    expect(json.entries.map((e) => e.seq)[0]).toBe(old + 1);
    const keyFile = path.join(dir, 'key.pem');
    writeFileSync(keyFile, pem);
    for (const file of await bothExports(c)) {
      expect(await verify(file)).toMatchObject({
        code: 0,
        stdout: expect.stringMatching(
          new RegExp(
            `^OK: 5 entries from seq ${old + 1} \\(entries 1–${old} removed by retention on ${now.toISOString().slice(0, 10)}, the checkpoint signed\\)`,
          ),
        ),
      });
      expect(await verify(file, '--key', keyFile)).toMatchObject({
        code: 0,
        stdout: expect.stringContaining('the checkpoint signed with the key given'),
      });
    }
  });

  it('fails an export once an entry after the checkpoint is deleted, the checkpoint edited or the checkpoint removed', async () => {
    const { c, org, old } = await companyWithOldAndNewEntries();
    await (await retentionAt(now)()).run(now, org);
    const [checkpoint] = await checkpoints(org);
    const first = (await rows(org))[0]!;
    expect(Number(first.seq)).toBe(old + 1);

    // One more entry deleted: the chain no longer starts where the checkpoint says.
    await t.db.deleteFrom('audit_log').where('organisation_id', '=', org).where('seq', '=', first.seq).execute();
    for (const file of await bothExports(c))
      expect(await verify(file)).toMatchObject({ code: 1, stderr: expect.stringContaining(`BROKEN at seq ${old + 1} (missing)`) });
    await t.db.insertInto('audit_log').values(first).execute();
    for (const file of await bothExports(c)) expect(await verify(file)).toMatchObject({ code: 0 });

    // The checkpoint moved on by one, over the deleted entry: its signature no longer holds.
    await t.db.deleteFrom('audit_log').where('organisation_id', '=', org).where('seq', '=', first.seq).execute();
    await t.db
      .updateTable('audit_checkpoints')
      .set({ seq: old + 1, hash: first.hash })
      .where('organisation_id', '=', org)
      .execute();
    for (const file of await bothExports(c))
      expect(await verify(file)).toMatchObject({
        code: 1,
        stderr: expect.stringContaining(`BROKEN: the checkpoint at seq ${old + 1} fails (bad signature)`),
      });
    await t.db.insertInto('audit_log').values(first).execute();

    // The checkpoint removed: the chain must start at seq 1 again, and does not.
    await t.db.deleteFrom('audit_checkpoints').where('organisation_id', '=', org).execute();
    for (const file of await bothExports(c))
      expect(await verify(file)).toMatchObject({ code: 1, stderr: expect.stringContaining('BROKEN at seq 1 (missing)') });
    await t.db.insertInto('audit_checkpoints').values(checkpoint!).execute();
    for (const file of await bothExports(c)) expect(await verify(file)).toMatchObject({ code: 0 });
  });

  it('prunes again from the checkpoint, and exports carry only the latest one', async () => {
    const { c, org, old } = await companyWithOldAndNewEntries();
    await (await retentionAt(now)()).run(now, org);
    // Thirteen months on, the recent entries and the first run's record are old too.
    const later = new Date(now.getTime() + 396 * DAY);
    await (await retentionAt(later)()).run(later, org);
    const [first, second, ...more] = await checkpoints(org);
    expect(more).toEqual([]);
    expect(Number(first!.seq)).toBe(old);
    expect(Number(second!.seq)).toBe(old + 3);
    expect(Number(second!.removed)).toBe(3);
    expect((await rows(org)).map((r) => r.action)).toEqual(['retention.run']);
    expect(await signatures(org)).toEqual([]);
    const json = (await call(t, c.admin, 'GET', '/api/audit-log?format=json')).json() as TAuditExport;
    expect(json.checkpoint).toMatchObject({ seq: old + 3, removed: 3 });
    for (const file of await bothExports(c))
      expect(await verify(file)).toMatchObject({ code: 0, stdout: expect.stringContaining(`OK: 1 entries from seq ${old + 4}`) });
  });

  it('leaves a chain that does not verify whole, and one of a company without the setting', async () => {
    const { org } = await companyWithOldAndNewEntries();
    const edited = (await rows(org))[1]!;
    await t.db
      .updateTable('audit_log')
      .set({ details: JSON.stringify({ changed: true }) })
      .where('organisation_id', '=', org)
      .where('seq', '=', edited.seq)
      .execute();
    const count = (await rows(org)).length;
    await (await retentionAt(now)()).run(now, org);
    expect(await checkpoints(org)).toEqual([]);
    expect(await rows(org)).toHaveLength(count + 1);

    const other = await company(t);
    const otherCount = (await rows(other.admin.organisationId)).length;
    await (await retentionAt(now)()).run(now, other.admin.organisationId);
    expect(await checkpoints(other.admin.organisationId)).toEqual([]);
    expect(await rows(other.admin.organisationId)).toHaveLength(otherCount + 1);
  });

  it("is the app's own nightly retention: the scan's work prunes behind a checkpoint signed with the app's key", async () => {
    const { org, old } = await companyWithOldAndNewEntries();
    const notifications = await queueingNotifications(t);
    const scheduler = new NotificationScheduler(t.db, scanJobs(t.db, notifications), 1000, t.app.log, undefined, {
      retention: { pending: async () => [{ organisationId: org }], run: async () => 0 },
    });
    expect(await scheduler.tick(now)).toBeGreaterThan(0);
    // The job's step is the app's (setup.ts gives its retention the pruner with the app's key), not the one given here.
    await until(async () => (await checkpoints(org)).length === 1, 'the audit log was pruned');
    const [checkpoint] = await checkpoints(org);
    expect(Number(checkpoint!.seq)).toBe(old);
    const cp = { ...checkpoint!, seq: Number(checkpoint!.seq), removed: Number(checkpoint!.removed) };
    expect(verifyCheckpoint(cp, (id) => publicKeyFor(pem, id))).toEqual({ ok: true });
    await until(async () => (await rows(org)).some((r) => r.action === 'retention.run'), 'the run was recorded');
    const recorded = (await rows(org)).find((r) => r.action === 'retention.run')!;
    expect(JSON.parse(recorded.details)).toMatchObject({ removed: { auditEntries: old } });
  });
});
