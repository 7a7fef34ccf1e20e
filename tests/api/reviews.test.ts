import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addPerson, call, company, type Company } from '../helpers/courses.ts';
import { enrol, lessonIds, progress } from '../helpers/dashboard.ts';
import { insertCourse } from '../helpers/published-courses.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const outline = [{ title: 'Modul', lessons: [{ title: 'Første' }, { title: 'Anden' }] }];
const review = (who: Parameters<typeof call>[1], courseId: string, body: unknown) =>
  call(t, who, 'PUT', `/api/courses/${courseId}/review`, body);
const reviewRows = (courseId: string) => t.db.selectFrom('reviews').selectAll().where('course_id', '=', courseId).execute();
const activityRows = (courseId: string) => t.db.selectFrom('activity').selectAll().where('course_id', '=', courseId).execute();

describe('PUT /api/courses/:id/review', () => {
  let c: Company;
  let course: { id: string; slug: string };
  beforeAll(async () => {
    c = await company(t);
    course = await insertCourse(t.db, c.admin.organisationId, c.instructor.id, {}, outline);
  });

  it('lets a learner who has started the course rate it once, and edit it by PUT again; the first review is an activity', async () => {
    await enrol(t, course.id, c.learner.id, { lastActivityAt: new Date().toISOString() });
    const first = await review(c.learner, course.id, { rating: 4, comment: '  Godt kursus  ' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ courseId: course.id, rating: 4, comment: 'Godt kursus' });

    const edited = await review(c.learner, course.id, { rating: 5 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: first.json().id, rating: 5, comment: '', createdAt: first.json().createdAt });
    const rows = await reviewRows(course.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: c.learner.id, rating: 5, comment: '' });
    const acts = await activityRows(course.id);
    expect(acts).toHaveLength(1);
    expect(acts[0]).toMatchObject({ kind: 'review', user_id: c.learner.id, organisation_id: c.admin.organisationId });
  });

  it('counts any lesson progress as started, even before the enrolment records activity', async () => {
    const learner = await addPerson(t, c.admin.organisationId, 'learner');
    const enrolmentId = await enrol(t, course.id, learner.id);
    expect((await review(learner, course.id, { rating: 3 })).statusCode).toBe(403);
    await progress(t, enrolmentId, (await lessonIds(t, course.id))[0]!);
    expect((await review(learner, course.id, { rating: 3 })).statusCode).toBe(200);
  });

  it('refuses a learner who has not started it (enrolled or not), and changes nothing', async () => {
    const enrolled = await addPerson(t, c.admin.organisationId, 'learner');
    await enrol(t, course.id, enrolled.id);
    const stranger = await addPerson(t, c.admin.organisationId, 'learner');
    for (const who of [enrolled, stranger]) {
      const res = await review(who, course.id, { rating: 5 });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'REVIEW_NOT_STARTED' });
      expect(res.json().message).toBe('You can review the course once you have started it.');
    }
    expect((await reviewRows(course.id)).some((r) => r.user_id === enrolled.id || r.user_id === stranger.id)).toBe(false);
  });

  it.each([
    ['zero', { rating: 0 }],
    ['six', { rating: 6 }],
    ['a fraction', { rating: 3.5 }],
    ['a string', { rating: '4' }],
    ['missing', { comment: 'Fint' }],
    ['a comment over 2000 characters', { rating: 4, comment: 'x'.repeat(2001) }],
    ['control characters', { rating: 4, comment: 'a\u0000b' }],
    ['unknown fields', { rating: 4, extra: 1 }],
  ])('refuses a rating or comment that is %s (400), leaving the review as it was', async (_name, body) => {
    const learner = await addPerson(t, c.admin.organisationId, 'learner');
    await enrol(t, course.id, learner.id, { lastActivityAt: new Date().toISOString() });
    expect((await review(learner, course.id, { rating: 2, comment: 'Før' })).statusCode).toBe(200);
    const res = await review(learner, course.id, body);
    expect(res.statusCode).toBe(400);
    const row = (await reviewRows(course.id)).find((r) => r.user_id === learner.id);
    expect(row).toMatchObject({ rating: 2, comment: 'Før' });
  });

  it('accepts a comment of exactly 2000 characters, and ratings 1 and 5', async () => {
    const learner = await addPerson(t, c.admin.organisationId, 'learner');
    await enrol(t, course.id, learner.id, { lastActivityAt: new Date().toISOString() });
    expect((await review(learner, course.id, { rating: 1, comment: 'y'.repeat(2000) })).statusCode).toBe(200);
    expect((await review(learner, course.id, { rating: 5 })).statusCode).toBe(200);
  });

  it("answers 404 for an unknown course and for another company's private or unpublished course; 401 without a session", async () => {
    const other = await company(t);
    const hidden = await insertCourse(t.db, other.admin.organisationId, other.instructor.id, { visibility: 'private' });
    const draft = await insertCourse(t.db, other.admin.organisationId, other.instructor.id, { status: 'draft' });
    expect((await review(c.learner, 'no-such-course', { rating: 4 })).statusCode).toBe(404);
    expect((await review(c.learner, hidden.id, { rating: 4 })).statusCode).toBe(404);
    expect((await review(c.learner, draft.id, { rating: 4 })).statusCode).toBe(404);
    expect((await review(null, course.id, { rating: 4 })).statusCode).toBe(401);
    expect(await reviewRows(hidden.id)).toHaveLength(0);
  });

  it("lets a learner review another company's public course they have started (its activity goes to that company)", async () => {
    const other = await company(t);
    const foreign = await insertCourse(t.db, other.admin.organisationId, other.instructor.id);
    await enrol(t, foreign.id, c.learner.id, { lastActivityAt: new Date().toISOString() });
    expect((await review(c.learner, foreign.id, { rating: 5 })).statusCode).toBe(200);
    expect(await activityRows(foreign.id)).toMatchObject([{ organisation_id: other.admin.organisationId, kind: 'review' }]);
  });

  it('keeps one review when the same learner sends two first reviews at once', async () => {
    const learner = await addPerson(t, c.admin.organisationId, 'learner');
    await enrol(t, course.id, learner.id, { lastActivityAt: new Date().toISOString() });
    const answers = await Promise.all([review(learner, course.id, { rating: 2 }), review(learner, course.id, { rating: 4 })]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await reviewRows(course.id)).filter((r) => r.user_id === learner.id)).toHaveLength(1);
    expect((await activityRows(course.id)).filter((r) => r.user_id === learner.id)).toHaveLength(1);
  });
});

describe('GET /api/courses/:id/review', () => {
  let c: Company;
  let course: { id: string; slug: string };
  const mine = (who: Parameters<typeof call>[1], courseId: string) => call(t, who, 'GET', `/api/courses/${courseId}/review`);
  beforeAll(async () => {
    c = await company(t);
    course = await insertCourse(t.db, c.admin.organisationId, c.instructor.id, {}, outline);
  });

  it('says a visitor of a course they have not started may not review it yet, and has no review', async () => {
    const res = await mine(c.learner, course.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ review: null, canReview: false });
    const enrolled = await addPerson(t, c.admin.organisationId, 'learner');
    await enrol(t, course.id, enrolled.id);
    expect((await mine(enrolled, course.id)).json()).toEqual({ review: null, canReview: false });
  });

  it("answers the caller's own review once they have started, never another learner's", async () => {
    const [a, b] = [await addPerson(t, c.admin.organisationId, 'learner'), await addPerson(t, c.admin.organisationId, 'learner')];
    for (const who of [a, b]) await enrol(t, course.id, who.id, { lastActivityAt: new Date().toISOString() });
    expect((await mine(a, course.id)).json()).toEqual({ review: null, canReview: true });
    expect((await review(b, course.id, { rating: 2, comment: 'Ikke for mig' })).statusCode).toBe(200);
    expect((await review(a, course.id, { rating: 5, comment: 'Fremragende' })).statusCode).toBe(200);
    const res = (await mine(a, course.id)).json();
    expect(res).toMatchObject({ canReview: true, review: { courseId: course.id, rating: 5, comment: 'Fremragende' } });
    expect((await mine(b, course.id)).json()).toMatchObject({ review: { rating: 2, comment: 'Ikke for mig' } });
  });

  it("answers 404 for an unknown course and another company's private or unpublished course, 401 without a session", async () => {
    const other = await company(t);
    const hidden = await insertCourse(t.db, other.admin.organisationId, other.instructor.id, { visibility: 'private' });
    const draft = await insertCourse(t.db, other.admin.organisationId, other.instructor.id, { status: 'draft' });
    for (const id of ['no-such-course', hidden.id, draft.id]) expect((await mine(c.learner, id)).statusCode).toBe(404);
    expect((await mine(null, course.id)).statusCode).toBe(401);
  });
});

describe('ratings in the catalogue', () => {
  it('shows the average rating with one decimal and the review count on the cards and the course page; null without reviews', async () => {
    const c = await company(t);
    const rated = await insertCourse(t.db, c.admin.organisationId, c.instructor.id, { title: `Bedømt ${Date.now()}` });
    const unrated = await insertCourse(t.db, c.admin.organisationId, c.instructor.id, { title: `Ubedømt ${Date.now()}` });
    for (const rating of [5, 4, 4]) {
      const learner = await addPerson(t, c.admin.organisationId, 'learner');
      await enrol(t, rated.id, learner.id, { lastActivityAt: new Date().toISOString() });
      expect((await review(learner, rated.id, { rating })).statusCode).toBe(200);
    }
    const page = await t.app.inject({ url: `/api/catalogue/${rated.slug}` });
    expect(page.json()).toMatchObject({ averageRating: 4.3, reviewCount: 3 });
    expect((await t.app.inject({ url: `/api/catalogue/${unrated.slug}` })).json()).toMatchObject({ averageRating: null, reviewCount: 0 });

    const list = await t.app.inject({ url: `/api/catalogue?q=${encodeURIComponent(`Bedømt`)}&sort=newest` });
    const card = list.json().courses.find((x: { slug: string }) => x.slug === rated.slug);
    expect(card).toMatchObject({ averageRating: 4.3, reviewCount: 3 });
    const browse = (await t.app.inject({ url: '/api/catalogue?sort=newest' })).json().courses;
    expect(browse.find((x: { slug: string }) => x.slug === unrated.slug)).toMatchObject({ averageRating: null, reviewCount: 0 });
  });
});

describe('answering a review', () => {
  let c: Company;
  let other: Company;
  let course: { id: string; slug: string };
  beforeAll(async () => {
    c = await company(t);
    other = await company(t);
    course = await insertCourse(t.db, c.admin.organisationId, c.instructor.id, {}, outline);
  });
  const reply = (who: Parameters<typeof call>[1], reviewId: string, body?: unknown) =>
    call(t, who, body === undefined ? 'DELETE' : 'PUT', `/api/reviews/${reviewId}/reply`, body);
  const attention = async () => (await call(t, c.instructor, 'GET', `/api/instructors/${c.instructor.id}/attention`)).json();

  it("is the course's instructor's or an admin's; it leaves the attention list, the learner sees it, and it can be taken back", async () => {
    const learner = await addPerson(t, c.admin.organisationId, 'learner');
    await enrol(t, course.id, learner.id, { lastActivityAt: new Date().toISOString() });
    const written = (await review(learner, course.id, { rating: 2, comment: 'For kort om feedback.' })).json();
    let listed = await attention();
    expect(listed.totals.unanswered).toBe(1);
    expect(listed.unanswered[0]).toMatchObject({ reviewId: written.id, courseId: course.id, rating: 2 });

    // Nobody else: a learner or another company 404, a colleague's instructor 403, nothing kept.
    for (const who of [learner, other.admin, other.instructor])
      expect((await reply(who, written.id, { reply: 'Hej' })).statusCode).toBe(404);
    expect((await reply(c.otherInstructor, written.id, { reply: 'Hej' })).statusCode).toBe(403);
    expect((await reply(c.instructor, written.id, { reply: '   ' })).statusCode).toBe(400);
    expect((await reply(c.instructor, written.id, { reply: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await reviewRows(course.id))[0]).toMatchObject({ reply: null, replied_by: null });

    const answered = await reply(c.instructor, written.id, { reply: '  Tak! Vi udvider modulet om feedback.  ' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({
      id: written.id,
      reply: 'Tak! Vi udvider modulet om feedback.',
      comment: 'For kort om feedback.',
    });
    expect(answered.json().repliedBy).toBeTruthy();
    listed = await attention();
    expect(listed.totals.unanswered).toBe(0);
    // The learner reads the answer with their own review.
    const mine = (await call(t, learner, 'GET', `/api/courses/${course.id}/review`)).json();
    expect(mine.review).toMatchObject({ reply: 'Tak! Vi udvider modulet om feedback.' });
    // An admin may answer too, replacing it; taking it back puts the review on the list again.
    expect((await reply(c.admin, written.id, { reply: 'Tak for ordene.' })).json().reply).toBe('Tak for ordene.');
    expect((await reply(c.admin, written.id)).json()).toMatchObject({ reply: null, repliedAt: null });
    expect((await attention()).totals.unanswered).toBe(1);
  });

  it('lists only reviews with a comment, from the last 30 days', async () => {
    const course2 = await insertCourse(t.db, c.admin.organisationId, c.instructor.id, {}, outline);
    const quiet = await addPerson(t, c.admin.organisationId, 'learner');
    await enrol(t, course2.id, quiet.id, { lastActivityAt: new Date().toISOString() });
    const before = (await attention()).totals.unanswered;
    await review(quiet, course2.id, { rating: 5 });
    expect((await attention()).totals.unanswered).toBe(before);
    const old = await addPerson(t, c.admin.organisationId, 'learner');
    await enrol(t, course2.id, old.id, { lastActivityAt: new Date().toISOString() });
    const written = (await review(old, course2.id, { rating: 4, comment: 'Fint.' })).json();
    expect((await attention()).totals.unanswered).toBe(before + 1);
    await t.db
      .updateTable('reviews')
      .set({ created_at: new Date(Date.now() - 31 * 86_400_000).toISOString() })
      .where('id', '=', written.id)
      .execute();
    expect((await attention()).totals.unanswered).toBe(before);
  });
});
