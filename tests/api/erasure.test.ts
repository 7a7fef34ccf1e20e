import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErasureService } from '../../src/server/domains/privacy/erasure/service.ts';
import type { RetentionService } from '../../src/server/domains/privacy/retention/service.ts';
import { companiesWithErasuresDue } from '../../src/server/domains/privacy/erasure/requests.ts';
import type { TCertificateVerification } from '../../src/shared/schemas/certificates.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { completeCourse, courseOfNinetyMinutes } from '../helpers/certificates.ts';
import { addPerson, call, company, type Company } from '../helpers/courses.ts';
import { NotificationScheduler } from '../../src/server/domains/notifications/scheduler.ts';
import { until } from '../helpers/jobs.ts';
import { queueingNotifications, scanJobs } from '../helpers/notifications.ts';
import { DAY, foundIn, leaveTraces, privacyServices } from '../helpers/privacy.ts';

// Erasure of a person's data: asked for by them (with their password) or by an admin, cancellable
// during the grace period, then carried out everywhere, leaving a pseudonym, certificates that
// still verify without the name and (when the company keeps them) training records.

let t: TestApp;
let a: Company;
let b: Company;
let privacy: { erasure: ErasureService; retention: RetentionService };
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  privacy = await privacyServices(t);
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

/** The audit log is the company's security record, kept for its retention (its chain would break): the one place allowed. */
const ALLOWED = ['audit_log.actor_email', 'audit_log.details', 'audit_log.actor_name'];

describe('carrying it out', () => {
  it('leaves no trace of the person outside the audit log, a certificate that still verifies, and their scores', async () => {
    const who = await addPerson(t, a.admin.organisationId, 'learner');
    const marker = 'Zq7Xw9Markor';
    const { code } = await leaveTraces(t, who, a.admin, a.instructor.id, marker);
    for (const needle of [marker, who.email]) expect((await foundIn(t, needle)).length).toBeGreaterThan(5);

    expect((await call(t, a.admin, 'POST', `/api/members/${who.id}/erase`)).statusCode).toBe(202);
    // Not yet due: nothing happens.
    expect(await privacy.erasure.runDue(later(13), a.admin.organisationId)).toBe(0);
    expect((await companiesWithErasuresDue(t.db, later(15))).map((d) => d.organisationId)).toContain(a.admin.organisationId);
    expect(await privacy.erasure.runDue(later(15), a.admin.organisationId)).toBe(1);

    for (const needle of [marker, who.email]) {
      expect(
        (await foundIn(t, needle)).filter((place) => !ALLOWED.includes(place)),
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

  it('leaves the company’s compliance figures for the time the person was there, under the pseudonym, unless it keeps no training records', async () => {
    for (const keep of [true, false]) {
      const c = await company(t);
      const org = c.admin.organisationId;
      if (!keep) {
        const settings = {
          inactiveLearnerMonths: null,
          aiConversationMonths: null,
          quizAnswerMonths: null,
          logMonths: null,
          graceDays: 14,
        };
        expect((await call(t, c.admin, 'PUT', '/api/organisation/retention', { ...settings, keepTrainingRecords: false })).statusCode).toBe(
          200,
        );
      }
      const course = await courseOfNinetyMinutes(t, org, c.instructor.id, 'Førstehjælp');
      const group = (await call(t, c.admin, 'POST', '/api/groups', { name: 'Lager', kind: 'location' })).json() as { id: string };
      expect((await call(t, c.admin, 'PUT', `/api/groups/${group.id}/members`, { userIds: [c.learner.id] })).statusCode).toBe(200);
      expect(
        (await call(t, c.admin, 'POST', '/api/requirements', { courseId: course.id, groupId: group.id, dueDays: 10 })).statusCode,
      ).toBe(201);
      expect((await completeCourse(t, c.learner, course.id)).statusCode).toBe(200);
      // A moment while they were there: the report as it stood then.
      const { then } = await t.db
        .selectFrom('compliance_history')
        .select((eb) => eb.fn.max('at').as('then'))
        .where('user_id', '=', c.learner.id)
        .executeTakeFirstOrThrow();
      const report = async () =>
        (await call(t, c.admin, 'GET', `/api/reports/compliance?at=${encodeURIComponent(then!)}`)).json() as {
          counts: Record<string, number>;
          rows: { email: string }[];
        };
      expect((await report()).counts.completed).toBe(1);

      expect((await call(t, c.admin, 'POST', `/api/members/${c.learner.id}/erase`)).statusCode).toBe(202);
      expect(await privacy.erasure.runDue(later(15), org)).toBe(1);
      const after = await report();
      if (keep) {
        expect(after.counts.completed).toBe(1);
        expect(after.rows.map((r) => r.email)).toEqual([expect.stringMatching(/@erased\.invalid$/)]);
      } else expect(after.counts.completed ?? 0).toBe(0);
    }
  });

  it('hands an erased instructor’s courses to the admin who asked', async () => {
    const c = await company(t);
    const course = await courseOfNinetyMinutes(t, c.admin.organisationId, c.otherInstructor.id, 'Overdraget');
    expect((await call(t, c.admin, 'POST', `/api/members/${c.otherInstructor.id}/erase`)).statusCode).toBe(202);
    expect(await privacy.erasure.runDue(later(15), c.admin.organisationId)).toBe(1);
    const owner = await t.db.selectFrom('courses').select('owner_id').where('id', '=', course.id).executeTakeFirstOrThrow();
    expect(owner.owner_id).toBe(c.admin.id);
  });

  it('is carried out by the notification scan once due, on the app’s own worker', async () => {
    const c = await company(t);
    expect((await call(t, c.learner, 'DELETE', '/api/me', { password: 'person-pass-1' })).statusCode).toBe(202);
    const notifications = await queueingNotifications(t);
    const scheduler = new NotificationScheduler(t.db, scanJobs(t.db, notifications), 1000, t.app.log, undefined, {
      erasures: { pending: (now) => companiesWithErasuresDue(t.db, now), run: async () => 0 },
    });
    expect(await scheduler.tick(later(15))).toBeGreaterThan(0);
    // The job's step is the app's (app.ts wires its erasure into the scan), not the one given here.
    await until(async () => (await user(c.learner.id)).erased_at !== null, 'the erasure was carried out');
    expect((await requests(c.learner.id)).map((r) => r.status)).toEqual(['done']);
  });
});
