import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { FAST_RETRY, fakeAiEnv, lastUserOf } from '../helpers/ai.ts';
import { call, company, type Company, type Person } from '../helpers/courses.ts';
import { answer, startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai.ts';
import { INTRO, seededCourse, type SeededCourse } from '../helpers/insights.ts';

// optimize-engagement: typed changes naming only the course's own lessons and modules,
// stored as pending, applied through the course model (with revisions) or dismissed.

let ai: FakeOpenAi;
let t: TestApp;
let a: Company;
let b: Company;
beforeAll(async () => {
  ai = await startFakeOpenAi();
  t = await createTestApp({ env: fakeAiEnv(ai.url), aiRetry: FAST_RETRY });
  a = await company(t);
  b = await company(t);
});
afterAll(async () => {
  await t.close();
  await ai.close();
});
beforeEach(() => ai.reset());

const question = (n: number) => ({
  prompt: `Hvad er regel ${n}?`,
  options: [
    { text: 'Den rigtige', correct: true },
    { text: 'Den forkerte', correct: false },
  ],
  explanation: `Regel ${n} står i lektionen.`,
});

function changes(course: SeededCourse) {
  return [
    { op: 'rename-lesson', lessonId: course.text, title: 'Sådan arbejder du sikkert', rationale: 'En konkret titel lokker flere ind.' },
    {
      op: 'rewrite-lesson-intro',
      lessonId: course.text,
      paragraph: 'Hver dag sker der ulykker på lagre. Her lærer du at undgå dem.',
      rationale: 'Et stærkere første afsnit.',
    },
    {
      op: 'add-key-points',
      lessonId: course.text,
      points: ['Bær sikkerhedssko', 'Hold gangene fri'],
      rationale: 'Punkter er lette at huske.',
    },
    { op: 'add-learning-objective', text: 'Anvende tjeklisten før hver vagt', rationale: 'Målet mangler.' },
    {
      op: 'update-description',
      text: 'Et praktisk kursus om sikkerhed for nye lagermedarbejdere.',
      rationale: 'Beskrivelsen er for kort.',
    },
    {
      op: 'add-module-quiz',
      moduleId: course.moduleId,
      title: 'Test dig selv',
      questions: [question(1), question(2), question(3)],
      rationale: 'Modulet har kun én quiz.',
    },
  ];
}

async function suggest(who: Person, course: SeededCourse, scripted = true) {
  if (scripted) ai.script(answer.json({ changes: changes(course) }));
  const res = await call(t, who, 'POST', '/api/course-creator/optimize-engagement', { course_id: course.id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().optimizations as {
    id: string;
    change: { op: string };
    status: string;
    lessonVersion: number | null;
    courseVersion: number;
    createdAt: string;
  }[];
}
const byOp = (list: Awaited<ReturnType<typeof suggest>>, op: string) => list.find((o) => o.change.op === op)!.id;
const apply = (who: Person, id: string) => call(t, who, 'POST', `/api/course-creator/optimizations/${id}/apply`);
const lesson = async (who: Person, id: string) => (await call(t, who, 'GET', `/api/lessons/${id}`)).json();
const courseOf = async (who: Person, id: string) => (await call(t, who, 'GET', `/api/courses/${id}`)).json();

describe('POST /api/course-creator/optimize-engagement', () => {
  it('stores the model’s changes as pending, with the versions they were made against; the schema allows the course’s ids only', async () => {
    const course = await seededCourse(t, a.instructor);
    const list = await suggest(a.instructor, course);
    expect(list.map((o) => o.change.op)).toEqual([
      'rename-lesson',
      'rewrite-lesson-intro',
      'add-key-points',
      'add-learning-objective',
      'update-description',
      'add-module-quiz',
    ]);
    expect(list.every((o) => o.status === 'pending' && o.courseVersion === 1)).toBe(true);
    expect(list[0]).toMatchObject({
      lessonVersion: 1,
      rationale: 'En konkret titel lokker flere ind.',
      source: { provider: 'openai-compatible', model: 'test-model' },
    });
    expect(list[3]!.lessonVersion).toBeNull();
    const schema = JSON.stringify(ai.requests[0]!.schema);
    expect(schema).toContain(course.quiz);
    expect(schema).toContain(course.moduleId);
    // Stored: the list answers them again.
    const stored = (await call(t, a.instructor, 'GET', `/api/course-creator/courses/${course.id}/optimizations`)).json().optimizations;
    expect(stored.map((o: { id: string }) => o.id).sort()).toEqual(list.map((o) => o.id).sort());
  });

  it('a lesson id the course does not have is an invalid answer: re-asked with the error, then accepted', async () => {
    const course = await seededCourse(t, a.instructor);
    const other = await seededCourse(t, a.instructor);
    ai.script(
      answer.json({ changes: [{ ...changes(course)[0], lessonId: other.text }] }),
      answer.json({ changes: changes(course).slice(0, 1) }),
    );
    const list = await suggest(a.instructor, course, false);
    expect(list).toHaveLength(1);
    expect(ai.requests).toHaveLength(2);
    expect(lastUserOf(ai.requests[1]!)).toContain('changes.0');
  });

  it('an answer made from the schema alone (no script) is valid: the JSON schema is one a strict provider accepts', async () => {
    const course = await seededCourse(t, a.instructor);
    const list = await suggest(a.instructor, course, false);
    expect(list.length).toBeGreaterThan(0);
    expect(ai.requests[0]!.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { strict: true } });
    expect(JSON.stringify(ai.requests[0]!.schema)).not.toContain('oneOf');
  });
});

describe('apply and dismiss', () => {
  it('rename-lesson: applied through the course model, with revisions; applying twice is 409', async () => {
    const course = await seededCourse(t, a.instructor);
    const list = await suggest(a.instructor, course);
    const res = await apply(a.instructor, byOp(list, 'rename-lesson'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ optimization: { status: 'applied' }, lessonId: course.text, lessonVersion: 2 });
    expect(res.json().optimization.decidedAt).not.toBeNull();
    expect(await lesson(a.instructor, course.text)).toMatchObject({ title: 'Sådan arbejder du sikkert', version: 2 });
    const { revisions } = (await call(t, a.instructor, 'GET', `/api/lessons/${course.text}/revisions`)).json();
    expect(revisions.map((r: { version: number; title: string }) => [r.version, r.title])).toEqual([
      [2, 'Sådan arbejder du sikkert'],
      [1, 'Introduktion'],
    ]);
    const again = await apply(a.instructor, byOp(list, 'rename-lesson'));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_APPLIED');
  });

  it('a suggestion for a lesson that changed since is 409 STALE_SUGGESTION, and nothing changes', async () => {
    const course = await seededCourse(t, a.instructor);
    const list = await suggest(a.instructor, course);
    await apply(a.instructor, byOp(list, 'rename-lesson'));
    const before = await lesson(a.instructor, course.text);
    const res = await apply(a.instructor, byOp(list, 'rewrite-lesson-intro'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'STALE_SUGGESTION' });
    expect(await lesson(a.instructor, course.text)).toEqual(before);
    const stored = (await call(t, a.instructor, 'GET', `/api/course-creator/courses/${course.id}/optimizations`)).json().optimizations;
    expect(stored.find((o: { id: string }) => o.id === byOp(list, 'rewrite-lesson-intro')).status).toBe('pending');
  });

  it('rewrite-lesson-intro and add-key-points write into the text lesson; a hand edit in between makes the next one stale', async () => {
    const course = await seededCourse(t, a.instructor);
    const list = await suggest(a.instructor, course);
    expect((await apply(a.instructor, byOp(list, 'rewrite-lesson-intro'))).statusCode).toBe(200);
    const content = (await lesson(a.instructor, course.text)).content;
    expect(content.content[0]).toEqual({
      type: 'paragraph',
      content: [{ type: 'text', text: 'Hver dag sker der ulykker på lagre. Her lærer du at undgå dem.' }],
    });
    expect(JSON.stringify(content)).not.toContain(INTRO);
    expect(JSON.stringify(content)).toContain('Anden del af lektionen.');

    const fresh = await suggest(a.instructor, course);
    const saved = await call(t, a.instructor, 'PATCH', `/api/lessons/${course.text}`, { version: 2, title: 'Skrevet i hånden' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await apply(a.instructor, byOp(fresh, 'add-key-points'))).json().code).toBe('STALE_SUGGESTION');

    const third = await suggest(a.instructor, course);
    expect((await apply(a.instructor, byOp(third, 'add-key-points'))).statusCode).toBe(200);
    const points = (await lesson(a.instructor, course.text)).content.content.slice(-2);
    expect(points[0]).toEqual({ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Nøglepunkter' }] });
    expect(JSON.stringify(points[1])).toContain('Hold gangene fri');
  });

  it('add-module-quiz adds a quiz lesson to the module; the course changed, so a course change of the same batch is stale', async () => {
    const course = await seededCourse(t, a.instructor);
    const list = await suggest(a.instructor, course);
    const res = await apply(a.admin, byOp(list, 'add-module-quiz'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().courseVersion).toBe(2);
    const quiz = await lesson(a.admin, res.json().lessonId);
    expect(quiz).toMatchObject({ title: 'Test dig selv', kind: 'quiz' });
    expect(quiz.content.questions).toHaveLength(3);
    expect(quiz.content.questions[0].options.filter((o: { correct: boolean }) => o.correct)).toHaveLength(1);
    expect((await courseOf(a.admin, course.id)).modules[0].lessons.map((l: { title: string }) => l.title).at(-1)).toBe('Test dig selv');

    const stale = await apply(a.admin, byOp(list, 'update-description'));
    expect(stale.json().code).toBe('STALE_SUGGESTION');
    expect((await courseOf(a.admin, course.id)).description).toBe('Et kursus om sikkerhed.');
  });

  it('add-learning-objective and update-description change the course; dismiss closes a suggestion', async () => {
    const course = await seededCourse(t, a.instructor);
    const list = await suggest(a.instructor, course);
    expect((await apply(a.instructor, byOp(list, 'add-learning-objective'))).statusCode).toBe(200);
    expect((await courseOf(a.instructor, course.id)).learningObjectives).toEqual(['Anvende tjeklisten før hver vagt']);
    const next = await suggest(a.instructor, course);
    expect((await apply(a.instructor, byOp(next, 'update-description'))).statusCode).toBe(200);
    expect((await courseOf(a.instructor, course.id)).description).toBe('Et praktisk kursus om sikkerhed for nye lagermedarbejdere.');

    // No body, or an empty JSON object, as a client sends it.
    const dismissed = await call(t, a.instructor, 'POST', `/api/course-creator/optimizations/${byOp(next, 'rename-lesson')}/dismiss`, {});
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json().optimization.status).toBe('dismissed');
    expect((await apply(a.instructor, byOp(next, 'rename-lesson'))).json().code).toBe('ALREADY_DISMISSED');
    expect((await lesson(a.instructor, course.text)).title).toBe('Introduktion');
  });
});

describe('GET /api/course-creator/courses/:id/optimizations/latest', () => {
  it('answers the last call’s suggestions in the model’s order with their status now, its source and time; a new call replaces them', async () => {
    const course = await seededCourse(t, a.instructor);
    const url = `/api/course-creator/courses/${course.id}/optimizations/latest`;
    expect((await call(t, a.instructor, 'GET', url)).json()).toEqual({ courseId: course.id, latest: null });

    const first = await suggest(a.instructor, course);
    const read = await call(t, a.instructor, 'GET', url);
    expect(read.statusCode, read.body).toBe(200);
    const { latest } = read.json();
    expect(latest.optimizations).toEqual(first);
    expect(latest.optimizations.map((o: { change: { op: string } }) => o.change.op)).toEqual(changes(course).map((c) => c.op));
    expect(latest).toMatchObject({ source: { provider: 'openai-compatible', model: 'test-model' }, createdAt: first[0]!.createdAt });
    expect(ai.requests).toHaveLength(1);

    // A decision shows in it; an admin of the company reads the same.
    expect((await apply(a.instructor, byOp(first, 'rename-lesson'))).statusCode).toBe(200);
    expect(
      (await call(t, a.instructor, 'POST', `/api/course-creator/optimizations/${byOp(first, 'update-description')}/dismiss`)).statusCode,
    ).toBe(200);
    const decided = (await call(t, a.admin, 'GET', url)).json().latest.optimizations;
    expect(decided.map((o: { status: string }) => o.status)).toEqual(['applied', 'pending', 'pending', 'pending', 'dismissed', 'pending']);

    ai.script(answer.json({ changes: [{ op: 'add-learning-objective', text: 'Melde fejl med det samme', rationale: 'Et mål mangler.' }] }));
    const second = await suggest(a.instructor, course, false);
    const replaced = (await call(t, a.instructor, 'GET', url)).json().latest;
    expect(replaced.optimizations).toEqual(second);
    expect(replaced.optimizations).toHaveLength(1);
    // The list still holds every suggestion made.
    expect(
      (await call(t, a.instructor, 'GET', `/api/course-creator/courses/${course.id}/optimizations`)).json().optimizations,
    ).toHaveLength(7);
  });

  it('only the course’s builders read it: another company’s course and a colleague’s 404, a learner 403', async () => {
    const course = await seededCourse(t, a.instructor);
    await suggest(a.instructor, course);
    const url = `/api/course-creator/courses/${course.id}/optimizations/latest`;
    for (const who of [b.admin, b.instructor, a.otherInstructor]) {
      const res = await call(t, who, 'GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('COURSE_NOT_FOUND');
    }
    expect((await call(t, a.learner, 'GET', url)).statusCode).toBe(403);
    expect((await call(t, null, 'GET', url)).statusCode).toBe(401);
  });
});

describe('an archived course', () => {
  it('refuses to apply (409 COURSE_ARCHIVED), the suggestion stays pending, and no new ones are asked for', async () => {
    const course = await seededCourse(t, a.instructor);
    const id = byOp(await suggest(a.instructor, course), 'rename-lesson');
    expect((await call(t, a.instructor, 'DELETE', `/api/courses/${course.id}`)).statusCode).toBe(200);
    const res = await apply(a.instructor, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('COURSE_ARCHIVED');
    expect((await lesson(a.instructor, course.text)).title).toBe('Introduktion');
    const stored = (await call(t, a.instructor, 'GET', `/api/course-creator/courses/${course.id}/optimizations`)).json().optimizations;
    expect(stored.find((o: { id: string }) => o.id === id).status).toBe('pending');
    // Nor are new suggestions asked for.
    ai.reset();
    const refused = await call(t, a.instructor, 'POST', '/api/course-creator/optimize-engagement', { course_id: course.id });
    expect(refused.json().code).toBe('COURSE_ARCHIVED');
    expect(ai.requests).toHaveLength(0);
  });
});

describe('who may', () => {
  it('another company’s suggestion is not found, a colleague’s neither; a learner is refused; nothing changes', async () => {
    const course = await seededCourse(t, a.instructor);
    const id = byOp(await suggest(a.instructor, course), 'rename-lesson');
    for (const who of [b.admin, b.instructor, a.otherInstructor]) {
      expect((await apply(who, id)).statusCode).toBe(404);
      expect((await call(t, who, 'POST', `/api/course-creator/optimizations/${id}/dismiss`)).json().code).toBe('OPTIMIZATION_NOT_FOUND');
    }
    expect((await apply(a.learner, id)).statusCode).toBe(403);
    expect((await call(t, b.admin, 'POST', '/api/course-creator/optimize-engagement', { course_id: course.id })).statusCode).toBe(404);
    expect((await call(t, b.admin, 'GET', `/api/course-creator/courses/${course.id}/optimizations`)).statusCode).toBe(404);
    expect((await apply(a.admin, 'no-such-suggestion')).statusCode).toBe(404);
    expect((await lesson(a.instructor, course.text)).title).toBe('Introduktion');
  });
});
