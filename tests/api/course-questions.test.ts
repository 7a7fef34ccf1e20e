import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addPerson, call, company, type Company, type Person } from '../helpers/courses.ts';
import { enrol, lessonIds } from '../helpers/dashboard.ts';
import { insertCourse } from '../helpers/published-courses.ts';

/**
 * Learners' questions to a course's instructor: asked from a lesson by a learner who takes the
 * course (POST /api/courses/:id/questions), listed for the learner (their own) and for the course's
 * side (GET …/questions, GET /api/instructors/:id/questions), answered by the course's instructor or
 * an admin of its company (PUT /api/questions/:id/answer), and told: the question to the
 * instructor, the first answer to the asker.
 */

let t: TestApp;
let c: Company;
let other: Company;
/** A second learner of the company, enrolled too; and one who is not enrolled. */
let l2: Person;
let idle: Person;
/** The instructor's course, a colleague's, and a private course of another company. */
let A: { id: string };
let O: { id: string };
let P: { id: string };
let lessonsA: string[];
let lessonsO: string[];
const names: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  c = await company(t);
  other = await company(t);
  l2 = await addPerson(t, c.admin.organisationId, 'learner');
  idle = await addPerson(t, c.admin.organisationId, 'learner');
  const outline = [{ title: 'Modul 1', lessons: [{ title: 'Hjertestop' }, { title: 'Stabilt sideleje' }] }];
  A = await insertCourse(t.db, c.admin.organisationId, c.instructor.id, { title: 'Førstehjælp' }, outline);
  O = await insertCourse(t.db, c.admin.organisationId, c.otherInstructor.id, { title: 'Brandsikkerhed' }, outline);
  P = await insertCourse(t.db, other.admin.organisationId, other.instructor.id, { title: 'Hemmeligt', visibility: 'private' }, outline);
  lessonsA = await lessonIds(t, A.id);
  lessonsO = await lessonIds(t, O.id);
  for (const learner of [c.learner, l2]) {
    await enrol(t, A.id, learner.id);
    await enrol(t, O.id, learner.id);
  }
  await enrol(t, P.id, other.learner.id);
  for (const p of [c.learner, l2, c.instructor, c.otherInstructor, c.admin]) {
    names[p.id] = (await t.db.selectFrom('users').select('contact_name').where('id', '=', p.id).executeTakeFirstOrThrow()).contact_name;
  }
});
afterAll(async () => t.close());

const ask = (who: Person | null, courseId: string, body: unknown) => call(t, who, 'POST', `/api/courses/${courseId}/questions`, body);
const answer = (who: Person | null, id: string, body: unknown) => call(t, who, 'PUT', `/api/questions/${id}/answer`, body);
const list = (who: Person | null, path: string) => call(t, who, 'GET', path);
const rows = () => t.db.selectFrom('course_questions').selectAll().orderBy('created_at').execute();
const notes = (userId: string, kind: string) =>
  t.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).where('kind', '=', kind).execute();

describe('asking', () => {
  it('stores a learner’s question, trimmed, with the lesson it was asked from, and answers it as the list shows it', async () => {
    const res = await ask(c.learner, A.id, { body: '  Hvor længe skal man give hjertemassage?  ', lessonId: lessonsA[0] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      courseId: A.id,
      courseTitle: 'Førstehjælp',
      lessonId: lessonsA[0],
      lessonTitle: 'Hjertestop',
      askerName: names[c.learner.id],
      mine: true,
      body: 'Hvor længe skal man give hjertemassage?',
      createdAt: expect.any(String),
      editedAt: null,
      public: false,
      answer: null,
      answeredAt: null,
      answeredBy: null,
      helpful: false,
      pinned: false,
      hidden: null,
      replies: [],
      awaiting: true,
    });
    const stored = (await rows()).find((r) => r.id === res.json().id);
    expect(stored).toMatchObject({ organisation_id: c.admin.organisationId, course_id: A.id, user_id: c.learner.id, answer: null });
  });

  it('refuses a body that is too short or too long, unknown fields and a lesson of another course, and stores nothing', async () => {
    const before = (await rows()).length;
    const short = await ask(c.learner, A.id, { body: '  a  ' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Write a question of at least 3 characters.');
    expect((await ask(c.learner, A.id, { body: 'x'.repeat(2001) })).json().message).toBe('The question can be at most 2000 characters.');
    expect((await ask(c.learner, A.id, {})).statusCode).toBe(400);
    expect((await ask(c.learner, A.id, { body: 'Et spørgsmål', extra: true })).statusCode).toBe(400);
    expect((await ask(c.learner, A.id, { body: 'Et spørgsmål', lessonId: 42 })).statusCode).toBe(400);
    const foreignLesson = await ask(c.learner, A.id, { body: 'Et spørgsmål', lessonId: lessonsO[0] });
    expect(foreignLesson.statusCode).toBe(400);
    expect(foreignLesson.json()).toMatchObject({
      message: 'The lesson is not part of the course.',
      errors: { lessonId: expect.any(String) },
    });
    expect((await rows()).length).toBe(before);
  });

  it('is for those who take the course: 401 logged out, 403 for a colleague not enrolled, 404 for another company', async () => {
    const before = (await rows()).length;
    expect((await ask(null, A.id, { body: 'Et spørgsmål' })).statusCode).toBe(401);
    const notEnrolled = await ask(idle, A.id, { body: 'Et spørgsmål' });
    expect(notEnrolled.statusCode).toBe(403);
    expect(notEnrolled.json().message).toBe('You can ask about the course once you are enrolled in it.');
    // Another company's public course the learner does not take, and another company's private one.
    expect((await ask(other.learner, A.id, { body: 'Et spørgsmål' })).statusCode).toBe(404);
    const foreign = await ask(c.learner, P.id, { body: 'Et spørgsmål' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Course not found.');
    expect((await ask(c.learner, 'no-such-course', { body: 'Et spørgsmål' })).statusCode).toBe(404);
    expect((await rows()).length).toBe(before);
  });

  it('lets a learner of another company ask about a public course they take; the course’s company answers it', async () => {
    await enrol(t, A.id, other.learner.id);
    const res = await ask(other.learner, A.id, { body: 'Gælder det også for børn?' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await rows()).find((r) => r.id === res.json().id)?.organisation_id).toBe(c.admin.organisationId);
  });
});

describe('listing', () => {
  beforeAll(async () => {
    expect((await ask(l2, A.id, { body: 'Må man bruge en hjertestarter på gravide?', lessonId: lessonsA[1] })).statusCode).toBe(201);
    expect((await ask(l2, O.id, { body: 'Hvor hænger brandtæpperne?' })).statusCode).toBe(201);
    // Fixed times, so the order is known however fast the requests ran.
    const times: [string, string][] = [
      ['Hvor længe skal man give hjertemassage?', '2026-11-02T08:00:00.000Z'],
      ['Gælder det også for børn?', '2026-11-03T08:00:00.000Z'],
      ['Må man bruge en hjertestarter på gravide?', '2026-11-04T08:00:00.000Z'],
      ['Hvor hænger brandtæpperne?', '2026-11-05T08:00:00.000Z'],
    ];
    for (const [body, at] of times) await t.db.updateTable('course_questions').set({ created_at: at }).where('body', '=', body).execute();
  });

  it('shows a learner only their own questions on the course', async () => {
    const mine = await list(c.learner, `/api/courses/${A.id}/questions`);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(mine.json().map((q: { body: string }) => q.body)).toEqual(['Hvor længe skal man give hjertemassage?']);
    const theirs = (await list(l2, `/api/courses/${A.id}/questions`)).json();
    expect(theirs.map((q: { body: string; lessonTitle: string }) => [q.body, q.lessonTitle])).toEqual([
      ['Må man bruge en hjertestarter på gravide?', 'Stabilt sideleje'],
    ]);
  });

  it('shows the course’s instructor and its company’s admins every question on it, newest first', async () => {
    for (const who of [c.instructor, c.admin]) {
      const all = (await list(who, `/api/courses/${A.id}/questions`)).json();
      expect(all.map((q: { body: string }) => q.body)).toEqual([
        'Må man bruge en hjertestarter på gravide?',
        'Gælder det også for børn?',
        'Hvor længe skal man give hjertemassage?',
      ]);
    }
    // With mine=true (the player's list), only the caller's own: none for an admin who asked nothing.
    expect((await list(c.admin, `/api/courses/${A.id}/questions?mine=true`)).json()).toEqual([]);
    expect((await list(l2, `/api/courses/${A.id}/questions?mine=true`)).json()).toHaveLength(1);
    expect((await list(l2, `/api/courses/${A.id}/questions?mine=yes`)).statusCode).toBe(400);
    // A colleague who neither takes nor teaches it is told why; another company and no one are refused.
    expect((await list(c.otherInstructor, `/api/courses/${A.id}/questions`)).statusCode).toBe(403);
    expect((await list(other.admin, `/api/courses/${A.id}/questions`)).statusCode).toBe(404);
    expect((await list(null, `/api/courses/${A.id}/questions`)).statusCode).toBe(401);
  });

  it('lists the questions on the instructor’s own courses for the dashboard, with asker, course and lesson; an admin’s on every course', async () => {
    const res = await list(c.instructor, `/api/instructors/${c.instructor.id}/questions`);
    expect(res.statusCode).toBe(200);
    const mine = res.json() as { courseTitle: string; lessonTitle: string | null; askerName: string; body: string }[];
    expect(mine.map((q) => q.body)).toEqual([
      'Må man bruge en hjertestarter på gravide?',
      'Gælder det også for børn?',
      'Hvor længe skal man give hjertemassage?',
    ]);
    expect(mine[0]).toMatchObject({ courseTitle: 'Førstehjælp', lessonTitle: 'Stabilt sideleje', askerName: names[l2.id] });
    // The admin reads the instructor's list, and their own holds the company's every question.
    expect((await list(c.admin, `/api/instructors/${c.instructor.id}/questions`)).json()).toEqual(mine);
    const company = (await list(c.admin, `/api/instructors/${c.admin.id}/questions`)).json() as { body: string }[];
    expect(company.map((q) => q.body)).toContain('Hvor hænger brandtæpperne?');
    expect(company).toHaveLength(4);
    expect((await list(c.instructor, `/api/instructors/${c.instructor.id}/questions?limit=1`)).json()).toHaveLength(1);
    // Anyone else: 404, like the instructor's reviews.
    expect((await list(c.otherInstructor, `/api/instructors/${c.instructor.id}/questions`)).statusCode).toBe(404);
    expect((await list(c.learner, `/api/instructors/${c.instructor.id}/questions`)).statusCode).toBe(404);
    expect((await list(other.admin, `/api/instructors/${c.instructor.id}/questions`)).statusCode).toBe(404);
  });
});

describe('answering', () => {
  const questionOf = async (body: string) => (await rows()).find((r) => r.body === body)!;

  it('stores the instructor’s answer, which the learner then reads with their question; the unanswered come first for the instructor', async () => {
    const q = await questionOf('Hvor længe skal man give hjertemassage?');
    const res = await answer(c.instructor, q.id, { answer: '  Indtil hjælpen kommer, eller personen trækker vejret normalt.  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: q.id,
      answer: 'Indtil hjælpen kommer, eller personen trækker vejret normalt.',
      answeredBy: names[c.instructor.id],
      answeredAt: expect.any(String),
    });
    const mine = (await list(c.learner, `/api/courses/${A.id}/questions`)).json();
    expect(mine[0]).toMatchObject({
      answer: 'Indtil hjælpen kommer, eller personen trækker vejret normalt.',
      answeredBy: names[c.instructor.id],
    });
    const dashboard = (await list(c.instructor, `/api/instructors/${c.instructor.id}/questions`)).json() as { id: string }[];
    expect(dashboard.at(-1)?.id).toBe(q.id);
  });

  it('refuses an empty or too long answer and keeps what was stored', async () => {
    const q = await questionOf('Gælder det også for børn?');
    const empty = await answer(c.instructor, q.id, { answer: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Write an answer.');
    expect((await answer(c.instructor, q.id, { answer: 'x'.repeat(4001) })).json().message).toBe(
      'The answer can be at most 4000 characters.',
    );
    expect((await answer(c.instructor, q.id, {})).statusCode).toBe(400);
    expect(await questionOf('Gælder det også for børn?')).toMatchObject({ answer: null, answered_by: null, answered_at: null });
  });

  it('is for the course’s instructor and its company’s admins: a colleague 403, a learner and another company 404', async () => {
    const q = await questionOf('Hvor hænger brandtæpperne?');
    const colleague = await answer(c.instructor, q.id, { answer: 'Ved udgangen.' });
    expect(colleague.statusCode).toBe(403);
    expect(colleague.json().message).toBe("Only the course's instructor or an admin can answer the question.");
    expect((await answer(l2, q.id, { answer: 'Ved udgangen.' })).statusCode).toBe(404);
    const foreign = await answer(other.admin, q.id, { answer: 'Ved udgangen.' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('The question does not exist.');
    expect((await answer(c.admin, 'no-such-question', { answer: 'Ved udgangen.' })).statusCode).toBe(404);
    expect((await answer(null, q.id, { answer: 'Ved udgangen.' })).statusCode).toBe(401);
    expect((await questionOf('Hvor hænger brandtæpperne?')).answer).toBeNull();
    // The admin answers any course of the company.
    const admin = await answer(c.admin, q.id, { answer: 'Ved udgangen.' });
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toMatchObject({ answer: 'Ved udgangen.', answeredBy: names[c.admin.id] });
  });
});

describe('notifications', () => {
  it('tells the course’s instructor of a question once, and the learner of its first answer once, however often it is edited', async () => {
    const asked = await ask(l2, A.id, { body: 'Skal man fjerne brillerne først?', lessonId: lessonsA[0] });
    const id = asked.json().id as string;
    const toInstructor = (await notes(c.instructor.id, 'question-asked')).filter((n) => n.dedupe_key.includes(id));
    expect(toInstructor).toHaveLength(1);
    expect(toInstructor[0]).toMatchObject({ link: '/dashboard#questions', digest_pending: 1 });
    expect(JSON.parse(toInstructor[0]!.params)).toEqual({
      course: 'Førstehjælp',
      learner: names[l2.id],
      lesson: 'Hjertestop',
      question: 'Skal man fjerne brillerne først?',
    });
    // Its mail waits for the daily digest; no one else hears of it.
    expect(await t.db.selectFrom('mail_outbox').select('id').where('kind', '=', 'question-asked').execute()).toEqual([]);
    expect((await notes(c.admin.id, 'question-asked')).filter((n) => n.dedupe_key.includes(id))).toEqual([]);
    const shown = (await list(c.instructor, '/api/notifications')).json().notifications[0];
    expect(shown).toMatchObject({
      kind: 'question-asked',
      title: 'New question on “Førstehjælp”',
      body: `${names[l2.id]} asks about “Hjertestop”: Skal man fjerne brillerne først?`,
    });

    expect((await notes(l2.id, 'question-answered')).filter((n) => n.dedupe_key.includes(id))).toEqual([]);
    expect((await answer(c.instructor, id, { answer: 'Ja, hvis de sidder i vejen.' })).statusCode).toBe(200);
    expect((await answer(c.instructor, id, { answer: 'Ja, hvis de sidder i vejen for luftvejene.' })).statusCode).toBe(200);
    const toLearner = (await notes(l2.id, 'question-answered')).filter((n) => n.dedupe_key.includes(id));
    expect(toLearner).toHaveLength(1);
    expect(toLearner[0]!.link).toBe(`/learn/${A.id}/${lessonsA[0]}#questions`);
    const mails = await t.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject'])
      .where('kind', '=', 'question-answered')
      .where('dedupe_key', 'like', `%${id}`)
      .execute();
    expect(mails).toEqual([{ to_address: l2.email, subject: expect.stringContaining('Førstehjælp') }]);
    expect((await list(l2, '/api/notifications')).json().notifications[0]).toMatchObject({
      kind: 'question-answered',
      title: 'Your question on “Førstehjælp” has an answer',
    });
  });

  it('shows the two kinds among the preferences of those who can receive them', async () => {
    const kinds = async (who: Person) =>
      ((await list(who, '/api/notifications/preferences')).json().kinds as { kind: string; mail: string; digest: boolean }[]).filter((k) =>
        k.kind.startsWith('question-'),
      );
    expect(await kinds(c.instructor)).toEqual([
      expect.objectContaining({ kind: 'question-answered', mail: 'instant', digest: false }),
      expect.objectContaining({ kind: 'question-asked', mail: 'daily', digest: true }),
    ]);
    expect(await kinds(c.learner)).toEqual([expect.objectContaining({ kind: 'question-answered', mail: 'instant' })]);
  });
});
