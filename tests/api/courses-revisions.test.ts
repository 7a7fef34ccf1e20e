import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { call, company, courseWithLesson, doc, paragraph, type Company, type Person } from '../helpers/courses.ts';

let t: TestApp;
let a: Company;
let b: Company;
beforeAll(async () => {
  t = await createTestApp();
  a = await company(t);
  b = await company(t, { companyName: 'Anden Virksomhed ApS' });
});
afterAll(async () => t.close());

async function save(lessonId: string, version: number, text: string, who: Person = a.instructor, extra: Record<string, unknown> = {}) {
  const res = await call(t, who, 'PATCH', `/api/lessons/${lessonId}`, { version, content: doc(paragraph(text)), ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function revisions(lessonId: string, who: Person = a.instructor) {
  const res = await call(t, who, 'GET', `/api/lessons/${lessonId}/revisions`);
  expect(res.statusCode).toBe(200);
  return res.json().revisions as {
    id: string;
    version: number;
    title: string;
    kind: string;
    author: { id: string; name: string } | null;
    createdAt: string;
    savedAt: string;
  }[];
}

/** Moves every revision of a lesson back in time, as if the author had paused for `minutes`. */
async function age(lessonId: string, minutes: number) {
  const rows = await t.db
    .selectFrom('lesson_revisions')
    .select(['id', 'created_at', 'saved_at'])
    .where('lesson_id', '=', lessonId)
    .execute();
  const earlier = (at: string) => new Date(Date.parse(at) - minutes * 60_000).toISOString();
  for (const row of rows) {
    await t.db
      .updateTable('lesson_revisions')
      .set({ created_at: earlier(row.created_at), saved_at: earlier(row.saved_at) })
      .where('id', '=', row.id)
      .execute();
  }
}

const LONG_TEXT =
  'Sikkerhed på arbejdspladsen begynder med, at alle kender nødudgangene, ved hvor førstehjælpskassen står, og melder farlige forhold til deres leder samme dag.';
const wiped = doc({ type: 'paragraph' });

describe('lesson revisions', () => {
  it('coalesce one author’s autosaves within ten minutes, and start anew after a pause or for another author', async () => {
    const { lesson } = await courseWithLesson(t, a.instructor);
    await save(lesson.id, 1, 'Første udkast');
    await save(lesson.id, 2, 'Andet udkast');
    await save(lesson.id, 3, 'Tredje udkast');
    let list = await revisions(lesson.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ version: 4, title: 'Første lektion', kind: 'text', author: { id: a.instructor.id } });
    expect(list[0]).not.toHaveProperty('content');

    await age(lesson.id, 11);
    await save(lesson.id, 4, 'Efter pausen');
    list = await revisions(lesson.id);
    expect(list.map((r) => r.version)).toEqual([5, 4]);

    await save(lesson.id, 5, 'Admin retter', a.admin);
    list = await revisions(lesson.id);
    expect(list.map((r) => [r.version, r.author?.id])).toEqual([
      [6, a.admin.id],
      [5, a.instructor.id],
      [4, a.instructor.id],
    ]);

    const detail = await call(t, a.instructor, 'GET', `/api/lessons/${lesson.id}/revisions/${list[2]!.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ version: 4, content: doc(paragraph('Tredje udkast')) });
  });

  it('keep the state before a wipe within the merge window as its own revision, which restores the old text', async () => {
    const { lesson } = await courseWithLesson(t, a.instructor);
    await save(lesson.id, 1, LONG_TEXT);
    await save(lesson.id, 2, `${LONG_TEXT} Tak.`);
    expect(await revisions(lesson.id)).toHaveLength(1);
    // Four minutes later the same author wipes most of the text: still within the window.
    await age(lesson.id, 4);
    await save(lesson.id, 3, 'Sikkerhed.');
    let list = await revisions(lesson.id);
    expect(list.map((r) => r.version)).toEqual([4, 3]);
    const before = await call(t, a.instructor, 'GET', `/api/lessons/${lesson.id}/revisions/${list[1]!.id}`);
    expect(before.json().content).toEqual(doc(paragraph(`${LONG_TEXT} Tak.`)));

    // Typing on after the wipe merges into the wipe's revision; the old text stays.
    await save(lesson.id, 4, 'Sikkerhed. Nyt');
    await save(lesson.id, 5, 'Sikkerhed. Nyt afsnit');
    list = await revisions(lesson.id);
    expect(list.map((r) => r.version)).toEqual([6, 3]);

    const restored = await call(t, a.instructor, 'POST', `/api/lessons/${lesson.id}/revisions/${list[1]!.id}/restore`, { version: 6 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ version: 7, content: doc(paragraph(`${LONG_TEXT} Tak.`)) });
  });

  it('keep the state a replaced document or a new kind replaced, even when no revision held it', async () => {
    const { lesson } = await courseWithLesson(t, a.instructor);
    await save(lesson.id, 1, LONG_TEXT);
    // A lesson written by something that records no revision (an import, a script).
    await t.db.deleteFrom('lesson_revisions').where('lesson_id', '=', lesson.id).execute();
    await save(lesson.id, 2, 'Et helt andet dokument om brandøvelser, skrevet forfra fra første til sidste linje.');
    let list = await revisions(lesson.id);
    expect(list.map((r) => r.version)).toEqual([3, 2]);
    const before = await call(t, a.instructor, 'GET', `/api/lessons/${lesson.id}/revisions/${list[1]!.id}`);
    expect(before.json().content).toEqual(doc(paragraph(LONG_TEXT)));

    const toQuiz = await call(t, a.instructor, 'PATCH', `/api/lessons/${lesson.id}`, {
      version: 3,
      kind: 'quiz',
      content: { questions: [] },
    });
    expect(toQuiz.statusCode, toQuiz.body).toBe(200);
    list = await revisions(lesson.id);
    expect(list.map((r) => [r.version, r.kind])).toEqual([
      [4, 'quiz'],
      [3, 'text'],
      [2, 'text'],
    ]);
  });

  it('merge small edits and say when each revision’s content was saved', async () => {
    const { lesson } = await courseWithLesson(t, a.instructor);
    await save(lesson.id, 1, LONG_TEXT);
    await age(lesson.id, 5);
    const [aged] = await revisions(lesson.id);
    expect(aged!.savedAt).toBe(aged!.createdAt);
    // Small edits anywhere: a cut word, a changed line ending, a short line rewritten.
    const edited = LONG_TEXT.replace('samme dag', 'straks').replace('Sikkerhed', 'Tryghed');
    await save(lesson.id, 2, LONG_TEXT.replace('samme dag', 'straks'));
    await save(lesson.id, 3, edited);
    await save(lesson.id, 4, `${edited} Spørg din leder.`);
    const list = await revisions(lesson.id);
    expect(list).toHaveLength(1);
    expect(list[0]!.createdAt).toBe(aged!.createdAt);
    // The merged revision began five minutes ago; its content is the last save's.
    expect(Date.parse(list[0]!.savedAt) - Date.parse(list[0]!.createdAt)).toBeGreaterThanOrEqual(5 * 60_000);
    const detail = await call(t, a.instructor, 'GET', `/api/lessons/${lesson.id}/revisions/${list[0]!.id}`);
    expect(detail.json()).toMatchObject({ version: 5, savedAt: list[0]!.savedAt, content: doc(paragraph(`${edited} Spørg din leder.`)) });
  });

  it('keep the newest twenty when every save wipes or rewrites the lesson', async () => {
    const { lesson } = await courseWithLesson(t, a.instructor);
    let version = 1;
    for (let round = 0; round < 25; round++) {
      await save(lesson.id, version++, `${LONG_TEXT} (${round})`);
      const res = await call(t, a.instructor, 'PATCH', `/api/lessons/${lesson.id}`, { version: version++, content: wiped });
      expect(res.statusCode).toBe(200);
    }
    const list = await revisions(lesson.id);
    expect(list).toHaveLength(20);
    expect(list[0]!.version).toBe(version);
    const stored = await t.db.selectFrom('lesson_revisions').select('id').where('lesson_id', '=', lesson.id).execute();
    expect(stored).toHaveLength(20);
  });

  it('are recorded only when the title, kind or content changed', async () => {
    const { lesson } = await courseWithLesson(t, a.instructor);
    await call(t, a.instructor, 'PATCH', `/api/lessons/${lesson.id}`, { version: 1, durationMinutes: 5 });
    await call(t, a.instructor, 'PATCH', `/api/lessons/${lesson.id}`, { version: 2, content: lesson.content });
    expect(await revisions(lesson.id)).toEqual([]);
    await call(t, a.instructor, 'PATCH', `/api/lessons/${lesson.id}`, { version: 3, title: 'Ny titel' });
    expect((await revisions(lesson.id)).map((r) => [r.version, r.title])).toEqual([[4, 'Ny titel']]);
  });

  it('keep the newest twenty', async () => {
    const { lesson } = await courseWithLesson(t, a.instructor);
    // Alternating authors: every save is a revision of its own.
    for (let v = 1; v <= 25; v++) await save(lesson.id, v, `Udgave ${v}`, v % 2 ? a.instructor : a.admin);
    const list = await revisions(lesson.id);
    expect(list.map((r) => r.version)).toEqual(Array.from({ length: 20 }, (_, i) => 26 - i));
    const stored = await t.db.selectFrom('lesson_revisions').select('id').where('lesson_id', '=', lesson.id).execute();
    expect(stored).toHaveLength(20);
  });

  it('can be restored as a new version, which adds a revision and keeps the replaced one', async () => {
    const { lesson } = await courseWithLesson(t, a.instructor);
    await save(lesson.id, 1, 'Den gode udgave', a.instructor, { title: 'God titel' });
    await save(lesson.id, 2, 'Den dårlige udgave', a.admin, { title: 'Dårlig titel' });
    const [bad, good] = await revisions(lesson.id);

    const stale = await call(t, a.admin, 'POST', `/api/lessons/${lesson.id}/revisions/${good!.id}/restore`, { version: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');

    const res = await call(t, a.admin, 'POST', `/api/lessons/${lesson.id}/revisions/${good!.id}/restore`, { version: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: 4, title: 'God titel', content: doc(paragraph('Den gode udgave')) });
    // Within the same author's window, yet a revision of its own: the replaced state stays restorable.
    const list = await revisions(lesson.id);
    expect(list.map((r) => [r.version, r.title])).toEqual([
      [4, 'God titel'],
      [3, 'Dårlig titel'],
      [2, 'God titel'],
    ]);
    expect(list[1]!.id).toBe(bad!.id);
  });

  it('answer 404 for another lesson’s revision, an unknown one, and to anyone who may not edit the course', async () => {
    const { course, lesson } = await courseWithLesson(t, a.instructor);
    const other = await courseWithLesson(t, a.instructor);
    await save(lesson.id, 1, 'Mit indhold');
    await save(other.lesson.id, 1, 'Andet indhold');
    const [mine] = await revisions(lesson.id);
    const [theirs] = await revisions(other.lesson.id);

    const crossed = await call(t, a.instructor, 'GET', `/api/lessons/${lesson.id}/revisions/${theirs!.id}`);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().code).toBe('REVISION_NOT_FOUND');
    expect(
      (await call(t, a.instructor, 'POST', `/api/lessons/${lesson.id}/revisions/${theirs!.id}/restore`, { version: 2 })).statusCode,
    ).toBe(404);
    expect((await call(t, a.instructor, 'GET', `/api/lessons/${lesson.id}/revisions/nope`)).statusCode).toBe(404);

    for (const who of [b.admin, a.otherInstructor, a.learner]) {
      expect((await call(t, who, 'GET', `/api/lessons/${lesson.id}/revisions/${mine!.id}`)).statusCode).toBe(404);
      const restore = await call(t, who, 'POST', `/api/lessons/${lesson.id}/revisions/${mine!.id}/restore`, { version: 2 });
      expect(restore.statusCode).toBe(404);
      expect(restore.json().code).toBe('LESSON_NOT_FOUND');
    }

    await call(t, a.instructor, 'DELETE', `/api/courses/${course.id}`);
    const archived = await call(t, a.instructor, 'POST', `/api/lessons/${lesson.id}/revisions/${mine!.id}/restore`, { version: 2 });
    expect(archived.statusCode).toBe(409);
    expect(archived.json().code).toBe('COURSE_ARCHIVED');
    expect((await call(t, a.instructor, 'GET', `/api/lessons/${lesson.id}/revisions`)).statusCode).toBe(200);
  });
});
