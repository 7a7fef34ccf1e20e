import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { FAST_RETRY, fakeAiEnv, lastUserOf, systemOf, usageRows } from '../helpers/ai.ts';
import { call, company, doc, paragraph, type Company, type Person } from '../helpers/courses.ts';
import { danishTemplate } from '../helpers/creator.ts';
import { answer, startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai.ts';

// generate-template held to the template's fixed ranges (ADR 018) against a fake OpenAI-compatible
// server, stored on the draft, and applied as the course's outline through the course model.

let ai: FakeOpenAi;
let t: TestApp;
let a: Company;
let b: Company;
beforeAll(async () => {
  ai = await startFakeOpenAi();
  t = await createTestApp({ env: fakeAiEnv(ai.url, { AI_MODEL_GENERATE_TEMPLATE: 'template-model' }), aiRetry: FAST_RETRY });
  a = await company(t);
  b = await company(t);
});
afterAll(async () => {
  await t.close();
  await ai.close();
});
beforeEach(() => ai.reset());

const COURSE = {
  course_data: { industry: 'Logistik', target_audience: 'Nye lagermedarbejdere' },
  uniqueness_seed: 'a1',
  variation_request: 'Mere praksis',
};
const generate = (who: Person, body: Record<string, unknown>) => call(t, who, 'POST', '/api/course-creator/generate-template', body);
async function newDraft(who: Person, body: Record<string, unknown> = {}) {
  return (await call(t, who, 'POST', '/api/course-creator/drafts', { language: 'da', ...body })).json();
}

describe('generate-template', () => {
  it('a template within the allowed ranges, its fixed numbers set by code, from the task’s own model; metered', async () => {
    const res = await generate(a.instructor, COURSE);
    expect(res.statusCode, res.body).toBe(200);
    const { template, draft } = res.json();
    expect(draft).toBeNull();
    expect(template.source).toEqual({ provider: 'openai-compatible', model: 'template-model' });
    expect(ai.requests[0]!.model).toBe('template-model');
    expect(ai.requests[0]!.schema?.properties?.modules).toMatchObject({ minItems: 3, maxItems: 5 });
    expect(template.modules.length).toBeGreaterThanOrEqual(3);
    expect(template.modules.length).toBeLessThanOrEqual(5);
    for (const m of template.modules) {
      expect(m.lessons.length).toBeGreaterThanOrEqual(2);
      expect(m.lessons.length).toBeLessThanOrEqual(5);
      for (const l of m.lessons) expect(l.duration_minutes).toBeGreaterThanOrEqual(20);
      expect(m.duration).toBe(m.lessons.reduce((s: number, l: { duration_minutes: number }) => s + l.duration_minutes, 0));
    }
    expect([6, 8, 10, 12, 16]).toContain(template.duration_weeks);
    expect((await usageRows(t.db, a.admin.organisationId)).at(-1)).toMatchObject({ task: 'generate-template', outcome: 'ok' });
  });

  it('assessment sizes are the fixed ones whatever the model says; module durations are sums', async () => {
    ai.script(answer.json(danishTemplate(4)));
    const { template } = (await generate(a.instructor, { ...COURSE, language: 'da' })).json();
    expect(template.assessments).toEqual([
      { type: 'quiz', title: 'Afsluttende quiz', questions: 10, duration: 15 },
      { type: 'project', title: 'Sikkerhedsrunde på eget lager', questions: 5, duration: 120 },
    ]);
    expect(template.modules.map((m: { assessment: unknown }) => m.assessment)).toEqual([
      { type: 'quiz', title: 'Evaluering af modul 1', questions: 10, duration: 15 },
      { type: 'project', title: 'Evaluering af modul 2', questions: 5, duration: 120 },
      { type: 'portfolio', title: 'Evaluering af modul 3', questions: 1, duration: 60 },
      { type: 'quiz', title: 'Evaluering af modul 4', questions: 10, duration: 15 },
    ]);
    expect(template).toMatchObject({ duration: '8 uger', duration_weeks: 8, language: 'da', industry: 'Logistik' });
    expect(template.modules[0].duration).toBe(120);
  });

  it('an answer outside the allowed ranges (7 modules) is re-asked with the errors; repaired, it answers 200', async () => {
    ai.script(answer.json(danishTemplate(7)), answer.json(danishTemplate(5)));
    const res = await generate(a.instructor, COURSE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().template.modules).toHaveLength(5);
    expect(ai.requests).toHaveLength(2);
    expect(lastUserOf(ai.requests[1]!)).toContain('modules');
  });

  it('lessons of 75 minutes or a 7-week course stay invalid after the re-ask: 502 AI_BAD_OUTPUT', async () => {
    const long = danishTemplate(3);
    long.modules[0]!.lessons[0]!.duration_minutes = 75;
    ai.script(answer.json(long), answer.json({ ...danishTemplate(3), duration_weeks: 7 }));
    const res = await generate(a.instructor, COURSE);
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('AI_BAD_OUTPUT');
    expect(lastUserOf(ai.requests[1]!)).toContain('modules.0.lessons.0.duration_minutes');
  });

  it('stored on the draft named, from the draft’s own context, in its language; the version moves on', async () => {
    const draft = await newDraft(a.instructor, {
      course_context: { industry: 'Logistik', title: 'Lagersikkerhed' },
      features: ['module-quizzes'],
    });
    const res = await call(t, a.instructor, 'POST', '/api/course-creator/generate-template', { draft_id: draft.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().draft).toMatchObject({ id: draft.id, version: 2, template: res.json().template });
    expect((await call(t, a.instructor, 'GET', `/api/course-creator/drafts/${draft.id}`)).json().template).toEqual(res.json().template);
    const [request] = ai.requests;
    expect(systemOf(request!)).toContain('Skriv al tekst på dansk');
    expect(request!.messages.find((m) => m.role === 'user')!.content).toContain('"title": "Lagersikkerhed"');
    expect(request!.messages.find((m) => m.role === 'user')!.content).toContain('module-quizzes');
  });

  it('without an industry or a title: 400 and no call; another company’s draft: 404 and no call; a learner: 403', async () => {
    const none = await generate(a.instructor, { course_data: { industry: '  ' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('VALIDATION');
    const theirs = await newDraft(b.instructor, { course_context: { industry: 'Bank' } });
    expect((await generate(a.admin, { ...COURSE, draft_id: theirs.id })).statusCode).toBe(404);
    expect((await generate(a.learner, COURSE)).statusCode).toBe(403);
    expect((await generate(a.instructor, { ...COURSE, uniqueness_seed: 'x'.repeat(101) })).statusCode).toBe(400);
    expect(ai.requests).toHaveLength(0);
  });
});

describe('apply-template', () => {
  const apply = (who: Person, id: string, body: Record<string, unknown>) =>
    call(t, who, 'POST', `/api/course-creator/drafts/${id}/apply-template`, body);
  async function draftWithTemplate(modules = 3) {
    const draft = await newDraft(a.instructor, { course_context: { industry: 'Logistik', complexity_level: 'intermediate' } });
    ai.script(answer.json(danishTemplate(modules)));
    return (await generate(a.instructor, { draft_id: draft.id })).json().draft;
  }

  it('without a template: 409 CREATOR_NO_TEMPLATE', async () => {
    const draft = await newDraft(a.instructor);
    const res = await apply(a.instructor, draft.id, { version: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CREATOR_NO_TEMPLATE');
  });

  it('makes the course (when the draft has none) and its outline: modules, empty lessons with titles and lengths', async () => {
    const draft = await draftWithTemplate(3);
    const res = await apply(a.instructor, draft.id, { version: draft.version });
    expect(res.statusCode, res.body).toBe(200);
    const { course, draft: linked } = res.json();
    expect(linked.course_id).toBe(course.id);
    expect(course).toMatchObject({
      title: 'Sikkerhed på lageret',
      level: 'intermediate',
      language: 'da',
      status: 'draft',
      durationMinutes: 360,
      source: { kind: 'ai', model: 'openai-compatible:template-model' },
    });
    expect(course.modules.map((m: { title: string }) => m.title)).toEqual(['Modul 1: Grundlag', 'Modul 2: Risici', 'Modul 3: Rutiner']);
    expect(
      course.modules[0].lessons.map((l: { title: string; durationMinutes: number; kind: string }) => [l.title, l.durationMinutes, l.kind]),
    ).toEqual([
      ['Lektion 1.1', 25, 'text'],
      ['Lektion 1.2', 40, 'text'],
      ['Lektion 1.3', 55, 'text'],
    ]);
    // The builder opens it like any lesson.
    const lesson = await call(t, a.instructor, 'GET', `/api/lessons/${course.modules[0].lessons[0].id}`);
    expect(lesson.json().content).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
  });

  it('an outline already there: 409 COURSE_HAS_OUTLINE; replace swaps empty shells; never work (409 COURSE_HAS_CONTENT, nothing changed)', async () => {
    const draft = await draftWithTemplate(3);
    const first = (await apply(a.instructor, draft.id, { version: draft.version })).json();
    const again = await apply(a.instructor, draft.id, { version: first.draft.version });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('COURSE_HAS_OUTLINE');

    const replaced = await apply(a.instructor, draft.id, { version: first.draft.version, replace: true });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().course.modules).toHaveLength(3);
    expect(replaced.json().course.modules[0].id).not.toBe(first.course.modules[0].id);

    const lesson = replaced.json().course.modules[1].lessons[0];
    expect(
      (
        await call(t, a.instructor, 'PATCH', `/api/lessons/${lesson.id}`, {
          version: lesson.version,
          content: doc(paragraph('Mit eget indhold')),
        })
      ).statusCode,
    ).toBe(200);
    const refused = await apply(a.instructor, draft.id, { version: first.draft.version, replace: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('COURSE_HAS_CONTENT');
    const kept = (await call(t, a.instructor, 'GET', `/api/lessons/${lesson.id}`)).json();
    expect(kept.content).toEqual(doc(paragraph('Mit eget indhold')));
  });

  it('replace is refused while learners are enrolled, even over empty lessons', async () => {
    const draft = await draftWithTemplate(3);
    const { course, draft: linked } = (await apply(a.instructor, draft.id, { version: draft.version })).json();
    const now = new Date().toISOString();
    await t.db
      .insertInto('enrolments')
      .values({
        id: `e-${Date.now()}`,
        course_id: course.id,
        user_id: a.learner.id,
        source: 'self',
        assigned_by: null,
        due_at: null,
        enrolled_at: now,
        progress: 0,
        last_lesson_id: null,
        last_activity_at: null,
        completed_at: null,
      })
      .execute();
    const refused = await apply(a.instructor, draft.id, { version: linked.version, replace: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('COURSE_HAS_CONTENT');
    expect((await call(t, a.instructor, 'GET', `/api/courses/${course.id}`)).json().modules.map((m: { id: string }) => m.id)).toEqual(
      course.modules.map((m: { id: string }) => m.id),
    );
  });

  it('a draft with a chosen concept gets the outline in that course; a stale draft version is 409; others’ drafts 404', async () => {
    const draft = await draftWithTemplate(4);
    const chosen = (
      await call(t, a.instructor, 'POST', `/api/course-creator/drafts/${draft.id}/choose-concept`, {
        version: draft.version,
        concept: { title: 'Mit koncept' },
      })
    ).json();
    expect((await apply(a.instructor, draft.id, { version: draft.version })).statusCode).toBe(409);
    expect((await apply(b.admin, draft.id, { version: chosen.draft.version })).statusCode).toBe(404);
    expect((await apply(a.learner, draft.id, { version: chosen.draft.version })).statusCode).toBe(404);
    const res = await apply(a.admin, draft.id, { version: chosen.draft.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().course).toMatchObject({ id: chosen.course_id, title: 'Mit koncept' });
    expect(res.json().course.modules).toHaveLength(4);
  });
});
