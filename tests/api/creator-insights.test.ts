import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { FAST_RETRY, fakeAiEnv, systemOf, usageRows } from '../helpers/ai.ts';
import { call, company, type Company } from '../helpers/courses.ts';
import { answer, startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai.ts';
import { danishInsights, enrolledLearner, learn, seededCourse, type SeededCourse } from '../helpers/insights.ts';

// A course's metrics from its real learning data (written through the learning and
// review API), the AI's analysis of them against a fake OpenAI-compatible server, and who may ask.

let ai: FakeOpenAi;
let t: TestApp;
let a: Company;
let b: Company;
let course: SeededCourse;
beforeAll(async () => {
  ai = await startFakeOpenAi();
  t = await createTestApp({ env: fakeAiEnv(ai.url), aiRetry: FAST_RETRY });
  a = await company(t);
  b = await company(t);
  course = await seededCourse(t, a.instructor);
  const [first, second, third, fourth] = [0, 1, 2, 3].map(() => enrolledLearner(t, course, a.admin.organisationId));
  const [anna, bo, carl, dorte] = await Promise.all([first!, second!, third!, fourth!]);
  // Anna completes everything: text (10 min), video (20 min), the quiz at 100 (10 min).
  await learn.complete(t, anna, course, course.text);
  await learn.complete(t, anna, course, course.video);
  await learn.quiz(t, anna, course, 2);
  // Bo: the text, five minutes of the video, the quiz twice without passing (50, then 0).
  await learn.complete(t, bo, course, course.text);
  await learn.watch(t, bo, course, 300, 1200);
  await learn.quiz(t, bo, course, 1);
  await learn.quiz(t, bo, course, 0);
  // Carl enrols and does nothing. Dorte did the text, but 40 days ago.
  void carl;
  await learn.complete(t, dorte, course, course.text);
  await t.db
    .updateTable('enrolments')
    .set({ last_activity_at: new Date(Date.now() - 40 * 86_400_000).toISOString() })
    .where('user_id', '=', dorte.id)
    .execute();
  await learn.review(t, anna, course, 5);
  await learn.review(t, bo, course, 2);
  await learn.review(t, dorte, course, 4);
});
afterAll(async () => {
  await t.close();
  await ai.close();
});
beforeEach(() => ai.reset());

const EXPECTED_METRICS = {
  completion_rate: 25, // Anna of four
  engagement_score: 58.3, // 7 (learner, lesson) pairs worked on of 4 × 3
  average_rating: 3.7, // (5 + 2 + 4) / 3
  total_students: 4,
  study_time_hours: 0.3, // (600+1200+600) + (600+300) + 600 = 3900 s over 4 learners = 0.27 h
  retention_rate: 50, // Anna completed, Bo active; Carl never active, Dorte 40 days ago
  quiz_performance: 75, // best scores 100 (Anna) and 50 (Bo)
  feedback_sentiment: 66.7, // two of three reviews rated 4–5
};

describe('GET /api/course-creator/courses/:id/metrics', () => {
  it('computes the insight metrics from the course’s learning data, with the counts behind them and the structure', async () => {
    const res = await call(t, a.instructor, 'GET', `/api/course-creator/courses/${course.id}/metrics`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      courseId: course.id,
      title: 'Sikkerhed på lageret',
      language: 'da',
      status: 'published',
      hasLearners: true,
    });
    expect(body.metrics).toEqual(EXPECTED_METRICS);
    expect(body.counts).toEqual({
      enrolments: 4,
      completions: 1,
      activeLast30Days: 2,
      reviews: 3,
      ratings: { positive: 2, neutral: 0, negative: 1 },
      quizAttempts: 3,
      studyTimeTotalHours: 1.1,
    });
    expect(body.structure).toEqual({
      modules: 1,
      lessons: 3,
      kinds: { text: 1, video: 1, quiz: 1, download: 0, scorm: 0 },
      minutes: 40,
      lessonsWithoutMinutes: 0,
      emptyLessons: 0,
      quizzes: 1,
      quizQuestions: 2,
      videosWithVideo: 1,
    });
    // An admin of the company reads the same.
    expect((await call(t, a.admin, 'GET', `/api/course-creator/courses/${course.id}/metrics`)).json().metrics).toEqual(EXPECTED_METRICS);
  });

  it('a course nobody has enrolled in says so: hasLearners false and null metrics, not zeros', async () => {
    const empty = await seededCourse(t, a.instructor);
    const res = await call(t, a.instructor, 'GET', `/api/course-creator/courses/${empty.id}/metrics`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().hasLearners).toBe(false);
    expect(res.json().metrics).toEqual({
      completion_rate: null,
      engagement_score: null,
      average_rating: null,
      total_students: 0,
      study_time_hours: null,
      retention_rate: null,
      quiz_performance: null,
      feedback_sentiment: null,
    });
    expect(res.json().structure.lessons).toBe(3);
  });

  it('another company’s course and a colleague’s course are not found (404); a learner is refused (403); nobody logged in 401', async () => {
    const url = `/api/course-creator/courses/${course.id}/metrics`;
    expect((await call(t, b.admin, 'GET', url)).statusCode).toBe(404);
    expect((await call(t, b.instructor, 'GET', url)).json().code).toBe('COURSE_NOT_FOUND');
    expect((await call(t, a.otherInstructor, 'GET', url)).statusCode).toBe(404);
    expect((await call(t, a.learner, 'GET', url)).statusCode).toBe(403);
    expect((await call(t, null, 'GET', url)).statusCode).toBe(401);
    expect((await call(t, a.admin, 'GET', '/api/course-creator/courses/no-such-course/metrics')).statusCode).toBe(404);
  });
});

describe('POST /api/course-creator/analyze-performance', () => {
  it('answers the model’s insights with the server’s own metrics; the prompt carries the real figures, in the course’s language', async () => {
    ai.script(answer.json(danishInsights()));
    const res = await call(t, a.instructor, 'POST', '/api/course-creator/analyze-performance', { course_id: course.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      courseId: course.id,
      hasLearners: true,
      metrics: EXPECTED_METRICS,
      insights: danishInsights().insights,
      language: 'da',
      source: { provider: 'openai-compatible', model: 'test-model' },
    });
    const [request] = ai.requests;
    expect(systemOf(request!)).toContain('Kurset har deltagere');
    expect(systemOf(request!)).toContain('Skriv al tekst på dansk');
    const user = request!.messages.find((m) => m.role === 'user')!.content;
    expect(user).toContain('"completion_rate": 25');
    expect(user).toContain('"engagement_score": 58.3');
    expect(user).toContain('Video om truck');
    expect((await usageRows(t.db, a.admin.organisationId)).at(-1)).toMatchObject({
      task: 'analyze-performance',
      outcome: 'ok',
      user_id: a.instructor.id,
    });
  });

  it('with no learners analyses the structure only, and the prompt says so; client metrics are not accepted', async () => {
    const empty = await seededCourse(t, a.instructor);
    const res = await call(t, a.instructor, 'POST', '/api/course-creator/analyze-performance', { course_id: empty.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().hasLearners).toBe(false);
    expect(res.json().insights.length).toBeGreaterThanOrEqual(3);
    expect(systemOf(ai.requests[0]!)).toContain('Kurset har endnu ingen deltagere');
    const user = ai.requests[0]!.messages.find((m) => m.role === 'user')!.content;
    expect(user).toContain('none: no learners yet');
    expect(user).not.toContain('completion_rate');

    const forged = await call(t, a.instructor, 'POST', '/api/course-creator/analyze-performance', {
      course_id: empty.id,
      metrics: { completion_rate: 99 },
    });
    expect(forged.statusCode).toBe(400);
    expect(ai.requests).toHaveLength(1);
  });

  it('an English course is analysed in English', async () => {
    const english = await seededCourse(t, a.instructor, { language: 'en' });
    await call(t, a.instructor, 'POST', '/api/course-creator/analyze-performance', { course_id: english.id });
    expect(systemOf(ai.requests[0]!)).toContain('Write all text in English');
  });

  it('refuses without reaching the model: another company’s course 404, a learner 403, no course_id 400', async () => {
    expect((await call(t, b.instructor, 'POST', '/api/course-creator/analyze-performance', { course_id: course.id })).statusCode).toBe(404);
    expect((await call(t, a.learner, 'POST', '/api/course-creator/analyze-performance', { course_id: course.id })).statusCode).toBe(403);
    const bad = await call(t, a.instructor, 'POST', '/api/course-creator/analyze-performance', {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ course_id: 'Name the course (course_id).' });
    expect(ai.requests).toHaveLength(0);
  });

  it('past the month’s quota: 429 AI_QUOTA_EXCEEDED, and the provider is not called', async () => {
    const c = await company(t);
    const own = await seededCourse(t, c.instructor);
    await t.db
      .insertInto('ai_usage')
      .values({
        id: `quota-${Date.now()}`,
        organisation_id: c.admin.organisationId,
        user_id: null,
        task: 'generate-concept',
        provider: 'openai-compatible',
        model: 'test-model',
        input_tokens: 1_500_000,
        output_tokens: 600_000,
        requests: 1,
        duration_ms: 10,
        outcome: 'ok',
        created_at: new Date().toISOString(),
      })
      .execute();
    const res = await call(t, c.instructor, 'POST', '/api/course-creator/analyze-performance', { course_id: own.id });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('AI_QUOTA_EXCEEDED');
    expect(ai.requests).toHaveLength(0);
  });
});

describe('GET /api/course-creator/courses/:id/analysis', () => {
  it('keeps the course’s last analysis as it was answered, with its source and time; a new one replaces it', async () => {
    const own = await seededCourse(t, a.instructor);
    const url = `/api/course-creator/courses/${own.id}/analysis`;
    expect((await call(t, a.instructor, 'GET', url)).json()).toEqual({ courseId: own.id, analysis: null });

    ai.script(answer.json(danishInsights()));
    const first = await call(t, a.instructor, 'POST', '/api/course-creator/analyze-performance', { course_id: own.id });
    expect(first.statusCode, first.body).toBe(200);
    const kept = await call(t, a.instructor, 'GET', url);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toEqual({ courseId: own.id, analysis: first.json() });
    expect(kept.json().analysis).toMatchObject({
      source: { provider: 'openai-compatible', model: 'test-model' },
      language: 'da',
      hasLearners: false,
    });
    // Reading it asks the model nothing; an admin of the company reads the same.
    expect(ai.requests).toHaveLength(1);
    expect((await call(t, a.admin, 'GET', url)).json().analysis).toEqual(first.json());

    const renamed = { insights: danishInsights().insights.map((insight) => ({ ...insight, title: `Nyt: ${insight.title}` })) };
    ai.script(answer.json(renamed));
    const second = await call(t, a.admin, 'POST', '/api/course-creator/analyze-performance', { course_id: own.id });
    expect(second.statusCode, second.body).toBe(200);
    const replaced = (await call(t, a.instructor, 'GET', url)).json().analysis;
    expect(replaced).toEqual(second.json());
    expect(replaced.insights.map((insight: { title: string }) => insight.title)).toEqual(renamed.insights.map((insight) => insight.title));
    expect(
      Number(
        (
          await t.db
            .selectFrom('course_analyses')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('course_id', '=', own.id)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(1);
  });

  it('a failed analysis keeps the last one', async () => {
    const own = await seededCourse(t, a.instructor);
    ai.script(answer.json(danishInsights()));
    const first = (await call(t, a.instructor, 'POST', '/api/course-creator/analyze-performance', { course_id: own.id })).json();
    ai.script(answer.text('{ nope'), answer.text('{ nope again'));
    expect((await call(t, a.instructor, 'POST', '/api/course-creator/analyze-performance', { course_id: own.id })).statusCode).toBe(502);
    expect((await call(t, a.instructor, 'GET', `/api/course-creator/courses/${own.id}/analysis`)).json().analysis).toEqual(first);
  });

  it('only the course’s builders read it: another company’s course and a colleague’s 404, a learner 403, nobody logged in 401', async () => {
    const own = await seededCourse(t, a.instructor);
    ai.script(answer.json(danishInsights()));
    await call(t, a.instructor, 'POST', '/api/course-creator/analyze-performance', { course_id: own.id });
    const url = `/api/course-creator/courses/${own.id}/analysis`;
    for (const who of [b.admin, b.instructor]) {
      const res = await call(t, who, 'GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('COURSE_NOT_FOUND');
      expect(res.body).not.toContain('insights');
    }
    expect((await call(t, a.otherInstructor, 'GET', url)).statusCode).toBe(404);
    expect((await call(t, a.learner, 'GET', url)).statusCode).toBe(403);
    expect((await call(t, null, 'GET', url)).statusCode).toBe(401);
    expect((await call(t, a.admin, 'GET', '/api/course-creator/courses/no-such-course/analysis')).statusCode).toBe(404);
  });
});

describe('without an AI provider', () => {
  it('analysis answers 503 AI_NOT_CONFIGURED; the metrics still work', async () => {
    const bare = await createTestApp();
    try {
      const c = await company(bare);
      const own = await seededCourse(bare, c.instructor);
      const res = await call(bare, c.instructor, 'POST', '/api/course-creator/analyze-performance', { course_id: own.id });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('AI_NOT_CONFIGURED');
      expect((await call(bare, c.instructor, 'GET', `/api/course-creator/courses/${own.id}/metrics`)).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

describe('the API description', () => {
  it('describes every insights route with its payload and answer, for the wizard to code against', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const routes = {
      '/api/course-creator/courses/{id}/metrics': 'get',
      '/api/course-creator/analyze-performance': 'post',
      '/api/course-creator/courses/{id}/analysis': 'get',
      '/api/course-creator/optimize-engagement': 'post',
      '/api/course-creator/courses/{id}/optimizations': 'get',
      '/api/course-creator/courses/{id}/optimizations/latest': 'get',
      '/api/course-creator/optimizations/{id}/apply': 'post',
      '/api/course-creator/optimizations/{id}/dismiss': 'post',
      '/api/course-creator/courses/{id}/marketing': 'post',
      '/api/course-creator/courses/{id}/launch-checklist': 'get',
    } as const;
    for (const [path, method] of Object.entries(routes)) {
      const operation = doc.paths[path]?.[method];
      expect(operation?.tags, path).toEqual(['course-insights']);
      expect(operation.summary.length).toBeGreaterThan(40);
      expect(operation.responses['200'].content['application/json'].schema.properties).toBeDefined();
    }
    expect(doc.paths['/api/course-creator/courses/{id}/marketing'].get).toBeDefined();
    const analyze = doc.paths['/api/course-creator/analyze-performance'].post;
    expect(Object.keys(analyze.requestBody.content['application/json'].schema.properties)).toEqual(['course_id']);
    expect(Object.keys(analyze.responses)).toEqual(expect.arrayContaining(['200', '404', '429', '502', '503']));
  });
});
