import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { call, company, type Company, type Person } from '../helpers/courses.ts';
import { startFakeLrs } from '../helpers/fake-lrs.ts';
import { enrolledLearner, QUIZ, seededCourse } from '../helpers/insights.ts';
import { until } from '../helpers/jobs.ts';

// xAPI: a company's learning record store, told of learning as it happens, durably and retried.

type Lrs = Awaited<ReturnType<typeof startFakeLrs>>;
const ADL = 'http://adlnet.gov/expapi/verbs';

let t: TestApp;
let c: Company;
let lrs: Lrs;
beforeAll(async () => {
  t = await createTestApp({ env: { OUTBOUND_ALLOW_PRIVATE_URLS: 'true', OUTBOUND_RETRY_MS: '100' } });
  c = await company(t);
  lrs = await startFakeLrs();
});
afterAll(async () => {
  await t.close();
  await lrs.close();
});

async function connect(who: Person, to: Lrs = lrs, extra: Record<string, unknown> = {}) {
  const res = await call(t, who, 'PUT', '/api/organisation/xapi', {
    endpoint: to.endpoint,
    username: to.credentials.username,
    password: to.credentials.password,
    active: true,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const emailOf = async (who: Person) =>
  (await t.db.selectFrom('users').select('email').where('id', '=', who.id).executeTakeFirstOrThrow()).email;
const rows = (organisationId: string) =>
  t.db.selectFrom('xapi_statements').selectAll().where('organisation_id', '=', organisationId).execute();
const auditOf = (organisationId: string) =>
  t.db.selectFrom('audit_log').selectAll().where('organisation_id', '=', organisationId).orderBy('seq').execute();

describe('the company’s LRS', () => {
  it('is saved by an admin with its password sealed and never answered, kept when left out, removed, and recorded', async () => {
    const co = await company(t);
    const before = (await call(t, co.admin, 'GET', '/api/organisation/xapi')).json();
    expect(before).toMatchObject({ endpoint: null, username: null, hasPassword: false, active: false, installationEndpoint: false });
    const saved = await connect(co.admin);
    expect(saved).toMatchObject({ endpoint: lrs.endpoint, username: 'lrs-key', hasPassword: true, active: true });
    expect(JSON.stringify(saved)).not.toContain('lrs-secret');
    const stored = await t.db
      .selectFrom('xapi_settings')
      .selectAll()
      .where('organisation_id', '=', co.admin.organisationId)
      .executeTakeFirstOrThrow();
    expect(stored.password).not.toContain('lrs-secret');
    // Saved again without a password: the kept one still opens the LRS.
    const paused = await call(t, co.admin, 'PUT', '/api/organisation/xapi', { endpoint: lrs.endpoint, username: 'lrs-key', active: false });
    expect(paused.json()).toMatchObject({ active: false, hasPassword: true });
    await call(t, co.admin, 'PUT', '/api/organisation/xapi', { endpoint: `${lrs.endpoint}?tenant=a`, username: 'lrs-key', active: true });
    expect((await call(t, co.admin, 'POST', '/api/organisation/xapi/test')).json()).toMatchObject({ ok: true, status: 200 });
    // The kept password goes only to the host it was given for: another host needs it typed again.
    const elsewhere = await call(t, co.admin, 'PUT', '/api/organisation/xapi', {
      endpoint: 'https://lrs.example.net/xapi',
      username: 'lrs-key',
      active: true,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errors).toHaveProperty('password');
    expect((await call(t, co.admin, 'GET', '/api/organisation/xapi')).json()).toMatchObject({ endpoint: `${lrs.endpoint}?tenant=a` });
    const removed = await call(t, co.admin, 'DELETE', '/api/organisation/xapi');
    expect(removed.json()).toMatchObject({ endpoint: null, hasPassword: false });
    expect((await call(t, co.admin, 'POST', '/api/organisation/xapi/test')).statusCode).toBe(409);
    expect((await auditOf(co.admin.organisationId)).map((a) => a.action)).toEqual([
      'xapi.changed',
      'xapi.changed',
      'xapi.changed',
      'xapi.removed',
    ]);
  });

  it('is for admins only; bad input is refused and changes nothing', async () => {
    const co = await company(t);
    for (const who of [co.instructor, co.learner]) {
      expect((await call(t, who, 'GET', '/api/organisation/xapi')).statusCode).toBe(403);
      const res = await call(t, who, 'PUT', '/api/organisation/xapi', {
        endpoint: lrs.endpoint,
        username: 'a',
        password: 'b',
        active: true,
      });
      expect(res.statusCode).toBe(403);
      expect((await call(t, who, 'POST', '/api/organisation/xapi/test')).statusCode).toBe(403);
    }
    for (const body of [
      { endpoint: 'ftp://lrs.example.com/xapi', username: 'a', password: 'b', active: true },
      { endpoint: 'https://key:secret@lrs.example.com/xapi', username: 'a', password: 'b', active: true },
      { endpoint: 'https://lrs.example.com/xapi', username: '', password: 'b', active: true },
      // Basic credentials cannot carry a colon in the username.
      { endpoint: 'https://lrs.example.com/xapi', username: 'a:b', password: 'c', active: true },
      { endpoint: 'https://lrs.example.com/xapi', username: 'a', password: '', active: true },
      // No password kept yet, and none given.
      { endpoint: 'https://lrs.example.com/xapi', username: 'a', active: true },
      { endpoint: 'https://lrs.example.com/xapi', username: 'a', password: 'b' },
    ]) {
      const res = await call(t, co.admin, 'PUT', '/api/organisation/xapi', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await t.db.selectFrom('xapi_settings').selectAll().where('organisation_id', '=', co.admin.organisationId).execute()).toEqual([]);

    const strict = await createTestApp();
    try {
      const other = await company(strict);
      for (const endpoint of ['http://lrs.example.com/xapi', 'https://127.0.0.1/xapi', 'https://10.0.0.1/xapi', 'https://localhost/xapi']) {
        const res = await call(strict, other.admin, 'PUT', '/api/organisation/xapi', {
          endpoint,
          username: 'a',
          password: 'b',
          active: true,
        });
        expect(res.statusCode, endpoint).toBe(400);
        expect(res.json().errors).toHaveProperty('endpoint');
      }
    } finally {
      await strict.close();
    }
  });
});

describe('statements', () => {
  it('tells the LRS of lessons opened, progress, quiz attempts, completion and the certificate, once each', async () => {
    await connect(c.admin);
    const course = await seededCourse(t, c.instructor, { title: 'Sikkerhed på lageret' });
    const learner = await enrolledLearner(t, course, c.admin.organisationId);
    const email = await emailOf(learner);
    const base = `/api/learning/${course.id}/lessons`;
    // Opened twice the same day: launched once.
    await call(t, learner, 'GET', `${base}/${course.text}`);
    await call(t, learner, 'GET', `${base}/${course.text}`);
    await call(t, learner, 'POST', `${base}/${course.text}/complete`);
    await call(t, learner, 'POST', `${base}/${course.video}/complete`);
    const wrong = Object.fromEntries(QUIZ.questions.map((q) => [q.id, `${q.id}-wrong`]));
    const right = Object.fromEntries(QUIZ.questions.map((q) => [q.id, `${q.id}-right`]));
    expect((await call(t, learner, 'POST', `${base}/${course.quiz}/attempts`, { answers: wrong })).json()).toMatchObject({ passed: false });
    expect((await call(t, learner, 'POST', `${base}/${course.quiz}/attempts`, { answers: right })).json()).toMatchObject({
      passed: true,
      courseCompleted: true,
    });
    // Every statement queued is marked sent only after the LRS has it.
    await until(async () => {
      const queued = await rows(c.admin.organisationId);
      return queued.length >= 8 && queued.every((r) => r.status === 'sent');
    }, 'eight statements sent');
    const told = lrs.of(email);
    const verbs = told.map((s) => s.verb.id);
    expect(verbs.filter((v) => v === `${ADL}/launched`)).toHaveLength(1);
    expect(verbs.filter((v) => v === `${ADL}/progressed`)).toHaveLength(3);
    expect(verbs.filter((v) => v === `${ADL}/failed`)).toHaveLength(1);
    expect(verbs.filter((v) => v === `${ADL}/passed`)).toHaveLength(1);
    expect(verbs.filter((v) => v === `${ADL}/completed`)).toHaveLength(1);
    expect(verbs.filter((v) => v === 'http://id.tincanapi.com/verb/earned')).toHaveLength(1);
    expect(told).toHaveLength(8);

    const courseIri = `http://localhost:5000/courses/${course.id}`;
    for (const statement of told) {
      expect(statement.actor).toEqual({ objectType: 'Agent', mbox: `mailto:${email}`, name: expect.any(String) });
      expect(statement.id).toMatch(/^[0-9a-f-]{36}$/);
    }
    const launched = told.find((s) => s.verb.id === `${ADL}/launched`)!;
    expect(launched.object).toMatchObject({ id: `${courseIri}/lessons/${course.text}`, definition: { name: { da: 'Introduktion' } } });
    expect(launched.context?.contextActivities?.parent?.[0]?.id).toBe(courseIri);
    const failed = told.find((s) => s.verb.id === `${ADL}/failed`)!;
    expect(failed.object.definition.type).toBe('http://adlnet.gov/expapi/activities/assessment');
    expect(failed.result).toMatchObject({ score: { scaled: 0, raw: 0, min: 0, max: 100 }, success: false });
    expect(told.find((s) => s.verb.id === `${ADL}/passed`)!.result).toMatchObject({ score: { scaled: 1, raw: 100 }, success: true });
    const progress = told.filter((s) => s.verb.id === `${ADL}/progressed`).map((s) => s.result?.extensions);
    expect(progress.map((e) => e?.['https://w3id.org/xapi/cmi5/result/extensions/progress'])).toEqual([33, 67, 100]);
    expect(told.find((s) => s.verb.id === `${ADL}/completed`)).toMatchObject({
      object: { id: courseIri, definition: { type: 'http://adlnet.gov/expapi/activities/course', name: { da: 'Sikkerhed på lageret' } } },
      result: { completion: true },
    });
    const code = (await t.db.selectFrom('certificates').select('code').where('user_id', '=', learner.id).executeTakeFirstOrThrow()).code;
    expect(told.find((s) => s.verb.id.endsWith('/earned'))!.object.id).toBe(`http://localhost:5000/verify/${code}`);
    expect(lrs.requests.every((r) => r.authorised && r.version === '1.0.3')).toBe(true);

    const figures = (await call(t, c.admin, 'GET', '/api/organisation/xapi')).json();
    expect(figures.queue).toMatchObject({ queued: 0, failed: 0, lastSentAt: expect.any(String) });
    expect(figures.queue.sent).toBeGreaterThanOrEqual(8);
  });

  it('tries a statement the LRS refused again under the same id, stores it once, and never holds up the learner', async () => {
    const co = await company(t);
    await connect(co.admin);
    const course = await seededCourse(t, co.instructor);
    const learner = await enrolledLearner(t, course, co.admin.organisationId);
    lrs.answerNext(503, 500);
    const opened = await call(t, learner, 'GET', `/api/learning/${course.id}/lessons/${course.text}`);
    expect(opened.statusCode).toBe(200);
    const email = await emailOf(learner);
    const [launched] = await until(() => lrs.of(email).length >= 1 && lrs.of(email), 'the launch after two refusals');
    expect(lrs.requests.filter((r) => r.id === launched!.id).map((r) => r.answered)).toEqual([503, 500, 200]);
    const row = await until(async () => {
      const found = (await rows(co.admin.organisationId)).find((r) => r.id === launched!.id);
      return found?.status === 'sent' && found;
    }, 'marked sent');
    expect(row).toMatchObject({ attempts: 3, response_status: 200, last_error: null });
  });

  it('queues the failed statements again when asked, and reports the last failure', async () => {
    const co = await company(t);
    await connect(co.admin);
    const course = await seededCourse(t, co.instructor);
    const learner = await enrolledLearner(t, course, co.admin.organisationId);
    // The LRS refuses every attempt until the statement is given up (marked here instead of waiting out the backoff).
    lrs.answerNext(500);
    await call(t, learner, 'GET', `/api/learning/${course.id}/lessons/${course.text}`);
    const [row] = await until(async () => {
      const found = await rows(co.admin.organisationId);
      return found[0]?.status === 'queued' && found[0].attempts === 1 && found;
    }, 'the first refusal');
    await t.db.updateTable('xapi_statements').set({ status: 'failed', next_attempt_at: null }).where('id', '=', row!.id).execute();
    const figures = (await call(t, co.admin, 'GET', '/api/organisation/xapi')).json();
    expect(figures.queue).toMatchObject({ failed: 1, lastError: expect.stringContaining('HTTP 500') });
    expect((await call(t, co.admin, 'POST', '/api/organisation/xapi/retry')).json()).toEqual({ requeued: 1 });
    await until(async () => (await rows(co.admin.organisationId))[0]?.status === 'sent', 'sent after the retry');
    expect(lrs.requests.filter((r) => r.id === row!.id).map((r) => r.answered)).toEqual([500, 200]);
  });

  it('queues nothing for a company that sends nowhere or has paused, and tells a test that fails why', async () => {
    const quiet = await company(t);
    const course = await seededCourse(t, quiet.instructor);
    const learner = await enrolledLearner(t, course, quiet.admin.organisationId);
    await call(t, learner, 'GET', `/api/learning/${course.id}/lessons/${course.text}`);
    expect(await rows(quiet.admin.organisationId)).toEqual([]);
    await connect(quiet.admin, lrs, { active: false });
    await call(t, learner, 'POST', `/api/learning/${course.id}/lessons/${course.text}/complete`);
    expect(await rows(quiet.admin.organisationId)).toEqual([]);

    const down = await startFakeLrs({ username: 'other', password: 'pass' });
    await connect(quiet.admin, down);
    await down.close();
    const res = (await call(t, quiet.admin, 'POST', '/api/organisation/xapi/test')).json();
    expect(res).toMatchObject({ ok: false, status: null, message: expect.stringMatching(/ECONNREFUSED/) });
    await connect(quiet.admin, lrs, { password: 'wrong' });
    expect((await call(t, quiet.admin, 'POST', '/api/organisation/xapi/test')).json()).toMatchObject({ ok: false, status: 401 });
  });
});

describe('whose statements', () => {
  it('tell the learner’s own company of their learning, not the company whose course it is', async () => {
    const provider = await company(t);
    const employer = await company(t);
    const providerLrs = await startFakeLrs({ username: 'provider', password: 'provider-secret' });
    try {
      await connect(provider.admin, providerLrs);
      await connect(employer.admin);
      const course = await seededCourse(t, provider.instructor);
      const learner = await enrolledLearner(t, course, employer.admin.organisationId);
      await call(t, learner, 'GET', `/api/learning/${course.id}/lessons/${course.text}`);
      const email = await emailOf(learner);
      await until(() => lrs.of(email).length >= 1, 'the launch at the employer’s LRS');
      expect(await rows(provider.admin.organisationId)).toEqual([]);
      expect(providerLrs.of(email)).toEqual([]);
    } finally {
      await providerLrs.close();
    }
  });

  it('wait for nobody when the kept password cannot be opened: the test says so and a statement is given up', async () => {
    const co = await company(t);
    await connect(co.admin);
    await t.db
      .updateTable('xapi_settings')
      .set({ password: 'not a sealed value' })
      .where('organisation_id', '=', co.admin.organisationId)
      .execute();
    const res = await call(t, co.admin, 'POST', '/api/organisation/xapi/test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: false, status: null, message: expect.stringContaining('save it again') });
    const course = await seededCourse(t, co.instructor);
    const learner = await enrolledLearner(t, course, co.admin.organisationId);
    await call(t, learner, 'GET', `/api/learning/${course.id}/lessons/${course.text}`);
    const [row] = await until(async () => {
      const found = await rows(co.admin.organisationId);
      return found[0]?.status === 'failed' && found;
    }, 'given up');
    expect(row).toMatchObject({ attempts: 1, last_error: expect.stringContaining('save it again') });
  });
});

describe('the installation’s LRS', () => {
  it('hears every company that set none of its own, with the installation’s credentials', async () => {
    const own = await startFakeLrs({ username: 'installation', password: 'its-secret' });
    const app = await createTestApp({
      env: { XAPI_ENDPOINT: own.endpoint, XAPI_USERNAME: 'installation', XAPI_PASSWORD: 'its-secret', OUTBOUND_RETRY_MS: '100' },
    });
    try {
      const co = await company(app);
      expect((await call(app, co.admin, 'GET', '/api/organisation/xapi')).json()).toMatchObject({
        endpoint: null,
        active: true,
        installationEndpoint: true,
      });
      const course = await seededCourse(app, co.instructor);
      const learner = await enrolledLearner(app, course, co.admin.organisationId);
      await call(app, learner, 'GET', `/api/learning/${course.id}/lessons/${course.text}`);
      const email = (await app.db.selectFrom('users').select('email').where('id', '=', learner.id).executeTakeFirstOrThrow()).email;
      await until(() => own.of(email).length >= 1, 'the launch at the installation’s LRS');
      expect(own.requests.every((r) => r.authorised)).toBe(true);
    } finally {
      await app.close();
      await own.close();
    }
  });
});
