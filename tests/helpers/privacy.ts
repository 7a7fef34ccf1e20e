import path from 'node:path';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { CertificatesService, CertificateKeys } from '../../src/server/domains/learning/index.ts';
import { AuditLog } from '../../src/server/domains/privacy/index.ts';
import { ErasureService } from '../../src/server/domains/privacy/erasure/service.ts';
import { RetentionService } from '../../src/server/domains/privacy/retention/service.ts';
import { newId } from '../../src/server/security/tokens.ts';
import { DiskStorage } from '../../src/server/storage/disk.ts';
import type { TestApp } from './app.ts';
import { completeCourse, courseOfNinetyMinutes } from './certificates.ts';
import { call, type Person } from './courses.ts';

export const DAY = 24 * 60 * 60 * 1000;

/** The privacy domain's erasure and retention on the app's database, its key and its storage, run by the test at moments it chooses. */
export async function privacyServices(t: TestApp): Promise<{ erasure: ErasureService; retention: RetentionService }> {
  const keys = await CertificateKeys.open(t.db, { dataDir: t.database.dataDir });
  const certificates = new CertificatesService(t.db, keys, 'http://localhost:5000', t.app.log);
  const audit = new AuditLog(t.db);
  // The app's own storage: the disk under its DATA_DIR.
  const storage = new DiskStorage(path.join(t.database.dataDir, 'uploads'));
  const erasure = new ErasureService(t.db, audit, { eraseCertificates: (id, at) => certificates.eraseHolder(id, at), storage }, t.app.log);
  return { erasure, retention: new RetentionService(t.db, audit, erasure) };
}

/** A conversation with the learning coach holding one message of the person's, as if kept since `at`. */
export async function insertConversation(
  t: TestApp,
  c: { organisationId: string; userId: string; title: string; content: string; at: string; courseId?: string },
): Promise<string> {
  const id = newId();
  await t.db
    .insertInto('ai_conversations')
    .values({
      id,
      organisation_id: c.organisationId,
      user_id: c.userId,
      service: 'learning-coach',
      title: c.title,
      course_id: c.courseId ?? null,
      lesson_id: null,
      message_count: 1,
      created_at: c.at,
      updated_at: c.at,
    })
    .execute();
  await t.db
    .insertInto('ai_messages')
    .values({
      id: newId(),
      conversation_id: id,
      position: 0,
      role: 'user',
      content: c.content,
      status: 'complete',
      sources: '[]',
      created_at: c.at,
    })
    .execute();
  return id;
}

/** Everything a person leaves in Kursa, each piece carrying a marker only they have. */
export async function leaveTraces(t: TestApp, who: Person, admin: Person, instructorId: string, marker: string) {
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
  const course = await courseOfNinetyMinutes(t, org, instructorId, `Kursus for ${marker.slice(0, 3)}`);
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
  await insertConversation(t, { organisationId: org, userId: who.id, title: `Samtale ${marker}`, content: `Hjælp ${marker}`, at: now });
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
async function textColumns(t: TestApp): Promise<[string, string][]> {
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
export async function foundIn(t: TestApp, needle: string): Promise<string[]> {
  const places: string[] = [];
  for (const [table, column] of await textColumns(t)) {
    const hit = await sql<{
      n: number | string;
    }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} like ${`%${needle}%`}`.execute(t.db);
    if (Number(hit.rows[0]?.n ?? 0) > 0) places.push(`${table}.${column}`);
  }
  return places;
}
