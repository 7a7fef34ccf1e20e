import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCourse, TLesson } from '../../src/shared/schemas/courses.ts';
import type { DbKind } from '../../src/server/db/database.ts';
import { searchCourse, type CoursePassage } from '../../src/server/domains/authoring/assistants/retrieval/index.ts';
import { PASSAGE_MAX } from '../../src/server/domains/authoring/assistants/retrieval/passages.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import {
  addLesson,
  addModule,
  call,
  company,
  createCourse,
  doc,
  insertUpload,
  paragraph,
  type Company,
  type Person,
} from '../helpers/courses.ts';

/**
 * Retrieval over a course's lessons on the real database (SQLite, or PostgreSQL under
 * `npm run test:pg`): courses are built and edited through the builder's own API, then searched.
 */

let t: TestApp;
let kind: DbKind;
let a: Company;
let b: Company;

const heading = (text: string, level = 2) => ({ type: 'heading', attrs: { level }, content: [{ type: 'text', text }] });
const bullets = (...items: string[]) => ({
  type: 'bulletList',
  content: items.map((text) => ({ type: 'listItem', content: [paragraph(text)] })),
});

async function ok<T>(res: Promise<{ statusCode: number; body: string; json(): unknown }>, status = 200): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r.json() as T;
}

/** Adds a lesson of `kind` to the course's module and saves its content through PATCH /api/lessons/:id. */
async function lesson(
  who: Person,
  course: TCourse,
  moduleId: string,
  title: string,
  lessonKind: string,
  content: unknown,
): Promise<{ course: TCourse; lesson: TLesson }> {
  const next = await addLesson(t, who, course, moduleId, title, lessonKind);
  const added = next.modules.flatMap((m) => m.lessons).find((l) => !course.modules.some((m) => m.lessons.some((o) => o.id === l.id)))!;
  const saved = await ok<TLesson>(call(t, who, 'PATCH', `/api/lessons/${added.id}`, { version: added.version, content }));
  return { course: next, lesson: saved };
}

const search = (courseId: string, question: string, limit?: number) =>
  searchCourse(t.db, kind, { courseId, question, ...(limit !== undefined && { limit }) });
const lessonIds = (passages: CoursePassage[]) => passages.map((p) => p.lessonId);

// The Danish leadership course: three text lessons, a video with a script, a download with notes and
// a file, and a quiz whose questions and answers share its words.
let course: TCourse;
let feedback: TLesson;
let conflicts: TLesson;
let meetings: TLesson;
let video: TLesson;
let download: TLesson;
let quiz: TLesson;
let moduleOne: string;

const QUIZ_SECRET = 'Zanzibarmetoden';

beforeAll(async () => {
  t = await createTestApp();
  kind = t.database.url.startsWith('postgres') ? 'postgres' : 'sqlite';
  a = await company(t);
  b = await company(t, { companyName: 'Anden Virksomhed ApS' });

  course = await createCourse(t, a.instructor, { title: 'Ledelse i praksis', language: 'da' });
  course = await addModule(t, a.instructor, course, 'Den gode leder');
  course = await addModule(t, a.instructor, course, 'Samarbejde');
  moduleOne = course.modules[0]!.id;
  const moduleTwo = course.modules[1]!.id;

  ({ course, lesson: feedback } = await lesson(
    a.instructor,
    course,
    moduleOne,
    'Feedback til medarbejdere',
    'text',
    doc(
      paragraph('God ledelse bygger på tillid. I denne lektion ser vi på, hvordan du som leder giver feedback, der bliver brugt.'),
      heading('Giv feedback løbende'),
      paragraph(
        'Feedback virker bedst, når den gives tæt på situationen. Vent ikke til den årlige medarbejdersamtale: giv feedbacken samme dag, konkret og med et eksempel på, hvad medarbejderen gjorde.',
      ),
      bullets('Beskriv situationen', 'Beskriv adfærden', 'Beskriv virkningen'),
      heading('Ros og kritik'),
      paragraph('Ros skal være lige så konkret som kritik. Sig hvad der virkede, så medarbejderen kan gøre det igen.'),
    ),
  ));
  ({ course, lesson: conflicts } = await lesson(
    a.instructor,
    course,
    moduleTwo,
    'Konflikthåndtering',
    'text',
    doc(
      heading('Når konflikten opstår'),
      paragraph(
        'Konflikter mellem kolleger håndteres bedst tidligt. Som leder tager du en samtale med begge parter hver for sig, før I mødes tre sammen.',
      ),
      paragraph(
        'Ærlighed og åbenhed er afgørende: sig hvad du ser, og lyt efter hvad den anden oplever. ØJENKONTAKT og ro i stemmen dæmper stemningen.',
      ),
      heading('Efter konflikten'),
      paragraph('Følg op efter en uge. Spørg begge parter, om aftalen holder, og skriv den ned.'),
    ),
  ));
  ({ course, lesson: meetings } = await lesson(
    a.instructor,
    course,
    moduleTwo,
    'Mødeledelse',
    'text',
    doc(
      heading('Dagsorden'),
      paragraph('Et godt møde har en dagsorden, der er sendt ud dagen før, med et formål for hvert punkt og en tid til hvert punkt.'),
      heading('Referat'),
      paragraph('Skriv beslutninger og opgaver i et kort referat, og send det samme dag.'),
    ),
  ));
  ({ course, lesson: video } = await lesson(a.instructor, course, moduleTwo, 'Præsentationsteknik på video', 'video', {
    video: null,
    notes: doc(
      heading('Manuskript'),
      paragraph('Scene 1: Taleren står foran en tavle og forklarer, hvordan man bruger pauser og stemmeføring i en præsentation.'),
    ),
  }));
  const fileId = await insertUpload(t, a.admin.organisationId, course.id, 'download');
  ({ course, lesson: download } = await lesson(a.instructor, course, moduleOne, 'Materialer', 'download', {
    files: [{ uploadId: fileId, title: 'Skabelon til lønsamtale' }],
    notes: doc(paragraph('Hent skabelonen og brug den som forberedelse til den årlige lønforhandling.')),
  }));
  ({ course, lesson: quiz } = await lesson(a.instructor, course, moduleTwo, 'Test din viden om konflikter', 'quiz', {
    passMark: 70,
    maxAttempts: null,
    questions: [
      {
        id: 'q1',
        type: 'single',
        prompt: 'Hvordan håndterer du en konflikt mellem to medarbejdere?',
        hint: 'Tænk på feedback',
        explanation: `${QUIZ_SECRET}: tal med begge parter hver for sig først.`,
        options: [
          { id: 'a', text: 'Samtale med begge parter hver for sig', correct: true, feedback: `Rigtigt, det er ${QUIZ_SECRET}.` },
          { id: 'b', text: 'Ignorer konflikten', correct: false, feedback: 'Nej' },
        ],
      },
      { id: 'q2', type: 'short_answer', prompt: 'Hvad kaldes metoden?', acceptedAnswers: [QUIZ_SECRET] },
    ],
  }));
});
afterAll(async () => t.close());

async function passageRows(lessonId: string) {
  return t.db
    .selectFrom('lesson_passages')
    .select(['position', 'heading', 'text'])
    .where('lesson_id', '=', lessonId)
    .orderBy('position')
    .execute();
}

describe('searchCourse', () => {
  it('ranks the lesson that answers the question first, with its module, title and section', async () => {
    const found = await search(course.id, 'Hvordan håndterer jeg en konflikt mellem to kolleger?');
    expect(found[0]).toMatchObject({
      lessonId: conflicts.id,
      lessonTitle: 'Konflikthåndtering',
      moduleTitle: 'Samarbejde',
      heading: 'Når konflikten opstår',
    });
    expect(found[0]!.text).toMatch(/^Når konflikten opstår\n\nKonflikter mellem kolleger/);
    expect(found[0]!.score).toBeGreaterThan(0);
    for (let i = 1; i < found.length; i++) expect(found[i]!.score).toBeLessThanOrEqual(found[i - 1]!.score);

    expect(lessonIds(await search(course.id, 'Hvornår skal jeg give min medarbejder feedback?'))[0]).toBe(feedback.id);
    expect(lessonIds(await search(course.id, 'Hvad skal der stå på dagsordenen til et møde?'))[0]).toBe(meetings.id);
    // Inflected forms meet (feedbacken/feedback, konflikter/konflikten, mødes/møde), stemmed alike.
    expect(lessonIds(await search(course.id, 'konflikterne'))).toContain(conflicts.id);
    // A video's script and a download's notes and file titles are course text too.
    expect(lessonIds(await search(course.id, 'Hvordan bruger jeg pauser i en præsentation?'))[0]).toBe(video.id);
    expect(lessonIds(await search(course.id, 'Er der en skabelon til lønsamtalen?'))[0]).toBe(download.id);
  });

  it('matches any meaningful word, never all; stop words alone and unknown words find nothing', async () => {
    // Only "referat" is in the course: one word is enough.
    expect(lessonIds(await search(course.id, 'Kvantefysik og referat og fotosyntese'))).toEqual([meetings.id]);
    expect(await search(course.id, 'Hvad er det, og hvordan kan jeg det?')).toEqual([]);
    expect(await search(course.id, 'What is this and how do I do it?')).toEqual([]);
    expect(await search(course.id, 'kvantefysik fotosyntese')).toEqual([]);
    expect(await search(course.id, '')).toEqual([]);
    expect(await search('no-such-course', 'feedback')).toEqual([]);
  });

  it('keeps æ, ø and å as letters of their own, in any case', async () => {
    const upper = await search(course.id, 'ÆRLIGHED og ÅBENHED');
    expect(lessonIds(upper)[0]).toBe(conflicts.id);
    expect(upper[0]!.text).toContain('Ærlighed og åbenhed');
    expect(lessonIds(await search(course.id, 'øjenkontakt'))).toEqual([conflicts.id]);
    // a, o and e are other letters: no match by folding.
    expect(await search(course.id, 'aerlighed abenhed ojenkontakt')).toEqual([]);
  });

  it('never returns a quiz: not its questions, answers, hints or feedback', async () => {
    expect(await search(course.id, QUIZ_SECRET)).toEqual([]);
    expect(await search(course.id, 'Hvad kaldes metoden? Ignorer')).toEqual([]);
    const all = await search(course.id, 'konflikt medarbejdere feedback parter samtale', 20);
    expect(all.length).toBeGreaterThan(2);
    expect(lessonIds(all)).not.toContain(quiz.id);
    for (const p of all) expect(p.text).not.toContain(QUIZ_SECRET);
    expect(await passageRows(quiz.id)).toEqual([]);
  });

  it("never returns another course's passages", async () => {
    let other = await createCourse(t, b.instructor, { title: 'Andet kursus', language: 'da' });
    other = await addModule(t, b.instructor, other, 'Modul');
    const { lesson: theirs } = await lesson(
      b.instructor,
      other,
      other.modules[0]!.id,
      'Konflikter hos os',
      'text',
      doc(paragraph('Konflikt konflikt konflikt: vores egen tekst om konflikter og Kvantekonflikter.')),
    );
    const ours = await search(course.id, 'konflikt kvantekonflikter', 20);
    expect(ours.length).toBeGreaterThan(0);
    expect(lessonIds(ours)).not.toContain(theirs.id);
    expect(await search(course.id, 'kvantekonflikter')).toEqual([]);
    expect(lessonIds(await search(other.id, 'kvantekonflikter'))).toEqual([theirs.id]);
    expect(lessonIds(await search(other.id, 'dagsorden referat'))).toEqual([]);
  });

  it('splits a lesson into passages at headings and paragraphs, each heading with its text', async () => {
    const rows = await passageRows(conflicts.id);
    // Each section is short; the first joins the next only when under the minimum size.
    for (const row of rows) {
      expect(row.text.length).toBeLessThanOrEqual(PASSAGE_MAX + 250);
      if (row.heading) expect(row.text.startsWith(row.heading)).toBe(true);
    }
    const long = Array.from({ length: 12 }, (_, i) =>
      paragraph(`Afsnit ${i + 1}. ${'Tillid opbygges gennem små handlinger hver dag, og den kan hurtigt gå tabt igen. '.repeat(4)}`),
    );
    ({ course } = await lesson(a.instructor, course, moduleOne, 'Tillid', 'text', doc(heading('Tillid i teamet'), ...long)));
    const trust = course.modules[0]!.lessons.at(-1)!;
    await search(course.id, 'tillid');
    const pieces = await passageRows(trust.id);
    expect(pieces.length).toBeGreaterThan(3);
    for (const piece of pieces) {
      expect(piece.heading).toBe('Tillid i teamet');
      expect(piece.text.startsWith('Tillid i teamet\n\nAfsnit ')).toBe(true);
      expect(piece.text.length).toBeLessThanOrEqual(PASSAGE_MAX + 'Tillid i teamet'.length + 2);
      expect(piece.text.length).toBeGreaterThan(300);
    }
    expect(pieces.map((p) => p.text).join('\n')).toContain('Afsnit 12.');
    expect((await search(course.id, 'tillid', 3)).length).toBe(3);
  });

  it('follows a lesson edited through the builder (PATCH /api/lessons/:id), at the next question', async () => {
    let { lesson: edited } = await lesson(
      a.instructor,
      course,
      moduleOne,
      'Delegering',
      'text',
      doc(paragraph('Uddeleger opgaver med et klart mål og en klar frist.')),
    );
    course = await ok<TCourse>(call(t, a.instructor, 'GET', `/api/courses/${course.id}`));
    expect(lessonIds(await search(course.id, 'frist'))).toEqual([edited.id]);
    const state = () => t.db.selectFrom('lesson_passage_state').selectAll().where('lesson_id', '=', edited.id).executeTakeFirst();
    expect(await state()).toMatchObject({ version: edited.version, language: 'da' });

    edited = await ok<TLesson>(
      call(t, a.instructor, 'PATCH', `/api/lessons/${edited.id}`, {
        version: edited.version,
        title: 'Bæredygtig delegering',
        content: doc(paragraph('Bæredygtighed handler også om, hvordan arbejdet fordeles, så ingen brænder ud.')),
      }),
    );
    // The write took the stale passages away at once; the next question indexes the lesson again.
    expect(await state()).toBeUndefined();
    expect(await passageRows(edited.id)).toEqual([]);
    expect(await search(course.id, 'frist')).toEqual([]);
    const found = await search(course.id, 'Hvad har bæredygtighed med arbejdet at gøre?');
    expect(found[0]).toMatchObject({ lessonId: edited.id, lessonTitle: 'Bæredygtig delegering' });
    expect(await state()).toMatchObject({ version: edited.version });

    // A title alone is indexed too (a question may name the lesson).
    edited = await ok<TLesson>(
      call(t, a.instructor, 'PATCH', `/api/lessons/${edited.id}`, { version: edited.version, title: 'Arbejdsfordeling' }),
    );
    expect(lessonIds(await search(course.id, 'arbejdsfordeling'))).toEqual([edited.id]);

    // A lesson made a quiz takes its text out of the index.
    edited = await ok<TLesson>(
      call(t, a.instructor, 'PATCH', `/api/lessons/${edited.id}`, {
        version: edited.version,
        kind: 'quiz',
        content: { passMark: 70, maxAttempts: null, questions: [] },
      }),
    );
    expect(await search(course.id, 'bæredygtighed arbejdsfordeling')).toEqual([]);
    expect(await state()).toMatchObject({ version: edited.version });
  });

  it('follows a restored revision and a change of the course language', async () => {
    let { course: c, lesson: l } = await lesson(
      a.instructor,
      course,
      moduleOne,
      'Onboarding',
      'text',
      doc(paragraph('Nye medarbejdere får en makker den første måned.')),
    );
    course = c;
    // Another author's save, so the first stays a revision of its own.
    l = await ok<TLesson>(
      call(t, a.admin, 'PATCH', `/api/lessons/${l.id}`, {
        version: l.version,
        content: doc(paragraph('Introduktionsprogrammet varer fjorten dage.')),
      }),
    );
    expect(lessonIds(await search(course.id, 'makker'))).toEqual([]);
    const revisions = await ok<{ revisions: Array<{ id: string; version: number }> }>(
      call(t, a.instructor, 'GET', `/api/lessons/${l.id}/revisions`),
    );
    const first = revisions.revisions.find((r) => r.version === 2)!;
    l = await ok<TLesson>(call(t, a.instructor, 'POST', `/api/lessons/${l.id}/revisions/${first.id}/restore`, { version: l.version }));
    expect(lessonIds(await search(course.id, 'makker'))).toEqual([l.id]);

    c = await ok<TCourse>(call(t, a.instructor, 'PATCH', `/api/courses/${course.id}`, { version: course.version, language: 'en' }));
    expect(lessonIds(await search(course.id, 'makker'))).toEqual([l.id]);
    const state = await t.db.selectFrom('lesson_passage_state').select('language').where('lesson_id', '=', l.id).executeTakeFirstOrThrow();
    expect(state.language).toBe('en');
    c = await ok<TCourse>(call(t, a.instructor, 'PATCH', `/api/courses/${course.id}`, { version: c.version, language: 'da' }));
    course = c;
  });

  it('takes passages away with their lesson, module and course', async () => {
    const added = await lesson(
      a.instructor,
      course,
      moduleOne,
      'Forsvinder',
      'text',
      doc(paragraph('Kaffemaskinen rengøres hver fredag.')),
    );
    const doomed = added.lesson;
    expect(lessonIds(await search(course.id, 'kaffemaskinen'))).toEqual([doomed.id]);
    const c = await ok<TCourse>(call(t, a.instructor, 'DELETE', `/api/lessons/${doomed.id}?version=${added.course.version}`));
    course = c;
    expect(await passageRows(doomed.id)).toEqual([]);
    expect(await search(c.id, 'kaffemaskinen')).toEqual([]);

    // A module's lessons and a course's go with them (on delete cascade), from the FTS index too.
    let other = await createCourse(t, a.instructor, { title: 'Kortvarigt kursus' });
    other = await addModule(t, a.instructor, other, 'Kortvarigt modul');
    const { course: withLesson, lesson: gone } = await lesson(
      a.instructor,
      other,
      other.modules[0]!.id,
      'Kortvarig',
      'text',
      doc(paragraph('Printeren står på første sal.')),
    );
    expect(lessonIds(await search(other.id, 'printeren'))).toEqual([gone.id]);
    await ok(call(t, a.instructor, 'DELETE', `/api/modules/${other.modules[0]!.id}?version=${withLesson.version}`));
    expect(await passageRows(gone.id)).toEqual([]);
    expect(await search(other.id, 'printeren')).toEqual([]);

    let third = await createCourse(t, a.instructor, { title: 'Slettes helt' });
    third = await addModule(t, a.instructor, third, 'Modul');
    await lesson(a.instructor, third, third.modules[0]!.id, 'Lektion', 'text', doc(paragraph('Parkeringspladsen ligger bag huset.')));
    expect(await search(third.id, 'parkeringspladsen')).toHaveLength(1);
    await t.db.deleteFrom('courses').where('id', '=', third.id).execute();
    const left = await t.db.selectFrom('lesson_passages').select('id').where('course_id', '=', third.id).execute();
    expect(left).toEqual([]);
    await expectIndexMatchesRows();
  });

  it('treats any question as words: hostile input never throws', async () => {
    const hostile = [
      '"',
      '""',
      "'",
      '*',
      'NEAR(konflikt feedback)',
      'konflikt OR feedback',
      'konflikt AND NOT feedback',
      'NOT',
      'course : "x"',
      '{title body} : x',
      'title:konflikt',
      '^konflikt',
      '-konflikt',
      '(',
      ')',
      'æ & ø | !å',
      ':*',
      'konflikt:*',
      "'; drop table lessons; --",
      'konflikt" OR "feedback',
      '\u0000',
      'konflikt\u0000feedback',
      '🙂 konflikt 🙂',
      'a'.repeat(10_000),
      `${'konflikt '.repeat(5000)}`,
      '<-> & | ! ( ) : *',
      '\\',
      'NEAR/3',
      '+-~<>',
      'Konflikt; DELETE FROM lesson_passages',
      '1e308',
      '½ ² ³',
      'ﬁ',
      'İstanbul',
      '\u200bkonflikt',
    ];
    for (const question of hostile) {
      const found = await search(course.id, question);
      expect(Array.isArray(found), question.slice(0, 40)).toBe(true);
    }
    expect(lessonIds(await search(course.id, 'konflikt" OR "feedback'))).toContain(conflicts.id);
    expect(lessonIds(await search(course.id, 'NEAR(konflikt feedback)'))).toContain(conflicts.id);
    // Limits are clamped.
    for (const limit of [0, -3, 1.5, 1000, Number.NaN])
      expect((await search(course.id, 'feedback konflikt møde', limit)).length).toBeLessThanOrEqual(20);
  });

  it('indexes a course once when many questions arrive together', async () => {
    let fresh = await createCourse(t, a.instructor, { title: 'Samtidige spørgsmål' });
    fresh = await addModule(t, a.instructor, fresh, 'Modul');
    for (let i = 0; i < 6; i++) {
      ({ course: fresh } = await lesson(
        a.instructor,
        fresh,
        fresh.modules[0]!.id,
        `Lektion ${i}`,
        'text',
        doc(paragraph(`Emne nummer ${i}: budgetopfølgning og likviditet i afdeling ${i}.`)),
      ));
    }
    const answers = await Promise.all(Array.from({ length: 8 }, () => search(fresh.id, 'budgetopfølgning likviditet', 20)));
    for (const found of answers) expect(found).toHaveLength(6);
    const rows = await t.db.selectFrom('lesson_passages').select(['lesson_id', 'position']).where('course_id', '=', fresh.id).execute();
    expect(rows).toHaveLength(6);
    await expectIndexMatchesRows();

    // Lessons edited, then questions while the builder reorders them all and saves one: nothing
    // fails, and the index ends up whole.
    const lessons = fresh.modules[0]!.lessons;
    for (const l of lessons.slice(0, 4)) {
      const current = await ok<TLesson>(call(t, a.instructor, 'GET', `/api/lessons/${l.id}`));
      await ok(
        call(t, a.instructor, 'PATCH', `/api/lessons/${l.id}`, {
          version: current.version,
          content: doc(paragraph(`Ny tekst om budgetopfølgning ${l.id}.`)),
        }),
      );
    }
    const last = await ok<TLesson>(call(t, a.instructor, 'GET', `/api/lessons/${lessons[5]!.id}`));
    const [reordered, saved, ...found] = await Promise.all([
      call(t, a.instructor, 'PUT', `/api/courses/${fresh.id}/outline`, {
        version: fresh.version,
        modules: [{ id: fresh.modules[0]!.id, lessonIds: lessons.map((l) => l.id).reverse() }],
      }),
      call(t, a.instructor, 'PATCH', `/api/lessons/${last.id}`, {
        version: last.version,
        content: doc(paragraph('Likviditet og budgetopfølgning, sidste udgave.')),
      }),
      ...Array.from({ length: 4 }, () => search(fresh.id, 'budgetopfølgning likviditet', 20)),
    ]);
    expect(reordered!.statusCode, reordered!.body).toBe(200);
    expect(saved!.statusCode, saved!.body).toBe(200);
    for (const answer of found) expect(Array.isArray(answer)).toBe(true);
    expect(await search(fresh.id, 'budgetopfølgning', 20)).toHaveLength(6);
    expect(lessonIds(await search(fresh.id, 'udgave'))).toEqual([last.id]);
    await expectIndexMatchesRows();
  });
});

describe('searchCourse beside writes in progress (PostgreSQL: SQLite writes one transaction at a time)', () => {
  const waited = () => new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 3000));

  async function coffeeCourse() {
    let fresh = await createCourse(t, a.instructor, { title: 'Kaffe' });
    fresh = await addModule(t, a.instructor, fresh, 'Modul');
    const { lesson: coffee } = await lesson(
      a.instructor,
      fresh,
      fresh.modules[0]!.id,
      'Kaffe',
      'text',
      doc(paragraph('Espresso brygges under tryk.')),
    );
    expect(lessonIds(await search(fresh.id, 'espresso'))).toEqual([coffee.id]);
    // Saved again: stale until the next question.
    const latte = await ok<TLesson>(
      call(t, a.instructor, 'PATCH', `/api/lessons/${coffee.id}`, {
        version: coffee.version,
        content: doc(paragraph('Latte er espresso med mælk.')),
      }),
    );
    return { fresh, latte };
  }

  it('never waits for a save in progress: the lesson is left for the next question, which finds the saved text', async () => {
    if (kind !== 'postgres') return;
    const { fresh, latte } = await coffeeCourse();
    let pending: Promise<CoursePassage[]> | undefined;
    await t.db.transaction().execute(async (trx) => {
      // A save of the lesson, not yet committed: it holds the lesson's row.
      await trx
        .updateTable('lessons')
        .set({ content: JSON.stringify(doc(paragraph('Cappuccino har skum.'))), version: latte.version + 1 })
        .where('id', '=', latte.id)
        .execute();
      pending = search(fresh.id, 'latte espresso');
      expect(await Promise.race([pending, waited()])).toEqual([]);
    });
    await pending;
    expect(lessonIds(await search(fresh.id, 'cappuccino'))).toEqual([latte.id]);
    expect(await search(fresh.id, 'latte')).toEqual([]);
  });

  it('never fails on a lesson being deleted', async () => {
    if (kind !== 'postgres') return;
    const { fresh, latte } = await coffeeCourse();
    let pending: Promise<CoursePassage[]> | undefined;
    await t.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('lessons').where('id', '=', latte.id).execute();
      pending = search(fresh.id, 'latte');
      expect(await Promise.race([pending, waited()])).toEqual([]);
    });
    await pending;
    expect(await search(fresh.id, 'latte espresso')).toEqual([]);
    expect(await passageRows(latte.id)).toEqual([]);
  });
});

/** SQLite: the contentless FTS5 table holds exactly the passages' rows. */
async function expectIndexMatchesRows(): Promise<void> {
  if (kind !== 'sqlite') return;
  const { sql } = await import('kysely');
  const fts = await sql<{ n: number }>`select count(*) as n from lesson_passages_fts`.execute(t.db);
  const rows = await t.db
    .selectFrom('lesson_passages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  expect(Number(fts.rows[0]!.n)).toBe(Number(rows.n));
}
