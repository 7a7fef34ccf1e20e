import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErasureService } from '../../src/server/domains/privacy/erasure/service.ts';
import type { RetentionService } from '../../src/server/domains/privacy/retention/service.ts';
import { newId } from '../../src/server/security/tokens.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { courseOfNinetyMinutes } from '../helpers/certificates.ts';
import { addPerson, call, company } from '../helpers/courses.ts';
import { DAY, insertConversation, privacyServices } from '../helpers/privacy.ts';

// A company's data retention: its settings, and the nightly run that erases inactive learners,
// deletes old AI conversations and logs and empties old quiz answers, recording what it removed.

let t: TestApp;
let privacy: { erasure: ErasureService; retention: RetentionService };
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  privacy = await privacyServices(t);
});
afterAll(async () => t.close());

const user = (id: string) => t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

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
      await insertConversation(t, { organisationId: org, userId: c.learner.id, title: at, content: at, at });
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
    const messages = await t.db.selectFrom('ai_messages').select('content').where('content', 'in', [old, recent]).execute();
    expect(messages.map((m) => m.content)).toEqual([recent]);
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
