import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CertificatesService, CertificateKeys } from '../../src/server/domains/learning/index.ts';
import { AuditLog } from '../../src/server/domains/privacy/index.ts';
import { ErasureService } from '../../src/server/domains/privacy/erasure/service.ts';
import { RetentionService } from '../../src/server/domains/privacy/retention/service.ts';
import { DiskStorage } from '../../src/server/storage/disk.ts';
import { newId } from '../../src/server/security/tokens.ts';
import type { TCertificateVerification } from '../../src/shared/schemas/certificates.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { completeCourse, courseOfNinetyMinutes } from '../helpers/certificates.ts';
import { addPerson, call, company, type Company, type Person } from '../helpers/courses.ts';

// Erasure of a person's data: asked for by them (with their password) or by an admin, cancellable
// during the grace period, then carried out everywhere, leaving a pseudonym, certificates that
// still verify without the name and (when the company keeps them) training records.

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let a: Company;
let b: Company;
let privacy: { erasure: ErasureService; retention: RetentionService };
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  const keys = await CertificateKeys.open(t.db, { dataDir: t.database.dataDir });
  const certificates = new CertificatesService(t.db, keys, 'http://localhost:5000', t.app.log);
  const audit = new AuditLog(t.db);
  // The app's own storage: the disk under its DATA_DIR.
  const storage = new DiskStorage(path.join(t.database.dataDir, 'uploads'));
  const erasure = new ErasureService(t.db, audit, { eraseCertificates: (id, at) => certificates.eraseHolder(id, at), storage }, t.app.log);
  privacy = { erasure, retention: new RetentionService(t.db, audit, erasure) };
  a = await company(t);
  b = await company(t);
});
afterAll(async () => t.close());

const later = (days: number) => new Date(Date.now() + days * DAY);
const requests = (userId: string) => t.db.selectFrom('erasure_requests').selectAll().where('user_id', '=', userId).execute();
const user = (id: string) => t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('asking for an erasure', () => {
  it('takes the person’s password, is due after 14 days, answers 409 twice, and is cancelled by them', async () => {
    const me = await addPerson(t, a.admin.organisationId, 'learner');
    const wrong = await call(t, me, 'DELETE', '/api/me', { password: 'not-it-at-all' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', errors: { password: expect.any(String) } });
    expect(await requests(me.id)).toEqual([]);

    const asked = await call(t, me, 'DELETE', '/api/me', { password: 'person-pass-1' });
    expect(asked.statusCode, asked.body).toBe(202);
    const dueAt = Date.parse(asked.json().erasure.dueAt);
    expect(Math.abs(dueAt - later(14).getTime())).toBeLessThan(60_000);
    expect((await call(t, me, 'GET', '/api/me/erasure')).json()).toMatchObject({ erasure: { kind: 'self', status: 'pending' } });
    expect((await call(t, me, 'DELETE', '/api/me', { password: 'person-pass-1' })).statusCode).toBe(409);
    // Still a working account while pending.
    expect((await call(t, me, 'GET', '/api/me')).statusCode).toBe(200);

    expect((await call(t, me, 'DELETE', '/api/me/erasure')).statusCode).toBe(200);
    expect((await call(t, me, 'GET', '/api/me/erasure')).json()).toEqual({ erasure: null });
    expect((await call(t, me, 'DELETE', '/api/me/erasure')).statusCode).toBe(404);
    expect((await requests(me.id)).map((r) => r.status)).toEqual(['cancelled']);
    expect(await privacy.erasure.runDue(later(15), a.admin.organisationId)).toBe(0);
    expect((await user(me.id)).erased_at).toBeNull();
    const actions = await t.db.selectFrom('audit_log').select('action').where('target_id', '=', me.id).orderBy('seq').execute();
    expect(actions.map((r) => r.action)).toEqual(['member.erasure-requested', 'member.erasure-cancelled']);
  });

  it('refuses the company’s only active admin, and a body without a password', async () => {
    const c = await company(t);
    const res = await call(t, c.admin, 'DELETE', '/api/me', { password: 'correct-horse-1' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('LAST_ADMIN');
    expect((await call(t, c.admin, 'DELETE', '/api/me', {})).statusCode).toBe(400);
    expect(await requests(c.admin.id)).toEqual([]);
  });

  it('lets an admin erase a member: deactivated and logged out now, reactivated as before on cancel; nobody else may', async () => {
    const member = await addPerson(t, a.admin.organisationId, 'learner');
    expect((await call(t, a.instructor, 'POST', `/api/members/${member.id}/erase`)).statusCode).toBe(403);
    expect((await call(t, b.admin, 'POST', `/api/members/${member.id}/erase`)).statusCode).toBe(404);
    expect((await call(t, a.admin, 'POST', `/api/members/${a.admin.id}/erase`)).statusCode).toBe(400);
    expect((await call(t, a.admin, 'POST', `/api/members/nobody-here/erase`)).statusCode).toBe(404);
    expect(await requests(member.id)).toEqual([]);

    const asked = await call(t, a.admin, 'POST', `/api/members/${member.id}/erase`);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({ kind: 'admin', status: 'pending' });
    expect((await user(member.id)).deactivated_at).not.toBeNull();
    expect((await call(t, member, 'GET', '/api/me')).statusCode).toBe(401);
    expect((await call(t, a.admin, 'GET', `/api/members/${member.id}/erase`)).json()).toMatchObject({ erasure: { kind: 'admin' } });
    expect((await call(t, b.admin, 'GET', `/api/members/${member.id}/erase`)).statusCode).toBe(404);
    expect((await call(t, b.admin, 'DELETE', `/api/members/${member.id}/erase`)).statusCode).toBe(404);

    expect((await call(t, a.admin, 'DELETE', `/api/members/${member.id}/erase`)).statusCode).toBe(200);
    expect((await user(member.id)).deactivated_at).toBeNull();
    expect((await requests(member.id)).map((r) => r.status)).toEqual(['cancelled']);
  });
});

/** Everything a person leaves in Kursa, each piece carrying a marker only they have. */
async function leaveTraces(who: Person, admin: Person, marker: string) {
  const org = who.organisationId;
  const now = new Date().toISOString();
  await t.db
    .updateTable('users')
    .set({
      contact_name: `Navn ${marker}`,
      phone: `+45 ${marker}`,
      bio: `Bio ${marker}`,
      expertise: `Ekspert ${marker}`,
      website: `https://${marker}.dk`,
    })
    .where('id', '=', who.id)
    .execute();
  const course = await courseOfNinetyMinutes(t, org, a.instructor.id, `Kursus for ${marker.slice(0, 3)}`);
  expect((await completeCourse(t, who, course.id)).statusCode).toBe(200);
  const certificates = await call(t, who, 'GET', '/api/certificates');
  const code = (certificates.json() as { certificates: { code: string }[] }).certificates[0]!.code;
  const enrolment = await t.db.selectFrom('enrolments').select('id').where('user_id', '=', who.id).executeTakeFirstOrThrow();
  const lesson = await t.db.selectFrom('lessons').select('id').where('course_id', '=', course.id).executeTakeFirstOrThrow();
  await t.db
    .insertInto('quiz_attempts')
    .values({
      id: newId(),
      enrolment_id: enrolment.id,
      lesson_id: lesson.id,
      attempt: 1,
      answers: JSON.stringify({ q1: `svar ${marker}` }),
      result: JSON.stringify([{ given: marker }]),
      score: 80,
      passed: 1,
      created_at: now,
    })
    .execute();
  await t.db
    .insertInto('reviews')
    .values({
      id: newId(),
      course_id: course.id,
      user_id: who.id,
      rating: 5,
      comment: `Godt ${marker}`,
      created_at: now,
      updated_at: now,
      quote_consent_at: now,
    })
    .execute();
  await t.db
    .insertInto('course_questions')
    .values({
      id: newId(),
      organisation_id: org,
      course_id: course.id,
      lesson_id: null,
      user_id: who.id,
      body: `Spørgsmål ${marker}`,
      created_at: now,
      answer: null,
      answered_by: null,
      answered_at: null,
    })
    .execute();
  const conversation = newId();
  await t.db
    .insertInto('ai_conversations')
    .values({
      id: conversation,
      organisation_id: org,
      user_id: who.id,
      service: 'learning-coach',
      title: `Samtale ${marker}`,
      course_id: null,
      lesson_id: null,
      message_count: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await t.db
    .insertInto('ai_messages')
    .values({
      id: newId(),
      conversation_id: conversation,
      position: 0,
      role: 'user',
      content: `Hjælp ${marker}`,
      status: 'complete',
      sources: '[]',
      created_at: now,
    })
    .execute();
  await t.db
    .insertInto('notifications')
    .values({
      id: newId(),
      user_id: who.id,
      organisation_id: org,
      kind: 'answered',
      params: JSON.stringify({ text: marker }),
      link: '/learn',
      dedupe_key: `n-${newId()}`,
      created_at: now,
      read_at: null,
      in_app: 1,
      digest_pending: 0,
    })
    .execute();
  // What others were told of them, by name and address.
  await t.db
    .insertInto('notifications')
    .values({
      id: newId(),
      user_id: admin.id,
      organisation_id: org,
      kind: 'completed',
      params: JSON.stringify({ learner: `Navn ${marker}`, email: who.email }),
      link: '/dashboard',
      dedupe_key: `m-${newId()}`,
      created_at: now,
      read_at: null,
      in_app: 1,
      digest_pending: 0,
    })
    .execute();
  for (const [to, status, body] of [
    [who.email, 'kept', `Hej Navn ${marker}`],
    [who.email, 'queued', `Påmindelse ${marker}`],
    ['leder@example.dk', 'kept', `Navn ${marker} (${who.email}) er bagud`],
  ] as const) {
    const id = newId();
    await t.db
      .insertInto('mail_outbox')
      .values({
        id,
        organisation_id: org,
        user_id: to === who.email ? who.id : null,
        kind: 'test',
        dedupe_key: `d-${id}`,
        to_address: to,
        subject: `Om Navn ${marker}`,
        text_body: body,
        html_body: `<p>${body}</p>`,
        headers: null,
        status,
        attempts: 0,
        next_attempt_at: now,
        lease_owner: null,
        lease_until: null,
        last_error: null,
        created_at: now,
        sent_at: null,
      })
      .execute();
    await t.db
      .insertInto('mail_attachments')
      .values({
        mail_id: id,
        position: 0,
        filename: 'rapport.pdf',
        content_type: 'application/pdf',
        size: 10,
        content: Buffer.from(`PDF ${marker}`).toString('base64'),
      })
      .execute();
  }
  await t.db
    .insertInto('newsletter_subscriptions')
    .values({
      id: newId(),
      email: who.email,
      language: 'da',
      consent_text: 'Ja tak',
      consented_at: now,
      confirm_token_hash: `c-${marker}`,
      confirm_expires_at: now,
      confirmed_at: now,
      unsubscribe_token_hash: `h-${marker}`,
      unsubscribed_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await t.db
    .insertInto('contact_requests')
    .values({
      id: newId(),
      name: `Navn ${marker}`,
      email: who.email,
      company: 'Firma',
      phone: marker,
      topic: 'general',
      message: `Besked ${marker}`,
      language: 'da',
      consent_text: 'Ja',
      mailed_at: null,
      created_at: now,
    })
    .execute();
  await t.db.insertInto('login_failures').values({ id: newId(), account: who.email, ip: '10.0.0.1', created_at: now }).execute();
  const group = newId();
  await t.db
    .insertInto('groups')
    .values({
      id: group,
      organisation_id: org,
      name: `Hold ${marker.slice(0, 2)}`,
      name_key: `hold-${group}`,
      kind: 'team',
      rule_kind: null,
      rule_value: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await t.db
    .insertInto('group_members')
    .values({ group_id: group, user_id: who.id, organisation_id: org, joined_at: now, source: 'manual' })
    .execute();
  return { code, course };
}

/** Every text column of every table, as (table, column). */
async function textColumns(): Promise<[string, string][]> {
  if (t.database.url.startsWith('sqlite:')) {
    const tables = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and sql not like '%VIRTUAL%'`.execute(t.db);
    const out: [string, string][] = [];
    for (const { name } of tables.rows) {
      const columns = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${name})`.execute(t.db);
      for (const c of columns.rows) if (/text|char|^$/i.test(c.type)) out.push([name, c.name]);
    }
    return out;
  }
  const columns = await sql<{ table_name: string; column_name: string }>`select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and data_type in ('text', 'character varying')`.execute(t.db);
  return columns.rows.map((c) => [c.table_name, c.column_name]);
}

/** Where `needle` still is: "table.column" for each text column holding it. */
async function foundIn(needle: string): Promise<string[]> {
  const places: string[] = [];
  for (const [table, column] of await textColumns()) {
    const hit = await sql<{
      n: number | string;
    }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} like ${`%${needle}%`}`.execute(t.db);
    if (Number(hit.rows[0]?.n ?? 0) > 0) places.push(`${table}.${column}`);
  }
  return places;
}

/** The audit log is the company's security record, kept for its retention (its chain would break): the one place allowed. */
const ALLOWED = ['audit_log.actor_email', 'audit_log.details', 'audit_log.actor_name'];

describe('carrying it out', () => {
  it('leaves no trace of the person outside the audit log, a certificate that still verifies, and their scores', async () => {
    const who = await addPerson(t, a.admin.organisationId, 'learner');
    const marker = 'Zq7Xw9Markor';
    const { code } = await leaveTraces(who, a.admin, marker);
    for (const needle of [marker, who.email]) expect((await foundIn(needle)).length).toBeGreaterThan(5);

    expect((await call(t, a.admin, 'POST', `/api/members/${who.id}/erase`)).statusCode).toBe(202);
    // Not yet due: nothing happens.
    expect(await privacy.erasure.runDue(later(13), a.admin.organisationId)).toBe(0);
    expect((await privacy.erasure.due(later(15))).map((d) => d.organisationId)).toContain(a.admin.organisationId);
    expect(await privacy.erasure.runDue(later(15), a.admin.organisationId)).toBe(1);

    for (const needle of [marker, who.email]) {
      expect(
        (await foundIn(needle)).filter((place) => !ALLOWED.includes(place)),
        needle,
      ).toEqual([]);
    }
    const row = await user(who.id);
    expect(row).toMatchObject({
      contact_name: '',
      phone: '',
      bio: null,
      password_hash: '',
      email: expect.stringMatching(/@erased\.invalid$/),
    });
    expect(row.erased_at).not.toBeNull();
    const [request] = await requests(who.id);
    expect(request).toMatchObject({ status: 'done' });
    expect(JSON.parse(request!.summary!)).toMatchObject({ certificates: 1, reviews: 1, aiConversations: 1 });
    // The certificate verifies, without the name.
    const verified = (await call(t, null, 'GET', `/api/certificates/${code}`)).json() as TCertificateVerification;
    expect(verified.status).toBe('genuine');
    expect(verified.certificate).toMatchObject({ holderName: '', holderErased: true });
    expect((await call(t, a.admin, 'GET', `/api/certificates/${code}/pdf`)).statusCode).toBe(404);
    // The erasure is signed: the row made to look like a certificate with no holder erased no longer verifies.
    await t.db.updateTable('certificates').set({ holder_erased_at: null }).where('code', '=', code).execute();
    expect(((await call(t, null, 'GET', `/api/certificates/${code}`)).json() as TCertificateVerification).status).toBe('invalid');
    // The company keeps the training record under the pseudonym, without the answers.
    const enrolments = await t.db.selectFrom('enrolments').select(['id', 'completed_at']).where('user_id', '=', who.id).execute();
    expect(enrolments).toHaveLength(1);
    const attempt = await t.db
      .selectFrom('quiz_attempts')
      .selectAll()
      .where('enrolment_id', '=', enrolments[0]!.id)
      .executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({ score: 80, answers: '{}', result: '[]' });
    // Gone from the team, and no one logs in as them.
    const members = (await call(t, a.admin, 'GET', '/api/members')).json() as { members: { id: string }[] };
    expect(members.members.map((m) => m.id)).not.toContain(who.id);
    expect((await call(t, null, 'POST', '/api/login', { email: who.email, password: 'person-pass-1' })).statusCode).toBe(401);
    const erased = await t.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target_id', '=', who.id)
      .where('action', '=', 'member.erased')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(erased.details)).toMatchObject({ kind: 'admin', removed: { certificates: 1 } });
    // Carried out once.
    expect(await privacy.erasure.runDue(later(16), a.admin.organisationId)).toBe(0);
  });

  it('for a company that keeps no training records, removes them too but the certificate and its enrolment', async () => {
    const c = await company(t);
    const saved = await call(t, c.admin, 'PUT', '/api/organisation/retention', {
      inactiveLearnerMonths: null,
      aiConversationMonths: null,
      quizAnswerMonths: null,
      logMonths: null,
      keepTrainingRecords: false,
      graceDays: 3,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const who = await addPerson(t, c.admin.organisationId, 'learner');
    const done = await courseOfNinetyMinutes(t, c.admin.organisationId, c.instructor.id, 'Færdigt');
    expect((await completeCourse(t, who, done.id)).statusCode).toBe(200);
    const started = await courseOfNinetyMinutes(t, c.admin.organisationId, c.instructor.id, 'Påbegyndt');
    expect((await call(t, who, 'POST', `/api/courses/${started.id}/enrol`)).statusCode).toBeLessThan(300);
    const code = ((await call(t, who, 'GET', '/api/certificates')).json() as { certificates: { code: string }[] }).certificates[0]!.code;

    expect((await call(t, who, 'DELETE', '/api/me', { password: 'person-pass-1' })).statusCode).toBe(202);
    expect(await privacy.erasure.runDue(later(2), c.admin.organisationId)).toBe(0);
    expect(await privacy.erasure.runDue(later(4), c.admin.organisationId)).toBe(1);
    const left = await t.db.selectFrom('enrolments').select('course_id').where('user_id', '=', who.id).execute();
    expect(left.map((e) => e.course_id)).toEqual([done.id]);
    expect(
      await t.db
        .selectFrom('lesson_progress')
        .selectAll()
        .where('enrolment_id', 'in', t.db.selectFrom('enrolments').select('id').where('user_id', '=', who.id))
        .execute(),
    ).toEqual([]);
    expect(((await call(t, null, 'GET', `/api/certificates/${code}`)).json() as TCertificateVerification).status).toBe('genuine');
  });

  it('hands an erased instructor’s courses to the admin who asked', async () => {
    const c = await company(t);
    const course = await courseOfNinetyMinutes(t, c.admin.organisationId, c.otherInstructor.id, 'Overdraget');
    expect((await call(t, c.admin, 'POST', `/api/members/${c.otherInstructor.id}/erase`)).statusCode).toBe(202);
    expect(await privacy.erasure.runDue(later(15), c.admin.organisationId)).toBe(1);
    const owner = await t.db.selectFrom('courses').select('owner_id').where('id', '=', course.id).executeTakeFirstOrThrow();
    expect(owner.owner_id).toBe(c.admin.id);
  });
});

describe('retention', () => {
  const settings = {
    inactiveLearnerMonths: 12,
    aiConversationMonths: 6,
    quizAnswerMonths: 6,
    logMonths: 12,
    keepTrainingRecords: true,
    graceDays: 14,
  };

  it('is read and set by admins only, within bounds, and the change is audited', async () => {
    const c = await company(t);
    expect((await call(t, c.admin, 'GET', '/api/organisation/retention')).json()).toEqual({
      inactiveLearnerMonths: null,
      aiConversationMonths: null,
      quizAnswerMonths: null,
      logMonths: null,
      keepTrainingRecords: true,
      graceDays: 14,
      lastRunAt: null,
    });
    expect((await call(t, c.learner, 'GET', '/api/organisation/retention')).statusCode).toBe(403);
    expect((await call(t, c.instructor, 'PUT', '/api/organisation/retention', settings)).statusCode).toBe(403);
    for (const bad of [{ logMonths: 6 }, { graceDays: 0 }, { aiConversationMonths: 0 }, { keepTrainingRecords: 'ja' }]) {
      expect((await call(t, c.admin, 'PUT', '/api/organisation/retention', { ...settings, ...bad })).statusCode).toBe(400);
    }
    expect((await call(t, c.admin, 'GET', '/api/organisation/retention')).json()).toMatchObject({ logMonths: null });
    expect((await call(t, c.admin, 'PUT', '/api/organisation/retention', settings)).json()).toMatchObject(settings);
    const entry = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('organisation_id', '=', c.admin.organisationId)
      .where('action', '=', 'retention.changed')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.details)).toMatchObject({ before: { logMonths: null }, after: { logMonths: 12 } });
  });

  it('runs at night: erases inactive learners, deletes old conversations and logs, empties old answers, and records it', async () => {
    const c = await company(t);
    const org = c.admin.organisationId;
    expect((await call(t, c.admin, 'PUT', '/api/organisation/retention', settings)).statusCode).toBe(200);
    const old = new Date(Date.now() - 400 * DAY).toISOString();
    const recent = new Date(Date.now() - 10 * DAY).toISOString();
    const sleeper = await addPerson(t, org, 'learner');
    await t.db.updateTable('users').set({ last_login_at: old, created_at: old }).where('id', '=', sleeper.id).execute();
    const course = await courseOfNinetyMinutes(t, org, c.instructor.id, 'Quiz');
    expect((await call(t, c.learner, 'POST', `/api/courses/${course.id}/enrol`)).statusCode).toBeLessThan(300);
    const enrolment = await t.db.selectFrom('enrolments').select('id').where('user_id', '=', c.learner.id).executeTakeFirstOrThrow();
    const lesson = await t.db.selectFrom('lessons').select('id').where('course_id', '=', course.id).executeTakeFirstOrThrow();
    for (const [attempt, at] of [
      [1, old],
      [2, recent],
    ] as const) {
      await t.db
        .insertInto('quiz_attempts')
        .values({
          id: newId(),
          enrolment_id: enrolment.id,
          lesson_id: lesson.id,
          attempt,
          answers: '{"q":1}',
          result: '[{"ok":true}]',
          score: 50,
          passed: 0,
          created_at: at,
        })
        .execute();
    }
    for (const at of [old, recent]) {
      await t.db
        .insertInto('ai_conversations')
        .values({
          id: newId(),
          organisation_id: org,
          user_id: c.learner.id,
          service: 'learning-coach',
          title: at,
          course_id: null,
          lesson_id: null,
          message_count: 0,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await t.db
        .insertInto('activity')
        .values({ id: newId(), organisation_id: org, course_id: course.id, user_id: c.learner.id, kind: 'enrollment', created_at: at })
        .execute();
    }

    const noon = new Date('2026-12-02T11:00:00Z');
    const night = new Date(Date.now() + DAY);
    night.setUTCHours(2, 30, 0, 0); // 03:30 in Copenhagen
    expect((await privacy.retention.due(noon)).map((d) => d.organisationId)).not.toContain(org);
    expect((await privacy.retention.due(night)).map((d) => d.organisationId)).toContain(org);
    expect(await privacy.retention.run(night, org)).toBeGreaterThanOrEqual(4);

    expect((await user(sleeper.id)).erased_at).not.toBeNull();
    expect((await user(c.learner.id)).erased_at).toBeNull();
    const conversations = await t.db.selectFrom('ai_conversations').select('title').where('organisation_id', '=', org).execute();
    expect(conversations.map((r) => r.title)).toEqual([recent]);
    const activity = await t.db
      .selectFrom('activity')
      .select('created_at')
      .where('organisation_id', '=', org)
      .where('created_at', '<', recent)
      .execute();
    expect(activity).toEqual([]);
    const attempts = await t.db
      .selectFrom('quiz_attempts')
      .select(['attempt', 'answers', 'score'])
      .where('enrolment_id', '=', enrolment.id)
      .orderBy('attempt')
      .execute();
    expect(attempts).toEqual([
      { attempt: 1, answers: '{}', score: 50 },
      { attempt: 2, answers: '{"q":1}', score: 50 },
    ]);
    const run = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('organisation_id', '=', org)
      .where('action', '=', 'retention.run')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(run.details)).toMatchObject({ removed: { inactiveLearners: 1, aiConversations: 1, quizAnswers: 1 } });
    // Once a night.
    expect((await privacy.retention.due(new Date(night.getTime() + 60 * 60 * 1000))).map((d) => d.organisationId)).not.toContain(org);
  });
});
