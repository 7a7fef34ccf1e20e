import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { call, company, type Company } from '../helpers/courses.ts';
import { insertCourse } from '../helpers/published-courses.ts';

// Enrolment, the player's API, video positions, graded quizzes and completion.

const QUIZ = {
  passMark: 60,
  maxAttempts: 2,
  questions: [
    {
      id: 'q1',
      type: 'single',
      prompt: 'Hvad er hovedstaden?',
      hint: 'Den ligger på Sjælland',
      explanation: 'København er hovedstaden.',
      options: [
        { id: 'a', text: 'Aarhus', correct: false, feedback: 'Aarhus er Danmarks næststørste by.' },
        { id: 'b', text: 'København', correct: true, feedback: 'Rigtigt.' },
      ],
      acceptedAnswers: [],
    },
    {
      id: 'q2',
      type: 'multiple',
      prompt: 'Hvilke er nordiske?',
      hint: '',
      explanation: '',
      options: [
        { id: 'a', text: 'Norge', correct: true, feedback: '' },
        { id: 'b', text: 'Sverige', correct: true, feedback: '' },
        { id: 'c', text: 'Spanien', correct: false, feedback: 'Spanien ligger i Sydeuropa.' },
      ],
      acceptedAnswers: [],
    },
    {
      id: 'q3',
      type: 'true_false',
      prompt: 'Vand koger ved 100 °C.',
      hint: '',
      explanation: '',
      options: [
        { id: 't', text: 'Sandt', correct: true, feedback: '' },
        { id: 'f', text: 'Falsk', correct: false, feedback: '' },
      ],
      acceptedAnswers: [],
    },
    {
      id: 'q4',
      type: 'short_answer',
      prompt: 'Skriv Danmarks valuta.',
      hint: '',
      explanation: 'Kroner.',
      options: [],
      acceptedAnswers: ['Danske kroner', 'kroner'],
    },
    {
      id: 'q5',
      type: 'single',
      prompt: 'Ekstra',
      hint: '',
      explanation: '',
      options: [
        { id: 'x', text: 'X', correct: true, feedback: '' },
        { id: 'y', text: 'Y', correct: false, feedback: '' },
      ],
      acceptedAnswers: [],
    },
  ],
};
const ALL_RIGHT = { q1: ['b'], q2: ['a', 'b'], q3: ['t'], q4: '  DANSKE   kroner ', q5: ['x'] };

let t: TestApp;
let a: Company;
let b: Company;
beforeAll(async () => {
  t = await createTestApp();
  a = await company(t);
  b = await company(t);
});
afterAll(async () => t.close());

async function course(owner: Company, fields: Parameters<typeof insertCourse>[3] = {}) {
  return insertCourse(t.db, owner.admin.organisationId, owner.instructor.id, fields, [
    {
      title: 'Modul 1',
      lessons: [
        { title: 'Tekst', kind: 'text' },
        { title: 'Video', kind: 'video', content: { video: { source: 'embed', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } } },
      ],
    },
    { title: 'Modul 2', lessons: [{ title: 'Quiz', kind: 'quiz', content: QUIZ }] },
  ]);
}

describe('enrolment', () => {
  it('enrols in a free public course of another company once, also when asked ten times at once; writes one enrollment activity', async () => {
    const { id } = await course(a);
    const results = await Promise.all(Array.from({ length: 10 }, () => call(t, b.learner, 'POST', `/api/courses/${id}/enrol`)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 200)).toBe(true);
    expect(await t.db.selectFrom('enrolments').select('id').where('course_id', '=', id).execute()).toHaveLength(1);
    const activity = await t.db.selectFrom('activity').selectAll().where('course_id', '=', id).execute();
    expect(activity).toMatchObject([{ kind: 'enrollment', user_id: b.learner.id, organisation_id: a.admin.organisationId }]);
  });

  it('refuses a paid course from outside the company (409), but lets the company’s own people in; private and draft courses are 404 outside', async () => {
    const paid = await course(a, { pricing: 'paid', price: 49_900 });
    const res = await call(t, b.learner, 'POST', `/api/courses/${paid.id}/enrol`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_REQUIRED' });
    expect((await call(t, a.learner, 'POST', `/api/courses/${paid.id}/enrol`)).statusCode).toBe(201);
    const hidden = await course(a, { visibility: 'private' });
    expect((await call(t, b.learner, 'POST', `/api/courses/${hidden.id}/enrol`)).statusCode).toBe(404);
    expect((await call(t, a.learner, 'POST', `/api/courses/${hidden.id}/enrol`)).statusCode).toBe(201);
    const draft = await course(a, { status: 'draft' });
    for (const who of [a.learner, b.learner]) expect((await call(t, who, 'POST', `/api/courses/${draft.id}/enrol`)).statusCode).toBe(404);
    expect((await call(t, null, 'POST', `/api/courses/${paid.id}/enrol`)).statusCode).toBe(401);
  });

  it('assigns a course with a due date to members (admin or the course’s instructor); others 403, another company’s people 400, another company’s course 404', async () => {
    const { id } = await course(a);
    const due = '2027-01-31T12:00:00.000Z';
    const res = await call(t, a.instructor, 'POST', `/api/courses/${id}/assignments`, {
      userIds: [a.learner.id, a.otherInstructor.id],
      dueAt: due,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ assigned: 2, updated: 0 });
    const rows = await t.db.selectFrom('enrolments').selectAll().where('course_id', '=', id).execute();
    expect(rows.map((r) => [r.source, r.due_at, r.assigned_by])).toEqual([
      ['assigned', due, a.instructor.id],
      ['assigned', due, a.instructor.id],
    ]);
    expect((await call(t, a.admin, 'POST', `/api/courses/${id}/assignments`, { userIds: [a.learner.id], dueAt: null })).json()).toEqual({
      assigned: 0,
      updated: 1,
    });
    expect(
      (
        await t.db
          .selectFrom('enrolments')
          .select('due_at')
          .where('course_id', '=', id)
          .where('user_id', '=', a.learner.id)
          .executeTakeFirstOrThrow()
      ).due_at,
    ).toBeNull();
    expect((await call(t, a.otherInstructor, 'POST', `/api/courses/${id}/assignments`, { userIds: [a.learner.id] })).statusCode).toBe(403);
    expect((await call(t, a.learner, 'POST', `/api/courses/${id}/assignments`, { userIds: [a.learner.id] })).statusCode).toBe(403);
    expect((await call(t, a.admin, 'POST', `/api/courses/${id}/assignments`, { userIds: [b.learner.id] })).statusCode).toBe(400);
    expect((await call(t, b.admin, 'POST', `/api/courses/${id}/assignments`, { userIds: [b.learner.id] })).statusCode).toBe(404);
  });
});

describe('the player', () => {
  it('lists my learning; outlines the course; a lesson comes in one request, a quiz without its key', async () => {
    const { id } = await course(a, { title: 'Spilleren' });
    await call(t, a.learner, 'POST', `/api/courses/${id}/enrol`);
    const list = (await call(t, a.learner, 'GET', '/api/learning')).json().enrolments;
    const mine = list.find((e: { courseId: string }) => e.courseId === id);
    expect(mine).toMatchObject({ title: 'Spilleren', progress: 0, lessonCount: 3, completedLessons: 0 });
    const outline = (await call(t, a.learner, 'GET', `/api/learning/${id}`)).json();
    expect(outline.modules.map((m: { lessons: { title: string }[] }) => m.lessons.map((l) => l.title))).toEqual([
      ['Tekst', 'Video'],
      ['Quiz'],
    ]);
    expect(outline.continueLessonId).toBe(outline.modules[0].lessons[0].id);
    expect(mine.continueLessonId).toBe(outline.modules[0].lessons[0].id);

    const quizId = outline.modules[1].lessons[0].id;
    const quiz = await call(t, a.learner, 'GET', `/api/learning/${id}/lessons/${quizId}`);
    expect(quiz.statusCode).toBe(200);
    expect(quiz.body).not.toMatch(/"correct"|acceptedAnswers|explanation|feedback|Rigtigt|kroner/);
    expect(quiz.json()).toMatchObject({
      kind: 'quiz',
      previousLessonId: outline.modules[0].lessons[1].id,
      nextLessonId: null,
      quiz: { passMark: 60, maxAttempts: 2, attemptsLeft: 2, attemptsUsed: 0, passed: false, lastAttempt: null },
    });
    expect(quiz.json().content.questions[0]).toEqual({
      id: 'q1',
      type: 'single',
      prompt: 'Hvad er hovedstaden?',
      hint: 'Den ligger på Sjælland',
      options: [
        { id: 'a', text: 'Aarhus' },
        { id: 'b', text: 'København' },
      ],
    });
    // Opening a lesson is where "continue" leads next time.
    expect((await call(t, a.learner, 'GET', `/api/learning/${id}`)).json().continueLessonId).toBe(quizId);
  });

  it('is only for the enrolled: another learner, another company and the not-enrolled get 404', async () => {
    const { id } = await course(a);
    await call(t, a.learner, 'POST', `/api/courses/${id}/enrol`);
    const outline = (await call(t, a.learner, 'GET', `/api/learning/${id}`)).json();
    const lessonId = outline.modules[0].lessons[0].id;
    for (const who of [a.otherInstructor, b.learner, b.admin]) {
      expect((await call(t, who, 'GET', `/api/learning/${id}`)).statusCode).toBe(404);
      expect((await call(t, who, 'GET', `/api/learning/${id}/lessons/${lessonId}`)).statusCode).toBe(404);
      expect((await call(t, who, 'POST', `/api/learning/${id}/lessons/${lessonId}/complete`)).statusCode).toBe(404);
    }
    const other = await course(a);
    const otherLesson = (await t.db.selectFrom('lessons').select('id').where('course_id', '=', other.id).executeTakeFirstOrThrow()).id;
    expect((await call(t, a.learner, 'GET', `/api/learning/${id}/lessons/${otherLesson}`)).statusCode).toBe(404);
  });

  it('saves a video’s position to resume from, but a position alone, or seeking to the end, completes nothing; a quiz cannot be marked complete by hand', async () => {
    const { id } = await course(a);
    await call(t, a.learner, 'POST', `/api/courses/${id}/enrol`);
    const outline = (await call(t, a.learner, 'GET', `/api/learning/${id}`)).json();
    const [text, video] = outline.modules[0].lessons;
    const quiz = outline.modules[1].lessons[0];
    const report = (body: object) => call(t, a.learner, 'PUT', `/api/learning/${id}/lessons/${video.id}/position`, body);
    expect((await report({ positionSeconds: 60, durationSeconds: 200 })).json()).toMatchObject({ completed: false, courseProgress: 0 });
    expect((await call(t, a.learner, 'GET', `/api/learning/${id}/lessons/${video.id}`)).json()).toMatchObject({
      positionSeconds: 60,
      completed: false,
    });
    // The position at the very end, as a client that only reports positions would send it.
    expect((await report({ positionSeconds: 200, durationSeconds: 200 })).json().completed).toBe(false);
    // Seeking to the end and letting the last seconds play: the player's played ranges are the last seconds.
    expect(
      (
        await report({
          positionSeconds: 200,
          durationSeconds: 200,
          watched: [
            [0, 1],
            [195, 200],
          ],
        })
      ).json().completed,
    ).toBe(false);
    expect((await call(t, a.learner, 'GET', `/api/learning/${id}/lessons/${video.id}`)).json()).toMatchObject({
      positionSeconds: 200,
      completed: false,
    });
    expect((await call(t, a.learner, 'POST', `/api/learning/${id}/lessons/${text.id}/complete`)).json()).toMatchObject({
      completed: true,
      courseProgress: 33,
      courseCompleted: false,
    });
    const byHand = await call(t, a.learner, 'POST', `/api/learning/${id}/lessons/${quiz.id}/complete`);
    expect(byHand.statusCode).toBe(409);
  });

  it('completes a video when the ranges played, merged and each second counted once, cover 90 % of it, across reports and reloads', async () => {
    const { id } = await course(a);
    await call(t, a.learner, 'POST', `/api/courses/${id}/enrol`);
    const video = (await call(t, a.learner, 'GET', `/api/learning/${id}`)).json().modules[0].lessons[1];
    const report = (positionSeconds: number, watched: [number, number][]) =>
      call(t, a.learner, 'PUT', `/api/learning/${id}/lessons/${video.id}/position`, { positionSeconds, durationSeconds: 200, watched });
    // 0–100 played three times over, overlapping: 100 s, not 250.
    expect(
      (
        await report(100, [
          [0, 60],
          [40, 100],
          [0, 90],
        ])
      ).json().completed,
    ).toBe(false);
    // A reload: the player's ranges start afresh; 100–170 joins what was stored (170 s, 85 %).
    expect((await report(170, [[100, 170]])).json().completed).toBe(false);
    // The same range again adds nothing.
    expect(
      (
        await report(170, [
          [100, 170],
          [150, 170],
        ])
      ).json().completed,
    ).toBe(false);
    const stored = await t.db
      .selectFrom('lesson_progress')
      .select('watched_ranges')
      .where('lesson_id', '=', video.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.watched_ranges!)).toEqual([[0, 170]]);
    // 170–180 makes 180 s of 200: 90 %.
    expect((await report(180, [[170, 180]])).json()).toMatchObject({ completed: true, courseProgress: 33 });
    // Watching back does not undo it, and the place to resume from is still saved.
    expect((await report(10, [[0, 10]])).json().completed).toBe(true);
    expect((await call(t, a.learner, 'GET', `/api/learning/${id}/lessons/${video.id}`)).json()).toMatchObject({
      positionSeconds: 10,
      completed: true,
    });
  });

  it('refuses negative times, times past the video’s end, backwards ranges, ranges without a duration and absurd counts with 400, and saves nothing', async () => {
    const { id } = await course(a);
    await call(t, a.learner, 'POST', `/api/courses/${id}/enrol`);
    const video = (await call(t, a.learner, 'GET', `/api/learning/${id}`)).json().modules[0].lessons[1];
    const bad: [object, string, string][] = [
      [{ positionSeconds: -1 }, 'positionSeconds', ''],
      [{ positionSeconds: 0, durationSeconds: 200, watched: [[-5, 100]] }, 'watched.0.0', ''],
      [
        {
          positionSeconds: 0,
          durationSeconds: 200,
          watched: [
            [0, 100],
            [150, 400],
          ],
        },
        'watched.1',
        'The time is past the end of the video.',
      ],
      [{ positionSeconds: 300, durationSeconds: 200 }, 'positionSeconds', 'The time is past the end of the video.'],
      [{ positionSeconds: 0, durationSeconds: 200, watched: [[100, 20]] }, 'watched.0', 'A played part must end after it begins.'],
      [{ positionSeconds: 0, watched: [[0, 180]] }, 'durationSeconds', "The video's length is missing."],
      [
        { positionSeconds: 0, durationSeconds: 200, watched: Array.from({ length: 201 }, (_, i) => [i * 0.5, i * 0.5 + 0.25]) },
        'watched',
        'Too many played parts in one report.',
      ],
      [{ positionSeconds: 0, durationSeconds: 200, watched: [[0, 'all']] }, 'watched.0.1', ''],
    ];
    for (const [body, field, message] of bad) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/learning/${id}/lessons/${video.id}/position`,
        headers: { cookie: a.learner.cookie, 'accept-language': 'en' },
        payload: body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(body)).toContain(field);
      if (message) expect(res.json().errors[field]).toBe(message);
    }
    expect(await t.db.selectFrom('lesson_progress').selectAll().where('lesson_id', '=', video.id).execute()).toEqual([]);
    // Another company's learner, or a lesson of another course, is 404.
    const other = await call(t, b.learner, 'PUT', `/api/learning/${id}/lessons/${video.id}/position`, {
      positionSeconds: 1,
      durationSeconds: 200,
      watched: [[0, 200]],
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('quizzes and completion', () => {
  it('grades every question type on the server, shows the chosen options’ feedback, limits attempts, and a pass completes the course once', async () => {
    const local = await createTestApp();
    try {
      const c = await company(local);
      const { id } = await insertCourse(local.db, c.admin.organisationId, c.instructor.id, {}, [
        {
          title: 'M',
          lessons: [
            { title: 'Læs', kind: 'text' },
            { title: 'Quiz', kind: 'quiz', content: QUIZ },
          ],
        },
      ]);
      await call(local, c.learner, 'POST', `/api/courses/${id}/enrol`);
      const outline = (await call(local, c.learner, 'GET', `/api/learning/${id}`)).json();
      const [text, quiz] = outline.modules[0].lessons;
      const submit = (answers: unknown) => call(local, c.learner, 'POST', `/api/learning/${id}/lessons/${quiz.id}/attempts`, { answers });

      // 2 of 5 right (q2 only half right, q4 wrong, q5 missing): 40 %, below the pass mark of 60.
      const first = await submit({ q1: ['b'], q2: ['a', 'c'], q3: ['t'], q4: 'euro' });
      expect(first.statusCode, first.body).toBe(201);
      const graded = first.json();
      expect(graded).toMatchObject({ attempt: 1, score: 40, passed: false, passMark: 60, attemptsLeft: 1, courseCompleted: false });
      expect(graded.questions.map((q: { correct: boolean }) => q.correct)).toEqual([true, false, true, false, false]);
      // An attempt left: right or wrong and the chosen options' feedback, not the key.
      expect(graded.questions[1]).toMatchObject({ feedback: [{ optionId: 'c', text: 'Spanien ligger i Sydeuropa.' }], answer: null });
      expect(graded.answersRevealed).toBe(false);
      expect((await call(local, c.learner, 'GET', `/api/learning/${id}/lessons/${quiz.id}`)).json().quiz).toMatchObject({
        attemptsUsed: 1,
        attemptsLeft: 1,
        passed: false,
        lastAttempt: { score: 40, answersRevealed: false },
      });

      await call(local, c.learner, 'POST', `/api/learning/${id}/lessons/${text.id}/complete`);
      const second = (await submit(ALL_RIGHT)).json();
      expect(second).toMatchObject({
        attempt: 2,
        score: 100,
        passed: true,
        attemptsLeft: 0,
        courseProgress: 100,
        courseCompleted: true,
        answersRevealed: true,
      });
      expect(second.questions[3]).toMatchObject({ answer: { explanation: 'Kroner.', acceptedAnswers: ['Danske kroner', 'kroner'] } });
      const again = await submit(ALL_RIGHT);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('ALREADY_PASSED');

      const stored = await local.db.selectFrom('quiz_attempts').select(['attempt', 'score', 'passed']).orderBy('attempt').execute();
      expect(stored).toEqual([
        { attempt: 1, score: 40, passed: 0 },
        { attempt: 2, score: 100, passed: 1 },
      ]);
      const enrolment = await local.db.selectFrom('enrolments').selectAll().where('course_id', '=', id).executeTakeFirstOrThrow();
      expect(enrolment.progress).toBe(100);
      expect(enrolment.completed_at).not.toBeNull();
      const kinds = (await local.db.selectFrom('activity').select('kind').where('course_id', '=', id).orderBy('created_at').execute()).map(
        (r) => r.kind,
      );
      expect(kinds).toEqual(['enrollment', 'completion']);
    } finally {
      await local.close();
    }
  });

  it('refuses attempts past the limit, and a quiz answered with nothing scores 0', async () => {
    const { id } = await course(a);
    await call(t, a.learner, 'POST', `/api/courses/${id}/enrol`);
    const quiz = (await call(t, a.learner, 'GET', `/api/learning/${id}`)).json().modules[1].lessons[0];
    const submit = () => call(t, a.learner, 'POST', `/api/learning/${id}/lessons/${quiz.id}/attempts`, { answers: {} });
    expect((await submit()).json()).toMatchObject({ score: 0, passed: false, attemptsLeft: 1 });
    expect((await submit()).json()).toMatchObject({ attempt: 2, attemptsLeft: 0 });
    const third = await submit();
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe('NO_ATTEMPTS_LEFT');
    expect((await call(t, a.learner, 'POST', `/api/learning/${id}/lessons/${quiz.id}/attempts`, { answers: 'nope' })).statusCode).toBe(400);
  });
});
