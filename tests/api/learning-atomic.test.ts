import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { call, company, type Company } from '../helpers/courses.ts';
import { insertCourse } from '../helpers/published-courses.ts';

// A quiz pass (the attempt, the lesson's completion, the enrolment's progress and completion, the
// activity) and a lesson marked complete are written together or not at all: a failure in the
// middle leaves nothing half done, and the learner can try again and finish.

const QUIZ = {
  passMark: 100,
  maxAttempts: 2,
  questions: [
    {
      id: 'q1',
      type: 'single',
      prompt: 'To plus to?',
      hint: '',
      explanation: '',
      options: [
        { id: 'a', text: '4', correct: true, feedback: '' },
        { id: 'b', text: '5', correct: false, feedback: '' },
      ],
      acceptedAnswers: [],
    },
  ],
};

let t: TestApp;
let a: Company;
beforeAll(async () => {
  t = await createTestApp();
  a = await company(t);
});
afterAll(async () => t.close());

/** The database refuses the course's completion activity, the last write of a completing pass, until the returned function is called. */
async function refuseCompletionActivity(): Promise<() => Promise<void>> {
  if (t.database.url.startsWith('postgres')) {
    await sql`create function refuse_completion() returns trigger language plpgsql as $$ begin raise exception 'completion refused by the test'; end $$`.execute(
      t.db,
    );
    await sql`create trigger refuse_completion before insert on activity for each row when (new.kind = 'completion') execute function refuse_completion()`.execute(
      t.db,
    );
    return async () => {
      await sql`drop trigger refuse_completion on activity`.execute(t.db);
      await sql`drop function refuse_completion()`.execute(t.db);
    };
  }
  await sql`create trigger refuse_completion before insert on activity when new.kind = 'completion' begin select raise(abort, 'completion refused by the test'); end`.execute(
    t.db,
  );
  return async () => {
    await sql`drop trigger refuse_completion`.execute(t.db);
  };
}

async function state(courseId: string, userId: string) {
  const enrolment = await t.db
    .selectFrom('enrolments')
    .selectAll()
    .where('course_id', '=', courseId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const progress = await t.db
    .selectFrom('lesson_progress')
    .select(['lesson_id', 'completed_at'])
    .where('enrolment_id', '=', enrolment.id)
    .execute();
  const attempts = await t.db.selectFrom('quiz_attempts').select(['attempt', 'passed']).where('enrolment_id', '=', enrolment.id).execute();
  const activity = await t.db
    .selectFrom('activity')
    .select('kind')
    .where('course_id', '=', courseId)
    .where('user_id', '=', userId)
    .execute();
  return {
    progress: enrolment.progress,
    completed: enrolment.completed_at !== null,
    lessonsDone: progress
      .filter((p) => p.completed_at)
      .map((p) => p.lesson_id)
      .sort(),
    attempts: attempts.map((r) => [r.attempt, Number(r.passed)]),
    activity: activity.map((r) => r.kind).sort(),
  };
}

describe('a pass and a completion are one write', () => {
  it('a quiz pass that fails in the middle leaves no attempt and no progress; the learner passes on retrying and the course completes', async () => {
    const { id } = await insertCourse(t.db, a.admin.organisationId, a.instructor.id, {}, [
      {
        title: 'M',
        lessons: [
          { title: 'Læs', kind: 'text' },
          { title: 'Quiz', kind: 'quiz', content: QUIZ },
        ],
      },
    ]);
    const learner = a.learner;
    await call(t, learner, 'POST', `/api/courses/${id}/enrol`);
    const [text, quiz] = (await call(t, learner, 'GET', `/api/learning/${id}`)).json().modules[0].lessons as { id: string }[];
    expect((await call(t, learner, 'POST', `/api/learning/${id}/lessons/${text!.id}/complete`)).json()).toMatchObject({
      courseProgress: 50,
    });
    const before = await state(id, learner.id);
    expect(before).toEqual({ progress: 50, completed: false, lessonsDone: [text!.id], attempts: [], activity: ['enrollment'] });

    const allow = await refuseCompletionActivity();
    try {
      const failed = await call(t, learner, 'POST', `/api/learning/${id}/lessons/${quiz!.id}/attempts`, { answers: { q1: ['a'] } });
      expect(failed.statusCode).toBe(500);
      expect(await state(id, learner.id)).toEqual(before);
    } finally {
      await allow();
    }

    const retry = await call(t, learner, 'POST', `/api/learning/${id}/lessons/${quiz!.id}/attempts`, { answers: { q1: ['a'] } });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json()).toMatchObject({ attempt: 1, passed: true, attemptsLeft: 1, courseProgress: 100, courseCompleted: true });
    expect(await state(id, learner.id)).toEqual({
      progress: 100,
      completed: true,
      lessonsDone: [text!.id, quiz!.id].sort(),
      attempts: [[1, 1]],
      activity: ['completion', 'enrollment'],
    });
  });

  it('a lesson marked complete that fails in the middle leaves no progress; marking it again completes the course', async () => {
    const { id } = await insertCourse(t.db, a.admin.organisationId, a.instructor.id, {}, [
      {
        title: 'M',
        lessons: [
          { title: 'Quiz', kind: 'quiz', content: QUIZ },
          { title: 'Læs', kind: 'text' },
        ],
      },
    ]);
    const learner = a.otherInstructor;
    await call(t, learner, 'POST', `/api/courses/${id}/enrol`);
    const [quiz, text] = (await call(t, learner, 'GET', `/api/learning/${id}`)).json().modules[0].lessons as { id: string }[];
    expect(
      (await call(t, learner, 'POST', `/api/learning/${id}/lessons/${quiz!.id}/attempts`, { answers: { q1: ['a'] } })).json(),
    ).toMatchObject({ passed: true, courseProgress: 50 });
    const before = await state(id, learner.id);

    const allow = await refuseCompletionActivity();
    try {
      expect((await call(t, learner, 'POST', `/api/learning/${id}/lessons/${text!.id}/complete`)).statusCode).toBe(500);
      expect(await state(id, learner.id)).toEqual(before);
    } finally {
      await allow();
    }

    expect((await call(t, learner, 'POST', `/api/learning/${id}/lessons/${text!.id}/complete`)).json()).toEqual({
      completed: true,
      courseProgress: 100,
      courseCompleted: true,
    });
    expect(await state(id, learner.id)).toMatchObject({ progress: 100, completed: true, activity: ['completion', 'enrollment'] });
  });

  it('lessons completed at the same moment count each other: the course completes', async () => {
    const { id } = await insertCourse(t.db, a.admin.organisationId, a.instructor.id, {}, [
      {
        title: 'M',
        lessons: [
          { title: 'En', kind: 'text' },
          { title: 'To', kind: 'text' },
          { title: 'Tre', kind: 'text' },
        ],
      },
    ]);
    const learner = a.admin;
    await call(t, learner, 'POST', `/api/courses/${id}/enrol`);
    const lessons = (await call(t, learner, 'GET', `/api/learning/${id}`)).json().modules[0].lessons as { id: string }[];
    const answers = await Promise.all(lessons.map((l) => call(t, learner, 'POST', `/api/learning/${id}/lessons/${l.id}/complete`)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((r) => r.json().courseCompleted)).not.toHaveLength(0);
    expect(await state(id, learner.id)).toMatchObject({ progress: 100, completed: true, activity: ['completion', 'enrollment'] });
  });
});
