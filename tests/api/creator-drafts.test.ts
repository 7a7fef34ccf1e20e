import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { danishConcepts } from '../helpers/ai.ts';
import { call, company, doc, paragraph, type Company, type Person } from '../helpers/courses.ts';

// The creator wizard's saved drafts, choosing a concept (a real course), adding features.

let t: TestApp;
let a: Company;
let b: Company;
beforeAll(async () => {
  t = await createTestApp();
  a = await company(t);
  b = await company(t);
});
afterAll(async () => t.close());

const base = '/api/course-creator/drafts';
async function newDraft(who: Person, body: Record<string, unknown> = {}) {
  const res = await call(t, who, 'POST', base, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
/** An item as the content generator keeps it (generate-content's answer without `structured`). */
const contentItem = (n: number, text = `Afsnit ${n} om sikre løft.`) => ({
  type: 'lesson',
  title: `Sikre løft ${n}`,
  content: `Sikre løft ${n}\n\n${text}`,
  document: doc(paragraph(text)),
  metadata: { duration: 30, difficulty: 'intermediate', generated_at: new Date(Date.UTC(2026, 10, 28, 9, 0, n)).toISOString() },
  language: 'da',
  source: { provider: 'openai-compatible', model: 'test-model' },
});
const courseCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('courses')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('drafts', () => {
  it('create: an empty body starts a wizard with its defaults; the fields given are stored', async () => {
    const empty = await newDraft(a.instructor);
    expect(empty).toMatchObject({
      owner: { id: a.instructor.id },
      course_id: null,
      language: 'en',
      step: 0,
      mode: null,
      course_context: {
        industry: '',
        target_audience: '',
        title: '',
        description: '',
        learning_objectives: [],
        complexity_level: 'beginner',
        duration: '',
        format: 'video',
      },
      teacher_profile: null,
      answers: {},
      features: [],
      template: null,
      version: 1,
    });
    const full = await newDraft(a.instructor, {
      language: 'da',
      step: 1,
      mode: 'ai',
      course_context: { industry: 'Logistik', target_audience: 'Nye lagermedarbejdere', complexity_level: 'advanced' },
      answers: { subject: 'Sikkerhed' },
      features: ['due-dates', 'module-quizzes', 'due-dates'],
    });
    expect(full).toMatchObject({
      language: 'da',
      step: 1,
      mode: 'ai',
      answers: { subject: 'Sikkerhed' },
      features: ['module-quizzes', 'due-dates'],
    });
    expect(full.course_context).toMatchObject({ industry: 'Logistik', complexity_level: 'advanced', format: 'video' });
    expect((await call(t, a.instructor, 'GET', `${base}/${full.id}`)).json()).toEqual(full);
  });

  it('list: an instructor’s own drafts newest first; an admin’s company’s; never another company’s', async () => {
    const first = await newDraft(a.otherInstructor, { course_context: { title: 'Først' } });
    const second = await newDraft(a.otherInstructor, { course_context: { title: 'Dernæst' } });
    const mine = (await call(t, a.otherInstructor, 'GET', base)).json().drafts;
    expect(mine.map((d: { id: string }) => d.id)).toEqual([second.id, first.id]);
    // Saving the older one brings it to the top.
    await call(t, a.otherInstructor, 'PATCH', `${base}/${first.id}`, { version: 1, step: 2 });
    expect((await call(t, a.otherInstructor, 'GET', base)).json().drafts[0].id).toBe(first.id);
    const company = (await call(t, a.admin, 'GET', base)).json().drafts.map((d: { owner: { id: string } }) => d.owner.id);
    expect(new Set(company)).toEqual(new Set([a.instructor.id, a.otherInstructor.id]));
    expect((await call(t, b.admin, 'GET', base)).json().drafts).toEqual([]);
  });

  it('PATCH: saves the fields given at the draft’s version, merging the course context; a stale version is 409 and changes nothing', async () => {
    const draft = await newDraft(a.instructor, { course_context: { industry: 'Logistik', title: 'Lager' } });
    const saved = await call(t, a.instructor, 'PATCH', `${base}/${draft.id}`, {
      version: 1,
      step: 2,
      course_context: { title: 'Sikkert lager', format: 'blended' },
      teacher_profile: { subject: 'Sikkerhed' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      version: 2,
      step: 2,
      teacher_profile: { subject: 'Sikkerhed' },
      course_context: { industry: 'Logistik', title: 'Sikkert lager', format: 'blended' },
    });
    const stale = await call(t, a.instructor, 'PATCH', `${base}/${draft.id}`, { version: 1, step: 5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    expect((await call(t, a.instructor, 'GET', `${base}/${draft.id}`)).json()).toEqual(saved.json());
    const cleared = await call(t, a.instructor, 'PATCH', `${base}/${draft.id}`, { version: 2, teacher_profile: null, mode: 'manual' });
    expect(cleared.json()).toMatchObject({ teacher_profile: null, mode: 'manual', version: 3 });
  });

  it('bad input is 400 and stores nothing', async () => {
    const before = (await call(t, a.admin, 'GET', base)).json().drafts.length;
    for (const body of [
      { step: 9 },
      { mode: 'auto' },
      { features: ['teleport'] },
      { course_context: { industry: 'x'.repeat(201) } },
      { language: 'de' },
      { extra: 1 },
    ]) {
      expect((await call(t, a.instructor, 'POST', base, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const draft = await newDraft(a.instructor);
    expect((await call(t, a.instructor, 'PATCH', `${base}/${draft.id}`, { step: 1 })).statusCode).toBe(400);
    expect((await call(t, a.admin, 'GET', base)).json().drafts.length).toBe(before + 1);
  });

  it('keeps the generated concepts and the chosen one: they round-trip, are validated (400 stores nothing), and null clears them', async () => {
    const generated = { ...danishConcepts(), language: 'da', source: { provider: 'openai-compatible', model: 'test-model' } };
    const draft = await newDraft(a.instructor, { step: 1, concepts: { ...generated, chosen: null } });
    expect(draft.concepts).toEqual({ ...generated, chosen: null });
    const chose = await call(t, a.instructor, 'PATCH', `${base}/${draft.id}`, { version: 1, concepts: { ...generated, chosen: 2 } });
    expect(chose.statusCode, chose.body).toBe(200);
    const read = (await call(t, a.instructor, 'GET', `${base}/${draft.id}`)).json();
    expect(read.concepts).toEqual({ ...generated, chosen: 2 });
    expect((await call(t, a.instructor, 'GET', base)).json().drafts.find((d: { id: string }) => d.id === draft.id).concepts.chosen).toBe(2);

    const [first] = generated.concepts;
    for (const concepts of [
      { ...generated, chosen: 3 },
      { ...generated, chosen: -1 },
      { ...generated, chosen: null, concepts: [] },
      { ...generated, chosen: null, concepts: [...generated.concepts, first] },
      { ...generated, chosen: null, concepts: [{ ...first, title: '' }] },
      { ...generated, chosen: null, concepts: [{ ...first, complexity_level: 'expert' }] },
      { ...generated, chosen: null, concepts: [{ ...first, description: 'x'.repeat(4001) }] },
      { ...generated, chosen: null, concepts: [{ ...first, extra: 1 }] },
      { ...generated, chosen: null, source: { provider: 'nobody', model: 'x' } },
      { concepts: generated.concepts, chosen: 0 },
    ]) {
      const res = await call(t, a.instructor, 'PATCH', `${base}/${draft.id}`, { version: 2, concepts });
      expect(res.statusCode, JSON.stringify(concepts).slice(0, 200)).toBe(400);
    }
    const outOfRange = (
      await call(t, a.instructor, 'PATCH', `${base}/${draft.id}`, { version: 2, concepts: { ...generated, chosen: 3 } })
    ).json();
    expect(outOfRange.code).toBe('VALIDATION');
    expect(JSON.stringify(outOfRange)).toContain('concept');
    expect((await call(t, a.instructor, 'GET', `${base}/${draft.id}`)).json()).toMatchObject({ version: 2, concepts: { chosen: 2 } });

    // Another company's draft, or a colleague's, is not there for them to read or write.
    for (const who of [b.admin, a.otherInstructor]) {
      expect((await call(t, who, 'GET', `${base}/${draft.id}`)).statusCode).toBe(404);
      expect((await call(t, who, 'PATCH', `${base}/${draft.id}`, { version: 2, concepts: null })).statusCode).toBe(404);
    }
    const cleared = await call(t, a.instructor, 'PATCH', `${base}/${draft.id}`, { version: 2, concepts: null });
    expect(cleared.json().concepts).toBeNull();
  });

  it('keeps the content generator’s history, newest first: it round-trips, [] empties it, and the list leaves it out', async () => {
    const history = [
      contentItem(3),
      { ...contentItem(2), type: 'video-script', source: { provider: 'anthropic', model: 'claude-sonnet' } },
      contentItem(1),
    ];
    const draft = await newDraft(a.instructor, { step: 2, content_history: history.slice(1) });
    expect(draft.content_history).toEqual(history.slice(1));
    const saved = await call(t, a.instructor, 'PATCH', `${base}/${draft.id}`, { version: 1, content_history: history });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ version: 2, content_history: history });
    // A PATCH without it leaves it as it is.
    await call(t, a.instructor, 'PATCH', `${base}/${draft.id}`, { version: 2, step: 3 });
    const read = (await call(t, a.instructor, 'GET', `${base}/${draft.id}`)).json();
    expect(read).toMatchObject({ version: 3, step: 3 });
    expect(read.content_history).toEqual(history);
    expect((await call(t, a.admin, 'GET', `${base}/${draft.id}`)).json().content_history).toEqual(history);
    // The list is for choosing a draft: it leaves the (possibly large) history out.
    const listed = (await call(t, a.instructor, 'GET', base)).json().drafts.find((d: { id: string }) => d.id === draft.id);
    expect(listed).toMatchObject({ id: draft.id, version: 3 });
    expect(listed).not.toHaveProperty('content_history');
    const emptied = await call(t, a.instructor, 'PATCH', `${base}/${draft.id}`, { version: 3, content_history: [] });
    expect(emptied.json()).toMatchObject({ version: 4, content_history: [] });
    expect(
      (await t.db.selectFrom('creator_drafts').select('content_history').where('id', '=', draft.id).executeTakeFirstOrThrow())
        .content_history,
    ).toBeNull();
  });

  it('bounds the content history: more than 20 items, more than 512 KiB, or an item out of shape is 400 and changes nothing', async () => {
    const kept = [contentItem(1)];
    const draft = await newDraft(a.instructor, { content_history: kept });
    const twenty = Array.from({ length: 20 }, (_, n) => contentItem(40 - n));
    const ok = await call(t, a.instructor, 'PATCH', `${base}/${draft.id}`, { version: 1, content_history: twenty });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().content_history).toHaveLength(20);
    const current = ok.json();
    // About 115 KB each (57,000 characters in `content` and again in the document's three paragraphs): four fit the budget, five do not.
    const large = (n: number) => {
      const part = `${n}`.repeat(19_000);
      return { ...contentItem(n, part.repeat(3)), document: doc(paragraph(part), paragraph(part), paragraph(part)) };
    };
    expect(
      (await call(t, a.instructor, 'PATCH', `${base}/${draft.id}`, { version: 2, content_history: [1, 2, 3, 4].map(large) })).statusCode,
    ).toBe(200);
    const first = contentItem(1);
    for (const content_history of [
      [...twenty, contentItem(50)],
      [1, 2, 3, 4, 5].map(large),
      [{ ...first, content: 'x'.repeat(100_001) }],
      [{ ...first, title: '' }],
      [{ ...first, title: 'x'.repeat(201) }],
      [{ ...first, type: 'podcast' }],
      [{ ...first, structured: { sections: [] } }],
      [{ ...first, document: { type: 'doc', content: [{ type: 'script', text: 'alert(1)' }] } }],
      [{ ...first, document: '<p>html</p>' }],
      [{ ...first, metadata: { ...first.metadata, generated_at: 'yesterday' } }],
      [{ ...first, metadata: { ...first.metadata, duration: 999 } }],
      [{ ...first, source: { provider: 'nobody', model: 'x' } }],
      [{ ...first, source: { provider: 'openai', model: 'm'.repeat(201) } }],
      [{ ...first, language: 'de' }],
      [{ ...first, content: 'Nul\u0000tegn' }],
      contentItem(1),
    ]) {
      const res = await call(t, a.instructor, 'PATCH', `${base}/${draft.id}`, { version: 3, content_history });
      expect(res.statusCode, JSON.stringify(content_history).slice(0, 200)).toBe(400);
    }
    const tooMany = (
      await call(t, a.instructor, 'PATCH', `${base}/${draft.id}`, { version: 3, content_history: [...twenty, contentItem(50)] })
    ).json();
    expect(tooMany).toMatchObject({
      code: 'VALIDATION',
      errors: { content_history: 'The history of generated content is too large for the draft.' },
    });
    const after = (await call(t, a.instructor, 'GET', `${base}/${draft.id}`)).json();
    expect(after.version).toBe(3);
    expect(after.content_history.map((item: { title: string }) => item.title)).toEqual([1, 2, 3, 4].map((n) => `Sikre løft ${n}`));
    expect(current.version).toBe(2);

    // Another company’s draft, or a colleague’s, is not there for them to write.
    for (const who of [b.admin, b.instructor, a.otherInstructor]) {
      expect((await call(t, who, 'PATCH', `${base}/${draft.id}`, { version: 3, content_history: [] })).statusCode).toBe(404);
      expect((await call(t, who, 'GET', `${base}/${draft.id}`)).statusCode).toBe(404);
    }
    expect((await call(t, a.instructor, 'GET', `${base}/${draft.id}`)).json().content_history).toHaveLength(4);
  });

  it('keeps the teacher profile’s AI source with it (a PATCH or add-feature), bounded like the concepts’ source', async () => {
    const source = { provider: 'anthropic', model: 'claude-sonnet-4' };
    const profile = { subject: 'Sikkerhed', audience: 'Nye', source };
    const draft = await newDraft(a.instructor, { teacher_profile: profile });
    expect(draft.teacher_profile).toEqual(profile);
    expect((await call(t, a.instructor, 'GET', `${base}/${draft.id}`)).json().teacher_profile.source).toEqual(source);
    const other = { provider: 'openai', model: 'gpt-5-mini' };
    const added = await call(t, a.instructor, 'POST', '/api/integrations/add-feature', {
      feature: 'due-dates',
      draft_id: draft.id,
      teacher_profile: { ...profile, source: other },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().draft.teacher_profile.source).toEqual(other);
    const version = added.json().draft.version;
    const concepts = { ...danishConcepts(), language: 'da', chosen: null };
    for (const body of [
      { teacher_profile: { ...profile, source: { provider: 'openai', model: 'm'.repeat(201) } } },
      { teacher_profile: { ...profile, source: { provider: 'nobody', model: 'x' } } },
      { teacher_profile: { ...profile, source: { ...source, extra: 1 } } },
      { teacher_profile: { ...profile, source: { provider: 'openai', model: '' } } },
      { concepts: { ...concepts, source: { provider: 'openai', model: 'm'.repeat(201) } } },
    ]) {
      expect(
        (await call(t, a.instructor, 'PATCH', `${base}/${draft.id}`, { version, ...body })).statusCode,
        JSON.stringify(body).slice(0, 200),
      ).toBe(400);
    }
    expect((await call(t, a.instructor, 'GET', `${base}/${draft.id}`)).json()).toMatchObject({
      version,
      teacher_profile: { source: other },
      concepts: null,
    });
    // A profile saved without one (before sources were kept) reads as it was.
    const plain = await call(t, a.instructor, 'PATCH', `${base}/${draft.id}`, { version, teacher_profile: { subject: 'Sikkerhed' } });
    expect(plain.json().teacher_profile).toEqual({ subject: 'Sikkerhed' });
    for (const who of [b.admin, a.otherInstructor])
      expect((await call(t, who, 'PATCH', `${base}/${draft.id}`, { version: version + 1, teacher_profile: profile })).statusCode).toBe(404);
  });

  it('DELETE at ?version: stale is 409; then the draft is gone', async () => {
    const draft = await newDraft(a.instructor);
    await call(t, a.instructor, 'PATCH', `${base}/${draft.id}`, { version: 1, step: 1 });
    expect((await call(t, a.instructor, 'DELETE', `${base}/${draft.id}?version=1`)).statusCode).toBe(409);
    expect((await call(t, a.instructor, 'DELETE', `${base}/${draft.id}`)).statusCode).toBe(400);
    const gone = await call(t, a.instructor, 'DELETE', `${base}/${draft.id}?version=2`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await call(t, a.instructor, 'GET', `${base}/${draft.id}`)).statusCode).toBe(404);
  });

  it('rights: another company’s or a colleague’s draft is 404 (an admin of the company sees it); a learner is 403 on the list, 404 on an id; logged out 401', async () => {
    const draft = await newDraft(a.instructor);
    const url = `${base}/${draft.id}`;
    for (const who of [b.admin, b.instructor, a.otherInstructor, a.learner]) {
      expect((await call(t, who, 'GET', url)).statusCode).toBe(404);
      expect((await call(t, who, 'PATCH', url, { version: 1, step: 1 })).statusCode).toBe(404);
      expect((await call(t, who, 'DELETE', `${url}?version=1`)).statusCode).toBe(404);
      expect((await call(t, who, 'POST', `${url}/choose-concept`, { version: 1, concept: { title: 'X' } })).statusCode).toBe(404);
      expect((await call(t, who, 'POST', '/api/integrations/add-feature', { feature: 'due-dates', draft_id: draft.id })).statusCode).toBe(
        404,
      );
    }
    expect((await call(t, a.admin, 'GET', url)).statusCode).toBe(200);
    expect((await call(t, a.learner, 'GET', base)).statusCode).toBe(403);
    expect((await call(t, a.learner, 'POST', base, {})).statusCode).toBe(403);
    expect((await call(t, null, 'GET', base)).statusCode).toBe(401);
    expect((await call(t, a.instructor, 'GET', url)).json().version).toBe(1);
  });
});

describe('choose-concept', () => {
  const concept = {
    ...danishConcepts().concepts[1],
    learning_objectives: ['Køre sikkert', 'Læsse korrekt', 'Melde fejl'],
    complexity_level: 'intermediate',
  };

  it('makes the concept a real draft course the builder edits, linked to the draft', async () => {
    const draft = await newDraft(a.instructor, {
      language: 'da',
      course_context: { industry: 'Logistik', target_audience: 'Truckførere' },
    });
    const res = await call(t, a.instructor, 'POST', `${base}/${draft.id}/choose-concept`, { version: 1, concept });
    expect(res.statusCode, res.body).toBe(200);
    const { draft: linked, course_id } = res.json();
    expect(linked).toMatchObject({
      course_id,
      version: 2,
      course_context: {
        title: concept.title,
        description: concept.description,
        complexity_level: 'intermediate',
        format: 'blended',
        industry: 'Logistik',
      },
    });
    const course = (await call(t, a.instructor, 'GET', `/api/courses/${course_id}`)).json();
    expect(course).toMatchObject({
      title: concept.title,
      description: concept.description,
      learningObjectives: concept.learning_objectives,
      level: 'intermediate',
      language: 'da',
      status: 'draft',
      targetAudience: 'Truckførere',
      durationMinutes: 180,
      owner: { id: a.instructor.id },
      modules: [],
    });
    // The manual builder edits it like any other course.
    expect(
      (await call(t, a.instructor, 'PATCH', `/api/courses/${course_id}`, { version: course.version, subtitle: 'Fra teori til lager' }))
        .statusCode,
    ).toBe(200);

    const again = await call(t, a.instructor, 'POST', `${base}/${draft.id}/choose-concept`, { version: 2, concept });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CREATOR_COURSE_EXISTS');
  });

  it('two tabs choosing at once: one course, one 409; deleting the draft keeps its course', async () => {
    const draft = await newDraft(a.instructor);
    const before = await courseCount();
    const [one, two] = await Promise.all([
      call(t, a.instructor, 'POST', `${base}/${draft.id}/choose-concept`, { version: 1, concept: { title: 'Fane et' } }),
      call(t, a.instructor, 'POST', `${base}/${draft.id}/choose-concept`, { version: 1, concept: { title: 'Fane to' } }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    expect(await courseCount()).toBe(before + 1);
    const won = (one.statusCode === 200 ? one : two).json();
    expect((await call(t, a.instructor, 'DELETE', `${base}/${draft.id}?version=${won.draft.version}`)).statusCode).toBe(200);
    expect((await call(t, a.instructor, 'GET', `/api/courses/${won.course_id}`)).statusCode).toBe(200);
  });

  it('a stale version is 409 and makes no course; a concept without a title is 400', async () => {
    const draft = await newDraft(a.instructor);
    await call(t, a.instructor, 'PATCH', `${base}/${draft.id}`, { version: 1, step: 1 });
    const before = await courseCount();
    expect((await call(t, a.instructor, 'POST', `${base}/${draft.id}/choose-concept`, { version: 1, concept })).statusCode).toBe(409);
    expect(
      (await call(t, a.instructor, 'POST', `${base}/${draft.id}/choose-concept`, { version: 2, concept: { ...concept, title: '  ' } }))
        .statusCode,
    ).toBe(400);
    expect(await courseCount()).toBe(before);
    expect((await call(t, a.instructor, 'GET', `${base}/${draft.id}`)).json()).toMatchObject({ course_id: null, version: 2 });
  });
});

describe('add-feature', () => {
  const add = (who: Person, body: Record<string, unknown>) => call(t, who, 'POST', '/api/integrations/add-feature', body);

  it('switches the feature on in the draft, once; says whether the course model does it already or the generator will', async () => {
    const draft = await newDraft(a.instructor, { features: ['due-dates'] });
    const quiz = await add(a.instructor, {
      feature: 'module-quizzes',
      draft_id: draft.id,
      teacher_profile: { subject: 'Sikkerhed', audience: 'Nye' },
    });
    expect(quiz.statusCode, quiz.body).toBe(200);
    expect(quiz.json()).toMatchObject({
      feature: 'module-quizzes',
      added: true,
      effect: 'on-generation',
      draft: { features: ['module-quizzes', 'due-dates'], version: 2, teacher_profile: { subject: 'Sikkerhed' } },
    });
    const again = await add(a.instructor, { feature: 'module-quizzes', draft_id: draft.id });
    expect(again.json()).toMatchObject({ added: false, draft: { features: ['module-quizzes', 'due-dates'], version: 2 } });
    const certificate = await add(a.admin, { feature: 'completion-certificate', draft_id: draft.id });
    expect(certificate.json()).toMatchObject({
      added: true,
      effect: 'available-now',
      draft: { features: ['module-quizzes', 'completion-certificate', 'due-dates'], version: 3 },
    });
  });

  it('two features added at once are both kept', async () => {
    const draft = await newDraft(a.instructor);
    const results = await Promise.all(
      ['video-scripts', 'downloadable-workbook', 'second-language'].map((feature) => add(a.instructor, { feature, draft_id: draft.id })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await call(t, a.instructor, 'GET', `${base}/${draft.id}`)).json()).toMatchObject({
      features: ['downloadable-workbook', 'video-scripts', 'second-language'],
      version: 4,
    });
  });

  it('an unknown feature or a missing draft id is 400 and changes nothing; an unknown draft is 404', async () => {
    const draft = await newDraft(a.instructor);
    const unknown = await add(a.instructor, { feature: 'teleport', draft_id: draft.id });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ feature: 'Unknown feature.' });
    expect((await add(a.instructor, { feature: 'due-dates' })).statusCode).toBe(400);
    expect((await add(a.instructor, { feature: 'due-dates', draft_id: 'nope' })).statusCode).toBe(404);
    expect((await call(t, a.instructor, 'GET', `${base}/${draft.id}`)).json()).toMatchObject({ features: [], version: 1 });
  });
});
