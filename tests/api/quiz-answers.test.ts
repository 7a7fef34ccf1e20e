import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { call, company, type Company, type Person } from '../helpers/courses.ts';
import { insertCourse } from '../helpers/published-courses.ts';

// A quiz's answer key reaches a learner only as its author chose: after passing, after the last
// attempt (passed or none left), or never. Until then an attempt says right or wrong per question
// and the feedback of the options chosen, so a failed attempt cannot be copied into the next.

const QUESTIONS = [
  {
    id: 'q1',
    type: 'single',
    prompt: 'Hvad er hovedstaden?',
    hint: 'Den ligger på Sjælland',
    explanation: 'Hovedstaden er KEY-EXPLANATION-1.',
    options: [
      { id: 'a', text: 'Aarhus', correct: false, feedback: 'Aarhus er Danmarks næststørste by.' },
      { id: 'b', text: 'København', correct: true, feedback: 'Netop.' },
    ],
    acceptedAnswers: [],
  },
  {
    id: 'q2',
    type: 'short_answer',
    prompt: 'Skriv Danmarks valuta.',
    hint: 'Den hedder det samme i Norge.',
    explanation: 'KEY-EXPLANATION-2',
    options: [],
    acceptedAnswers: ['KEY-ACCEPTED'],
  },
];
const RIGHT = { q1: ['b'], q2: 'key-accepted' };
const WRONG = { q1: ['a'], q2: 'euro' };
/** Anything of the key a learner must not see while it is hidden. */
const KEY = /correctOptionIds|acceptedAnswers|"correct":true,"feedback"|KEY-EXPLANATION|KEY-ACCEPTED|Netop/;

let t: TestApp;
let a: Company;
beforeAll(async () => {
  t = await createTestApp();
  a = await company(t);
});
afterAll(async () => t.close());

/** A published course of one quiz, stored as given (an older quiz has no revealAnswers), with the learner enrolled. */
async function quiz(settings: Record<string, unknown>): Promise<{
  submit: (answers: unknown) => ReturnType<typeof call>;
  open: () => ReturnType<typeof call>;
  courseId: string;
  lessonId: string;
  learner: Person;
}> {
  const { id } = await insertCourse(t.db, a.admin.organisationId, a.instructor.id, {}, [
    { title: 'M', lessons: [{ title: 'Quiz', kind: 'quiz', content: { passMark: 100, questions: QUESTIONS, ...settings } }] },
  ]);
  const learner = a.learner;
  expect((await call(t, learner, 'POST', `/api/courses/${id}/enrol`)).statusCode).toBe(201);
  const lessonId = (await call(t, learner, 'GET', `/api/learning/${id}`)).json().modules[0].lessons[0].id as string;
  return {
    courseId: id,
    lessonId,
    learner,
    submit: (answers) => call(t, learner, 'POST', `/api/learning/${id}/lessons/${lessonId}/attempts`, { answers }),
    open: () => call(t, learner, 'GET', `/api/learning/${id}/lessons/${lessonId}`),
  };
}

const revealedKey = [
  {
    questionId: 'q1',
    correct: true,
    feedback: [{ optionId: 'b', text: 'Netop.' }],
    answer: { correctOptionIds: ['b'], acceptedAnswers: [], explanation: 'Hovedstaden er KEY-EXPLANATION-1.' },
  },
  {
    questionId: 'q2',
    correct: true,
    feedback: [],
    answer: { correctOptionIds: [], acceptedAnswers: ['KEY-ACCEPTED'], explanation: 'KEY-EXPLANATION-2' },
  },
];

describe('the answer key after an attempt', () => {
  it('a quiz without the setting (every quiz made before it) keeps the key from a failed attempt while attempts are left, in the answer and in the player', async () => {
    const q = await quiz({ maxAttempts: 2 });
    const first = await q.submit(WRONG);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.body).not.toMatch(KEY);
    expect(first.json()).toMatchObject({
      attempt: 1,
      passed: false,
      attemptsLeft: 1,
      answersRevealed: false,
      questions: [
        { questionId: 'q1', correct: false, feedback: [{ optionId: 'a', text: 'Aarhus er Danmarks næststørste by.' }], answer: null },
        { questionId: 'q2', correct: false, feedback: [], answer: null },
      ],
    });
    const player = await q.open();
    expect(player.body).not.toMatch(KEY);
    expect(player.json().quiz).toMatchObject({
      revealAnswers: 'finished',
      attemptsLeft: 1,
      lastAttempt: { attempt: 1, answersRevealed: false, questions: [{ answer: null }, { answer: null }] },
    });
    // Nothing else a learner can open carries the quiz's content.
    for (const path of [
      `/api/learning/${q.courseId}`,
      `/api/lessons/${q.lessonId}`,
      `/api/lessons/${q.lessonId}/revisions`,
      `/api/courses/${q.courseId}`,
      `/api/courses/${q.courseId}/outline`,
      '/api/learning',
    ]) {
      const res = await call(t, q.learner, 'GET', path);
      expect(res.body, path).not.toMatch(KEY);
    }

    // The last attempt used up, the key is shown (the quiz is over for this learner).
    const last = await q.submit(WRONG);
    expect(last.json()).toMatchObject({
      attempt: 2,
      attemptsLeft: 0,
      answersRevealed: true,
      questions: [
        { answer: { correctOptionIds: ['b'] } },
        { answer: { acceptedAnswers: ['KEY-ACCEPTED'], explanation: 'KEY-EXPLANATION-2' } },
      ],
    });
    expect((await q.open()).json().quiz.lastAttempt).toMatchObject({
      answersRevealed: true,
      questions: [{ answer: { correctOptionIds: ['b'] } }, { answer: { acceptedAnswers: ['KEY-ACCEPTED'] } }],
    });
  });

  it("'finished' shows the key on a pass, also with attempts left; with unlimited attempts only a pass shows it", async () => {
    const q = await quiz({ maxAttempts: 3, revealAnswers: 'finished' });
    expect((await q.submit(RIGHT)).json()).toMatchObject({ passed: true, attemptsLeft: 2, answersRevealed: true, questions: revealedKey });
    expect((await q.open()).json().quiz.lastAttempt).toMatchObject({ answersRevealed: true, questions: revealedKey });

    const unlimited = await quiz({ maxAttempts: null, revealAnswers: 'finished' });
    for (let i = 0; i < 3; i++) {
      const res = await unlimited.submit(WRONG);
      expect(res.body).not.toMatch(KEY);
      expect(res.json()).toMatchObject({ attemptsLeft: null, answersRevealed: false });
    }
    expect((await unlimited.submit(RIGHT)).json()).toMatchObject({ passed: true, answersRevealed: true, questions: revealedKey });
  });

  it("'passed' shows the key only to those who passed, never after the last failed attempt", async () => {
    const failing = await quiz({ maxAttempts: 2, revealAnswers: 'passed' });
    for (const attempt of [1, 2]) {
      const res = await failing.submit(WRONG);
      expect(res.json()).toMatchObject({ attempt, answersRevealed: false });
      expect(res.body).not.toMatch(KEY);
    }
    const over = await failing.open();
    expect(over.json().quiz).toMatchObject({
      attemptsLeft: 0,
      passed: false,
      revealAnswers: 'passed',
      lastAttempt: { answersRevealed: false },
    });
    expect(over.body).not.toMatch(KEY);

    const passing = await quiz({ maxAttempts: 2, revealAnswers: 'passed' });
    expect((await passing.submit(WRONG)).body).not.toMatch(KEY);
    expect((await passing.submit(RIGHT)).json()).toMatchObject({ passed: true, answersRevealed: true, questions: revealedKey });
    expect((await passing.open()).json().quiz.lastAttempt).toMatchObject({ answersRevealed: true, questions: revealedKey });
  });

  it("'never' hides the key always: after a failure, after the last attempt and after a pass", async () => {
    const failing = await quiz({ maxAttempts: 1, revealAnswers: 'never' });
    const last = await failing.submit(WRONG);
    expect(last.json()).toMatchObject({
      attemptsLeft: 0,
      answersRevealed: false,
      questions: [{ correct: false, feedback: [{ optionId: 'a' }], answer: null }, { answer: null }],
    });
    expect(last.body).not.toMatch(KEY);
    expect((await failing.open()).body).not.toMatch(KEY);

    const passing = await quiz({ maxAttempts: 1, revealAnswers: 'never' });
    const passed = await passing.submit(RIGHT);
    // Right is right: the learner's own options' feedback still shows.
    expect(passed.json()).toMatchObject({
      passed: true,
      answersRevealed: false,
      questions: [
        { correct: true, feedback: [{ optionId: 'b', text: 'Netop.' }], answer: null },
        { correct: true, answer: null },
      ],
    });
    expect(passed.body).not.toMatch(/correctOptionIds|acceptedAnswers|KEY-EXPLANATION|KEY-ACCEPTED/);
    expect((await passing.open()).body).not.toMatch(/correctOptionIds|acceptedAnswers|KEY-EXPLANATION|KEY-ACCEPTED/);
  });

  it('the author sets it in the builder; a value that is not one of the three is refused and changes nothing', async () => {
    const { id } = await insertCourse(t.db, a.admin.organisationId, a.instructor.id, { status: 'draft' }, [
      { title: 'M', lessons: [{ title: 'Quiz', kind: 'quiz', content: { passMark: 100, maxAttempts: 2, questions: QUESTIONS } }] },
    ]);
    const lessonId = (await t.db.selectFrom('lessons').select('id').where('course_id', '=', id).executeTakeFirstOrThrow()).id;
    const lesson = (await call(t, a.instructor, 'GET', `/api/lessons/${lessonId}`)).json();
    const bad = await call(t, a.instructor, 'PATCH', `/api/lessons/${lessonId}`, {
      version: lesson.version,
      content: { ...lesson.content, revealAnswers: 'sometimes' },
    });
    expect(bad.statusCode).toBe(400);
    const saved = await call(t, a.instructor, 'PATCH', `/api/lessons/${lessonId}`, {
      version: lesson.version,
      content: { ...lesson.content, revealAnswers: 'never' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call(t, a.instructor, 'GET', `/api/lessons/${lessonId}`)).json().content).toMatchObject({ revealAnswers: 'never' });
  });
});
