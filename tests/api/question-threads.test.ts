import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCourseQuestion } from '../../src/shared/schemas/course-questions.ts';
import { FAST_RETRY, fakeAiEnv, systemOf } from '../helpers/ai.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addPerson, call, company, type Company, type Person } from '../helpers/courses.ts';
import { enrol, lessonIds } from '../helpers/dashboard.ts';
import { answer as aiAnswer, startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai.ts';
import { insertCourse } from '../helpers/published-courses.ts';

/**
 * Questions grow into threads: public questions where the course allows them (not naming the asker
 * to other learners), replies after the answer with notifications to the other side, the asker's
 * edit and "helpful", the staff's pin to the lesson as its FAQ (which the tutor is given), and
 * moderation — hide and delete with a reason, kept in the audit log. Company isolation throughout.
 */

let t: TestApp;
let ai: FakeOpenAi;
let c: Company;
let other: Company;
let l2: Person;
let course: { id: string };
let lessons: string[];

beforeAll(async () => {
  ai = await startFakeOpenAi();
  t = await createTestApp({ env: fakeAiEnv(ai.url), aiRetry: FAST_RETRY });
  c = await company(t);
  other = await company(t);
  l2 = await addPerson(t, c.admin.organisationId, 'learner');
  course = await insertCourse(t.db, c.admin.organisationId, c.instructor.id, { title: 'Førstehjælp' }, [
    { title: 'Modul 1', lessons: [{ title: 'Hjertestop' }, { title: 'Sideleje' }] },
  ]);
  lessons = await lessonIds(t, course.id);
  for (const learner of [c.learner, l2]) await enrol(t, course.id, learner.id);
});
afterAll(async () => {
  await t?.close();
  await ai?.close();
});

const ask = (who: Person, body: Record<string, unknown>) => call(t, who, 'POST', `/api/courses/${course.id}/questions`, body);
const mine = async (who: Person) => (await call(t, who, 'GET', `/api/courses/${course.id}/questions?mine=true`)).json<TCourseQuestion[]>();
const staffList = async () => (await call(t, c.instructor, 'GET', `/api/courses/${course.id}/questions`)).json<TCourseQuestion[]>();
const notes = (userId: string, kind: string) =>
  t.db.selectFrom('notifications').select(['dedupe_key as key']).where('user_id', '=', userId).where('kind', '=', kind).execute();

describe('public questions', () => {
  it('are allowed by the course’s staff only; before that a public question is refused and nothing is stored', async () => {
    const before = await staffList();
    const refused = await ask(c.learner, { body: 'Må jeg spørge alle?', lessonId: lessons[0], public: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ public: 'The course does not allow public questions.' });
    expect(await staffList()).toHaveLength(before.length);

    const path = `/api/courses/${course.id}/questions/settings`;
    expect((await call(t, c.learner, 'PUT', path, { publicQuestions: true })).statusCode).toBe(404);
    expect((await call(t, c.otherInstructor, 'PUT', path, { publicQuestions: true })).statusCode).toBe(403);
    expect((await call(t, other.admin, 'PUT', path, { publicQuestions: true })).statusCode).toBe(404);
    expect((await call(t, c.instructor, 'PUT', path, { publicQuestions: 'ja' })).statusCode).toBe(400);
    expect((await call(t, c.learner, 'GET', path)).json()).toEqual({ publicQuestions: false });
    expect((await call(t, c.instructor, 'PUT', path, { publicQuestions: true })).json()).toEqual({ publicQuestions: true });
    expect((await call(t, c.learner, 'GET', path)).json()).toEqual({ publicQuestions: true });
  });

  it('are seen by the course’s other learners without the asker’s name; a private one is not', async () => {
    const shared = (
      await ask(c.learner, { body: 'Hvor mange tryk i minuttet?', lessonId: lessons[0], public: true })
    ).json<TCourseQuestion>();
    const secret = (await ask(c.learner, { body: 'Et privat spørgsmål', lessonId: lessons[0] })).json<TCourseQuestion>();
    expect(shared).toMatchObject({ public: true, mine: true });
    const seen = await mine(l2);
    expect(seen.map((q) => q.id)).toContain(shared.id);
    expect(seen.map((q) => q.id)).not.toContain(secret.id);
    expect(seen.find((q) => q.id === shared.id)).toMatchObject({ askerName: null, mine: false });
    expect((await mine(c.learner)).find((q) => q.id === shared.id)!.askerName).not.toBeNull();
    // Another company's learner is not in the course: nothing.
    expect((await call(t, other.learner, 'GET', `/api/courses/${course.id}/questions?mine=true`)).statusCode).toBe(404);
    expect((await call(t, other.learner, 'POST', `/api/questions/${shared.id}/replies`, { body: 'Hej' })).statusCode).toBe(404);
    // Enrolled in the (public) course, another company's learner still does not see this company's public questions.
    await enrol(t, course.id, other.learner.id);
    expect((await mine(other.learner)).map((q) => q.id)).not.toContain(shared.id);
    expect((await call(t, other.learner, 'POST', `/api/questions/${shared.id}/replies`, { body: 'Hej' })).statusCode).toBe(404);
    // Public questions switched off: they are no longer shown to others.
    const path = `/api/courses/${course.id}/questions/settings`;
    await call(t, c.instructor, 'PUT', path, { publicQuestions: false });
    expect((await mine(l2)).map((q) => q.id)).not.toContain(shared.id);
    await call(t, c.instructor, 'PUT', path, { publicQuestions: true });
    expect((await mine(l2)).map((q) => q.id)).toContain(shared.id);
  });
});

describe('a thread', () => {
  it('goes on after the answer, each side told; the staff’s list puts the ones awaiting them first', async () => {
    const settled = (await ask(l2, { body: 'Hvad er sideleje?', lessonId: lessons[1] })).json<TCourseQuestion>();
    await call(t, c.instructor, 'PUT', `/api/questions/${settled.id}/answer`, { answer: 'En stilling, der holder luftvejen fri.' });
    const q = (await ask(c.learner, { body: 'Skal man puste ind?', lessonId: lessons[1] })).json<TCourseQuestion>();
    const early = await call(t, c.learner, 'POST', `/api/questions/${q.id}/replies`, { body: 'Hallo?' });
    expect(early.statusCode).toBe(409);
    await call(t, c.instructor, 'PUT', `/api/questions/${q.id}/answer`, { answer: 'Ja, to gange efter 30 tryk.' });
    expect((await staffList()).find((x) => x.id === q.id)!.awaiting).toBe(false);

    const followUp = await call(t, c.learner, 'POST', `/api/questions/${q.id}/replies`, { body: 'Også på børn?' });
    expect(followUp.statusCode).toBe(201);
    expect(followUp.json<TCourseQuestion>()).toMatchObject({
      awaiting: true,
      replies: [{ body: 'Også på børn?', staff: false, mine: true }],
    });
    expect((await notes(c.instructor.id, 'question-asked')).map((n) => n.key)).toContain(
      `reply:${followUp.json<TCourseQuestion>().replies[0]!.id}`,
    );
    const list = await staffList();
    expect(list.find((x) => x.id === q.id)!.awaiting).toBe(true);
    const dashboard = (await call(t, c.instructor, 'GET', `/api/instructors/${c.instructor.id}/questions`)).json<TCourseQuestion[]>();
    expect(dashboard.find((x) => x.id === q.id)!.awaiting).toBe(true);
    const order = dashboard.map((x) => x.awaiting);
    expect(order).toEqual([...order].sort((x, y) => Number(y) - Number(x)));
    expect(order).toContain(false);

    const reply = await call(t, c.instructor, 'POST', `/api/questions/${q.id}/replies`, { body: 'Ja, men blidere.' });
    expect(reply.json<TCourseQuestion>()).toMatchObject({ awaiting: false });
    expect((await notes(c.learner.id, 'question-answered')).map((n) => n.key)).toContain(
      `reply:${reply.json<TCourseQuestion>().replies[1]!.id}`,
    );
    // Someone outside the thread does not write in it; an empty reply is refused.
    expect((await call(t, l2, 'POST', `/api/questions/${q.id}/replies`, { body: 'Mig også' })).statusCode).toBe(404);
    expect((await call(t, c.learner, 'POST', `/api/questions/${q.id}/replies`, { body: '   ' })).statusCode).toBe(400);
    expect((await mine(c.learner)).find((x) => x.id === q.id)!.replies).toHaveLength(2);
  });

  it('the asker edits the question and marks the answer helpful; no one else does', async () => {
    const q = (await ask(c.learner, { body: 'Hvad med AED?', lessonId: lessons[0] })).json<TCourseQuestion>();
    expect((await call(t, c.learner, 'PUT', `/api/questions/${q.id}/helpful`, { helpful: true })).statusCode).toBe(409);
    const edited = await call(t, c.learner, 'PATCH', `/api/questions/${q.id}`, { body: 'Hvornår bruger man en AED?' });
    expect(edited.json<TCourseQuestion>()).toMatchObject({ body: 'Hvornår bruger man en AED?', editedAt: expect.any(String) });
    expect((await call(t, c.instructor, 'PATCH', `/api/questions/${q.id}`, { body: 'Noget andet' })).statusCode).toBe(403);
    await call(t, c.instructor, 'PUT', `/api/questions/${q.id}/answer`, { answer: 'Så snart den er der.' });
    // Answered, it stays as it was asked.
    const late = await call(t, c.learner, 'PATCH', `/api/questions/${q.id}`, { body: 'Noget helt andet nu' });
    expect(late.statusCode).toBe(409);
    expect((await mine(c.learner)).find((x) => x.id === q.id)!.body).toBe('Hvornår bruger man en AED?');
    const helpful = await call(t, c.learner, 'PUT', `/api/questions/${q.id}/helpful`, { helpful: true });
    expect(helpful.json<TCourseQuestion>().helpful).toBe(true);
    expect((await call(t, c.instructor, 'PUT', `/api/questions/${q.id}/helpful`, { helpful: false })).statusCode).toBe(403);
  });
});

describe('pinned as the lesson’s FAQ', () => {
  it('is for an answered question from a lesson; every learner sees it and the tutor is given it', async () => {
    const q = (await ask(c.learner, { body: 'Hvor placeres hænderne?', lessonId: lessons[0] })).json<TCourseQuestion>();
    const path = `/api/questions/${q.id}/pinned`;
    expect((await call(t, c.instructor, 'PUT', path, { pinned: true })).statusCode).toBe(409);
    await call(t, c.instructor, 'PUT', `/api/questions/${q.id}/answer`, { answer: 'Midt på brystbenet, strakte arme.' });
    expect((await call(t, c.learner, 'PUT', path, { pinned: true })).statusCode).toBe(404);
    expect((await call(t, other.admin, 'PUT', path, { pinned: true })).statusCode).toBe(404);
    expect((await call(t, c.instructor, 'PUT', path, { pinned: true })).json<TCourseQuestion>().pinned).toBe(true);
    expect((await mine(l2)).find((x) => x.id === q.id)).toMatchObject({ pinned: true, askerName: null });

    ai.reset();
    ai.answerWith(() => aiAnswer.text('Se instruktørens svar.'));
    const chat = await call(t, l2, 'POST', '/api/chat', {
      aiService: 'learning-coach',
      message: 'Hvor skal hænderne være?',
      context: { courseId: course.id, lessonId: lessons[0] },
    });
    expect(chat.statusCode, chat.body).toBe(200);
    const system = systemOf(ai.requests.at(-1)!);
    expect(system).toContain('Midt på brystbenet, strakte arme.');
    expect(system).toContain("suggest the instructor's answer first");
    await call(t, c.instructor, 'PUT', path, { pinned: false });
    expect((await mine(l2)).map((x) => x.id)).not.toContain(q.id);
  });
});

describe('moderation', () => {
  it('hides with a reason the asker sees (and others do not see the question), shows it again, and deletes with a reason, all in the audit log', async () => {
    const q = (
      await ask(c.learner, { body: 'Et upassende offentligt spørgsmål', lessonId: lessons[0], public: true })
    ).json<TCourseQuestion>();
    expect((await mine(l2)).map((x) => x.id)).toContain(q.id);
    const hide = `/api/questions/${q.id}/hide`;
    expect((await call(t, c.instructor, 'POST', hide, { reason: 'x' })).statusCode).toBe(400);
    expect((await call(t, c.learner, 'POST', hide, { reason: 'Ikke relevant' })).statusCode).toBe(404);
    expect((await call(t, c.otherInstructor, 'POST', hide, { reason: 'Ikke relevant' })).statusCode).toBe(403);
    expect((await call(t, other.admin, 'POST', hide, { reason: 'Ikke relevant' })).statusCode).toBe(404);
    const hidden = await call(t, c.admin, 'POST', hide, { reason: 'Ikke relevant for kurset' });
    expect(hidden.json<TCourseQuestion>().hidden).toMatchObject({ reason: 'Ikke relevant for kurset' });
    expect((await mine(l2)).map((x) => x.id)).not.toContain(q.id);
    expect((await mine(c.learner)).find((x) => x.id === q.id)!.hidden).toMatchObject({ reason: 'Ikke relevant for kurset' });
    expect((await call(t, c.instructor, 'DELETE', hide)).json<TCourseQuestion>().hidden).toBeNull();
    expect((await mine(l2)).map((x) => x.id)).toContain(q.id);

    expect((await call(t, c.instructor, 'DELETE', `/api/questions/${q.id}`, {})).statusCode).toBe(400);
    expect((await call(t, c.learner, 'DELETE', `/api/questions/${q.id}`, { reason: 'Min egen' })).statusCode).toBe(404);
    expect((await call(t, c.instructor, 'DELETE', `/api/questions/${q.id}`, { reason: 'Personfølsomme oplysninger' })).statusCode).toBe(
      204,
    );
    expect((await mine(c.learner)).map((x) => x.id)).not.toContain(q.id);
    expect((await call(t, c.instructor, 'DELETE', `/api/questions/${q.id}`, { reason: 'Igen' })).statusCode).toBe(404);

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'target_id', 'details'])
      .where('organisation_id', '=', c.admin.organisationId)
      .where('action', 'like', 'question.%')
      .orderBy('seq')
      .execute();
    expect(audit.map((a) => [a.action, a.actor_id, a.target_id, JSON.parse(a.details).reason])).toEqual([
      ['question.hidden', c.admin.id, q.id, 'Ikke relevant for kurset'],
      ['question.deleted', c.instructor.id, q.id, 'Personfølsomme oplysninger'],
    ]);
  });
});

describe('the instructor’s recent activity', () => {
  it('shows a question as a message with its words, and nothing of them once it is hidden', async () => {
    const q = (await ask(c.learner, { body: 'Hvor længe skal man give hjertemassage?', lessonId: lessons[0] })).json<TCourseQuestion>();
    const feed = async () =>
      (await call(t, c.instructor, 'GET', `/api/instructors/${c.instructor.id}/activity`)).json<
        { id: string; type: string; details: string }[]
      >();
    expect((await feed()).find((item) => item.id === q.id)).toMatchObject({
      type: 'message',
      courseName: 'Førstehjælp',
      details: 'Hvor længe skal man give hjertemassage?',
    });
    expect((await call(t, c.instructor, 'POST', `/api/questions/${q.id}/hide`, { reason: 'Dobbelt spørgsmål' })).statusCode).toBe(200);
    expect((await feed()).find((item) => item.id === q.id)).toMatchObject({ type: 'message', details: '' });
  });
});
