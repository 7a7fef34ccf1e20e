import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog } from '../../src/server/domains/privacy/index.ts';
import { verifyChain } from '../../src/server/domains/privacy/audit/hash.ts';
import type { TAuditEntry, TAuditPage } from '../../src/shared/schemas/audit.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { completeCourse, courseOfNinetyMinutes } from '../helpers/certificates.ts';
import { addPerson, call, company, type Company } from '../helpers/courses.ts';

// The audit log: admins' changes to people, requirements and certificates, exports and admins'
// logins, kept as a hash chain per company that shows any edited, deleted or reordered row.

const run = promisify(execFile);
const VERIFY = path.resolve(import.meta.dirname, '../../scripts/audit-verify.ts');

let t: TestApp;
let a: Company;
let b: Company;
beforeAll(async () => {
  t = await createTestApp();
  a = await company(t);
  b = await company(t);
});
afterAll(async () => t.close());

const log = async (who: Company['admin'], query = '') => {
  const res = await call(t, who, 'GET', `/api/audit-log${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TAuditPage;
};
const rows = (organisationId: string) =>
  t.db.selectFrom('audit_log').selectAll().where('organisation_id', '=', organisationId).orderBy('seq').execute();
/** A company with a chain of `n` entries made directly. */
const chainOf = async (n: number) => {
  const c = await company(t);
  const audit = new AuditLog(t.db);
  for (let i = 1; i <= n; i += 1)
    await audit.record({ organisationId: c.admin.organisationId, actor: null, action: 'test.entry', details: { i, note: 'æøå;"x"' } });
  return c;
};

describe('what is recorded', () => {
  it("records role changes, deactivation, invitations and an admin's logins, with who, from where and what changed", async () => {
    const member = await addPerson(t, a.admin.organisationId, 'learner');
    expect((await call(t, a.admin, 'PATCH', `/api/members/${member.id}`, { role: 'instructor' })).statusCode).toBe(200);
    expect((await call(t, a.admin, 'PATCH', `/api/members/${member.id}`, { active: false })).statusCode).toBe(200);
    const invited = await call(t, a.admin, 'POST', '/api/invitations', { email: 'ny-revision@example.dk', role: 'learner' });
    expect(invited.statusCode, invited.body).toBe(201);
    const invitationId = invited.json().invitation.id as string;
    expect((await call(t, a.admin, 'DELETE', `/api/invitations/${invitationId}`)).statusCode).toBe(200);
    expect((await call(t, null, 'POST', '/api/login', { email: a.admin.email, password: 'wrong-horse-1' })).statusCode).toBe(401);
    expect((await call(t, null, 'POST', '/api/login', { email: a.admin.email, password: 'correct-horse-1' })).statusCode).toBe(200);

    const { entries } = await log(a.admin);
    const by = (action: string) => entries.find((e) => e.action === action);
    const admin = { actorId: a.admin.id, actorEmail: a.admin.email, ip: '127.0.0.1' };
    expect(by('member.role-changed')).toMatchObject({
      ...admin,
      targetType: 'user',
      targetId: member.id,
      details: { before: 'learner', after: 'instructor', email: member.email },
    });
    expect(by('member.deactivated')).toMatchObject({ ...admin, targetId: member.id });
    expect(by('invitation.sent')).toMatchObject({
      ...admin,
      targetId: invitationId,
      details: { email: 'ny-revision@example.dk', role: 'learner' },
    });
    expect(by('invitation.revoked')).toMatchObject({ ...admin, targetId: invitationId });
    expect(by('auth.login-failed')).toMatchObject({ actorId: null, actorEmail: a.admin.email, ip: '127.0.0.1', targetId: a.admin.id });
    expect(by('auth.login')).toMatchObject({ ...admin, targetId: a.admin.id });
    // Newest first; the learner's own login (addPerson) is not an admin's, so not recorded.
    expect(entries.map((e) => e.seq)).toEqual([...entries.map((e) => e.seq)].sort((x, y) => y - x));
    expect(entries.filter((e) => e.actorId === member.id)).toEqual([]);
    expect(verifyChain(await rows(a.admin.organisationId))).toMatchObject({ ok: true });
  });

  it('records groups, requirements, an exported report and a revoked certificate', async () => {
    const course = await courseOfNinetyMinutes(t, a.admin.organisationId, a.instructor.id, 'Brandsikkerhed');
    const group = (await call(t, a.admin, 'POST', '/api/groups', { name: 'Lager', kind: 'location' })).json() as { id: string };
    expect((await call(t, a.admin, 'PUT', `/api/groups/${group.id}/members`, { userIds: [a.learner.id] })).statusCode).toBe(200);
    expect((await call(t, a.admin, 'PUT', `/api/groups/${group.id}/managers`, { userIds: [a.instructor.id] })).statusCode).toBe(200);
    const created = await call(t, a.admin, 'POST', '/api/requirements', { courseId: course.id, groupId: group.id, dueDays: 10 });
    expect(created.statusCode, created.body).toBe(201);
    const requirementId = created.json().id as string;
    expect((await call(t, a.admin, 'PATCH', `/api/requirements/${requirementId}`, { dueDays: 20 })).statusCode).toBe(200);
    expect((await call(t, a.admin, 'GET', `/api/reports/compliance?group=${group.id}&format=csv`)).statusCode).toBe(200);
    expect((await call(t, a.admin, 'DELETE', `/api/requirements/${requirementId}`)).statusCode).toBe(200);
    expect((await completeCourse(t, a.learner, course.id)).statusCode).toBe(200);
    const { code } = await t.db.selectFrom('certificates').select('code').where('user_id', '=', a.learner.id).executeTakeFirstOrThrow();
    const revoked = await call(t, a.admin, 'POST', `/api/certificates/${code}/revoke`, { reason: 'Snyd' });
    expect(revoked.statusCode, revoked.body).toBe(200);

    const { entries } = await log(a.admin, '?limit=200');
    const by = (action: string) => entries.find((e) => e.action === action);
    expect(by('group.members-changed')).toMatchObject({ targetId: group.id, details: { before: [], after: [a.learner.id] } });
    expect(by('group.managers-changed')).toMatchObject({ targetId: group.id, details: { before: [], after: [a.instructor.id] } });
    expect(by('requirement.created')).toMatchObject({ targetId: requirementId, details: { after: { dueDays: 10 } } });
    // Before and after of what changed, and only that; the course and group say which requirement.
    expect(by('requirement.changed')).toMatchObject({
      targetId: requirementId,
      details: { course: 'Brandsikkerhed', group: 'Lager', before: { dueDays: 10 }, after: { dueDays: 20 } },
    });
    expect(by('requirement.changed')?.details.before).toEqual({ dueDays: 10 });
    expect(by('requirement.deleted')).toMatchObject({ targetId: requirementId, actorId: a.admin.id });
    expect(by('report.exported')).toMatchObject({ details: { report: 'compliance', format: 'csv' }, ip: '127.0.0.1' });
    expect(by('certificate.revoked')).toMatchObject({ actorId: a.admin.id, details: { code, reason: 'Snyd', holderId: a.learner.id } });
    // Filters: by action, and by actor (id or e-mail).
    expect((await log(a.admin, '?action=requirement.created')).entries.map((e) => e.action)).toEqual(['requirement.created']);
    const mine = (await log(a.admin, `?actor=${encodeURIComponent(a.admin.email)}&limit=200`)).entries;
    expect(mine.length).toBeGreaterThan(5);
    expect(mine.every((e: TAuditEntry) => e.actorEmail === a.admin.email)).toBe(true);
  });

  it('pages newest first with a cursor', async () => {
    const c = await chainOf(5);
    const first = await log(c.admin, '?limit=2');
    expect(first.entries.map((e) => e.seq)).toEqual([5, 4]);
    const second = await log(c.admin, `?limit=2&before=${first.nextBefore}`);
    expect(second.entries.map((e) => e.seq)).toEqual([3, 2]);
    expect((await log(c.admin, '?limit=2&before=2')).nextBefore).toBeNull();
  });
});

describe('recording', () => {
  it('never fails what caused it: an append that fails is logged and forgotten', async () => {
    const errors: unknown[] = [];
    const broken = { transaction: () => ({ execute: () => Promise.reject(new Error('database down')) }) } as unknown as TestApp['db'];
    const audit = new AuditLog(broken, { error: (what: unknown) => void errors.push(what) });
    await expect(audit.record({ organisationId: a.admin.organisationId, actor: null, action: 'test.entry' })).resolves.toBeUndefined();
    expect(errors).toEqual([expect.objectContaining({ action: 'test.entry' })]);
  });
});

describe('who may read it', () => {
  it("is for the company's admins: others 403, no session 401, another company's admin sees only their own", async () => {
    expect((await call(t, null, 'GET', '/api/audit-log')).statusCode).toBe(401);
    for (const who of [a.learner, a.instructor]) {
      const res = await call(t, who, 'GET', '/api/audit-log');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: "Only the company's admins can read the audit log." });
      expect((await call(t, who, 'GET', '/api/audit-log?format=csv')).statusCode).toBe(403);
    }
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.paths['/api/audit-log'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['actor', 'action', 'from', 'to', 'format']),
    );
    const theirs = await log(b.admin, '?limit=200');
    expect(theirs.entries.some((e) => e.targetId === a.admin.id || e.actorId === a.admin.id)).toBe(false);
  });
});

describe('the chain', () => {
  it('verifies, and an edited, deleted or reordered row breaks it at that row', async () => {
    const edited = await chainOf(5);
    expect(verifyChain(await rows(edited.admin.organisationId))).toEqual({ ok: true, count: 5 });
    await t.db
      .updateTable('audit_log')
      .set({ details: '{"i":3,"note":"changed"}' })
      .where('organisation_id', '=', edited.admin.organisationId)
      .where('seq', '=', 3)
      .execute();
    expect(verifyChain(await rows(edited.admin.organisationId))).toMatchObject({ ok: false, seq: 3 });

    const deleted = await chainOf(5);
    await t.db.deleteFrom('audit_log').where('organisation_id', '=', deleted.admin.organisationId).where('seq', '=', 2).execute();
    expect(verifyChain(await rows(deleted.admin.organisationId))).toMatchObject({ ok: false, seq: 2 });

    const swapped = await chainOf(5);
    const org = swapped.admin.organisationId;
    const renumber = (from: number, to: number) =>
      t.db.updateTable('audit_log').set({ seq: to }).where('organisation_id', '=', org).where('seq', '=', from).execute();
    await renumber(3, -1);
    await renumber(4, 3);
    await renumber(-1, 4);
    expect(verifyChain(await rows(org))).toMatchObject({ ok: false, seq: 3 });

    // The last row cut off shows against the company's head.
    const cut = await chainOf(3);
    await t.db.deleteFrom('audit_log').where('organisation_id', '=', cut.admin.organisationId).where('seq', '=', 3).execute();
    const head = await t.db
      .selectFrom('audit_heads')
      .select(['seq', 'hash'])
      .where('organisation_id', '=', cut.admin.organisationId)
      .executeTakeFirstOrThrow();
    expect(verifyChain(await rows(cut.admin.organisationId))).toMatchObject({ ok: true });
    expect(verifyChain(await rows(cut.admin.organisationId), { seq: Number(head.seq), hash: head.hash })).toMatchObject({
      ok: false,
      seq: 3,
    });
  });

  it('takes concurrent appends one at a time: 20 parallel role changes give seq 1..20 and a valid chain', async () => {
    const c = await company(t);
    const members = await Promise.all(Array.from({ length: 20 }, () => addPerson(t, c.admin.organisationId, 'instructor')));
    const answers = await Promise.all(members.map((m) => call(t, c.admin, 'PATCH', `/api/members/${m.id}`, { role: 'learner' })));
    expect(answers.map((r) => r.statusCode)).toEqual(members.map(() => 200));
    const chain = await rows(c.admin.organisationId);
    expect(chain.map((r) => Number(r.seq))).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(chain.map((r) => r.target_id))).toEqual(new Set(members.map((m) => m.id)));
    expect(verifyChain(chain)).toEqual({ ok: true, count: 20 });
  });

  it('exports CSV that npm run audit:verify checks offline, and that fails once a line is edited', async () => {
    const c = await chainOf(4);
    const res = await call(t, c.admin, 'GET', '/api/audit-log?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const dir = mkdtempSync(path.join(tmpdir(), 'audit-'));
    try {
      const file = path.join(dir, 'audit.csv');
      writeFileSync(file, res.rawPayload);
      const ok = await run(process.execPath, [VERIFY, file]);
      expect(ok.stdout).toMatch(/^OK: 4 entries/);

      const lines = readFileSync(file, 'utf8').split('\r\n');
      expect(lines[0]).toBe(
        '\uFEFFseq;at;organisation_id;actor_id;actor_name;actor_email;ip;action;target_type;target_id;details;prev_hash;hash',
      );
      lines[2] = lines[2]!.replace('test.entry', 'test.other');
      writeFileSync(file, lines.join('\r\n'));
      const broken = await run(process.execPath, [VERIFY, file]).then(
        () => undefined,
        (error: { code: number; stderr: string }) => error,
      );
      expect(broken).toMatchObject({ code: 1, stderr: expect.stringContaining('BROKEN at seq 2') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
