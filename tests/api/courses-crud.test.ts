import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCourse } from '../../src/shared/schemas/courses.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addPerson, call, company, courseWithLesson, createCourse, insertUpload, type Company } from '../helpers/courses.ts';

let t: TestApp;
let a: Company;
let b: Company;
beforeAll(async () => {
  t = await createTestApp();
  a = await company(t);
  b = await company(t, { companyName: 'Anden Virksomhed ApS' });
});
afterAll(async () => t.close());

async function stored(id: string) {
  return t.db.selectFrom('courses').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('POST /api/courses', () => {
  it('creates a draft owned by the caller, with the defaults, and answers 201 with the whole course', async () => {
    const res = await call(t, a.instructor, 'POST', '/api/courses', { title: 'Salg for begyndere' });
    expect(res.statusCode).toBe(201);
    const course: TCourse = res.json();
    expect(course).toMatchObject({
      title: 'Salg for begyndere',
      slug: 'salg-for-begyndere',
      subtitle: '',
      description: '',
      category: 'business',
      level: 'beginner',
      language: 'da',
      tags: [],
      thumbnailUploadId: null,
      thumbnailUrl: null,
      pricing: 'free',
      price: 0,
      currency: 'DKK',
      visibility: 'public',
      status: 'draft',
      publishedAt: null,
      owner: { id: a.instructor.id },
      source: { kind: 'manual', model: null },
      lessonCount: 0,
      version: 1,
      learningObjectives: [],
      targetAudience: '',
      modules: [],
      siteUrl: null,
    });
    expect((await stored(course.id)).organisation_id).toBe(a.admin.organisationId);
  });

  it('takes every field given, and the language of a user who speaks English', async () => {
    const english = await addPerson(t, a.admin.organisationId, 'instructor', 'en');
    const course = await createCourse(t, english, {
      title: 'Data for leaders',
      subtitle: 'Read the numbers',
      category: 'analytics',
      level: 'advanced',
      tags: ['data', 'leadership'],
      learningObjectives: ['Read a dashboard'],
      targetAudience: 'Managers',
      durationMinutes: 90,
      pricing: 'paid',
      price: 49_900,
      currency: 'EUR',
      visibility: 'unlisted',
    });
    expect(course).toMatchObject({
      language: 'en',
      category: 'analytics',
      level: 'advanced',
      tags: ['data', 'leadership'],
      learningObjectives: ['Read a dashboard'],
      targetAudience: 'Managers',
      durationMinutes: 90,
      pricing: 'paid',
      price: 49_900,
      currency: 'EUR',
      visibility: 'unlisted',
    });
    expect(JSON.parse((await stored(course.id)).tags)).toEqual(['data', 'leadership']);
  });

  it('refuses bad input with field errors and creates nothing', async () => {
    const before = await t.db.selectFrom('courses').select('id').execute();
    for (const [payload, field] of [
      [{}, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ title: 'Ok', category: 'cooking' }, 'category'],
      [{ title: 'Ok', price: -1 }, 'price'],
      [{ title: 'Ok', currency: 'SEK' }, 'currency'],
      [{ title: 'Ok\u0000' }, 'title'],
      [{ title: 'Ok', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags'],
      [{ title: 'Ok', status: 'published' }, 'status'],
      [{ title: 'Ok', thumbnailUploadId: 'some-upload' }, 'thumbnailUploadId'],
    ] as const) {
      const res = await call(t, a.admin, 'POST', '/api/courses', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(payload)).toContain(field);
    }
    expect(await t.db.selectFrom('courses').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses learners (403) and anonymous callers (401)', async () => {
    const learner = await call(t, a.learner, 'POST', '/api/courses', { title: 'Mit kursus' });
    expect(learner.statusCode).toBe(403);
    expect(learner.json()).toEqual({ code: 'FORBIDDEN', message: 'Only instructors and admins can build courses.' });
    expect((await call(t, null, 'POST', '/api/courses', { title: 'Mit kursus' })).statusCode).toBe(401);
  });
});

describe('slugs', () => {
  it('spell out Danish letters and stay unique across companies, also when created at once', async () => {
    const first = await createCourse(t, a.admin, { title: 'Årsregnskab: Æbler & Øl!' });
    expect(first.slug).toBe('aarsregnskab-aebler-oel');
    const second = await createCourse(t, b.admin, { title: 'Årsregnskab – æbler og øl' });
    expect(second.slug).toBe('aarsregnskab-aebler-og-oel');
    const clash = await createCourse(t, b.admin, { title: 'ÅRSREGNSKAB, ÆBLER, ØL' });
    expect(clash.slug).toBe('aarsregnskab-aebler-oel-2');
    const many = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createCourse(t, i % 2 ? a.admin : b.admin, { title: 'Samme titel' })),
    );
    const slugs = many.map((c) => c.slug);
    expect(new Set(slugs).size).toBe(6);
    expect(slugs.sort()).toEqual(['samme-titel', 'samme-titel-2', 'samme-titel-3', 'samme-titel-4', 'samme-titel-5', 'samme-titel-6']);
  });

  it('follow the title until the course is first published, then stay', async () => {
    const { course } = await courseWithLesson(t, a.admin, 'text', { description: 'Om kurset' });
    let res = await call(t, a.admin, 'PATCH', `/api/courses/${course.id}`, { title: 'Kommunikation på arbejdet', version: course.version });
    expect(res.json().slug).toBe('kommunikation-paa-arbejdet');
    res = await call(t, a.admin, 'POST', `/api/courses/${course.id}/status`, {
      action: 'publish',
      version: res.json().version,
      confirmEmptyLessons: true,
    });
    expect(res.statusCode).toBe(200);
    res = await call(t, a.admin, 'PATCH', `/api/courses/${course.id}`, { title: 'Kommunikation 2.0', version: res.json().version });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Kommunikation 2.0', slug: 'kommunikation-paa-arbejdet' });
  });
});

describe('GET /api/courses', () => {
  it("lists an admin's whole company, an instructor's own, and never another company's", async () => {
    const mine = await createCourse(t, a.instructor, { title: 'Instruktørens eget' });
    const colleague = await createCourse(t, a.otherInstructor, { title: 'Kollegaens' });
    const foreign = await createCourse(t, b.admin, { title: 'Fremmed' });

    const admin = (await call(t, a.admin, 'GET', '/api/courses')).json().courses.map((c: TCourse) => c.id);
    expect(admin).toEqual(expect.arrayContaining([mine.id, colleague.id]));
    expect(admin).not.toContain(foreign.id);

    const res = await call(t, a.instructor, 'GET', '/api/courses');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const own = res.json().courses;
    expect(own.map((c: TCourse) => c.id)).toContain(mine.id);
    expect(own.every((c: TCourse) => c.owner.id === a.instructor.id)).toBe(true);
    expect(own.find((c: TCourse) => c.id === mine.id)).not.toHaveProperty('modules');

    const learner = await call(t, a.learner, 'GET', '/api/courses');
    expect(learner.statusCode).toBe(403);
    expect(learner.json().code).toBe('FORBIDDEN');
    expect((await call(t, null, 'GET', '/api/courses')).statusCode).toBe(401);
  });

  it('counts lessons', async () => {
    const { course } = await courseWithLesson(t, a.instructor);
    const listed = (await call(t, a.instructor, 'GET', '/api/courses')).json().courses.find((c: TCourse) => c.id === course.id);
    expect(listed.lessonCount).toBe(1);
  });
});

describe('GET /api/courses/:id', () => {
  it('answers the course to its owner and the admin; 404 to everyone else, whatever the method', async () => {
    const { course } = await courseWithLesson(t, a.instructor);
    const own = await call(t, a.instructor, 'GET', `/api/courses/${course.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().modules[0].lessons[0]).toMatchObject({ title: 'Første lektion', kind: 'text', position: 0, version: 1 });
    expect(own.json().modules[0].lessons[0]).not.toHaveProperty('content');
    expect((await call(t, a.admin, 'GET', `/api/courses/${course.id}`)).statusCode).toBe(200);

    for (const who of [a.otherInstructor, a.learner, b.admin, b.instructor]) {
      for (const [method, url, payload] of [
        ['GET', `/api/courses/${course.id}`, undefined],
        ['PATCH', `/api/courses/${course.id}`, { title: 'Kapret', version: course.version }],
        ['DELETE', `/api/courses/${course.id}`, undefined],
        ['POST', `/api/courses/${course.id}/status`, { action: 'archive', version: course.version }],
        ['POST', `/api/courses/${course.id}/modules`, { title: 'Kapret', version: course.version }],
        ['PUT', `/api/courses/${course.id}/outline`, { version: course.version, modules: [] }],
      ] as const) {
        const res = await call(t, who, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().code).toBe('COURSE_NOT_FOUND');
      }
    }
    expect(await stored(course.id)).toMatchObject({ title: course.title, status: 'draft', version: course.version });
    expect((await call(t, a.admin, 'GET', '/api/courses/no-such-course')).statusCode).toBe(404);
  });

  it('gives the site address when the company has a subdomain', async () => {
    const course = await createCourse(t, b.admin, { title: 'På webstedet' });
    await t.db.updateTable('organisations').set({ subdomain: 'anden' }).where('id', '=', b.admin.organisationId).execute();
    const res = await call(t, b.admin, 'GET', `/api/courses/${course.id}`);
    expect(res.json().siteUrl).toBe(`http://anden.localhost:5000/courses/${course.slug}`);
  });
});

describe('PATCH /api/courses/:id', () => {
  it('saves the settings and bumps the version', async () => {
    const course = await createCourse(t, a.instructor);
    const res = await call(t, a.instructor, 'PATCH', `/api/courses/${course.id}`, {
      version: 1,
      subtitle: 'Undertitel',
      description: 'En grundig beskrivelse.\r\nLinje to.',
      level: 'intermediate',
      tags: ['ledelse'],
      visibility: 'private',
      durationMinutes: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      version: 2,
      subtitle: 'Undertitel',
      description: 'En grundig beskrivelse.\nLinje to.',
      level: 'intermediate',
      tags: ['ledelse'],
      visibility: 'private',
    });
    expect((await stored(course.id)).version).toBe(2);
  });

  it('answers 409 VERSION_CONFLICT to a stale version and changes nothing', async () => {
    const course = await createCourse(t, a.instructor);
    expect((await call(t, a.instructor, 'PATCH', `/api/courses/${course.id}`, { version: 1, subtitle: 'Først' })).statusCode).toBe(200);
    const stale = await call(t, a.instructor, 'PATCH', `/api/courses/${course.id}`, { version: 1, subtitle: 'Gammel fane' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT' });
    expect(stale.json().message).toMatch(/Someone else saved changes/);
    expect(await stored(course.id)).toMatchObject({ subtitle: 'Først', version: 2 });
    const huge = await call(t, a.instructor, 'PATCH', `/api/courses/${course.id}`, { version: 2 ** 40, subtitle: 'Fremtiden' });
    expect(huge.statusCode).toBe(409);
  });

  it('lets exactly one of two writers with the same version win', async () => {
    const course = await createCourse(t, a.instructor);
    const [one, two] = await Promise.all([
      call(t, a.instructor, 'PATCH', `/api/courses/${course.id}`, { version: 1, subtitle: 'Fane A' }),
      call(t, a.admin, 'PATCH', `/api/courses/${course.id}`, { version: 1, subtitle: 'Fane B' }),
    ]);
    expect([one!.statusCode, two!.statusCode].sort()).toEqual([200, 409]);
    const winner = one!.statusCode === 200 ? 'Fane A' : 'Fane B';
    expect(await stored(course.id)).toMatchObject({ subtitle: winner, version: 2 });
  });

  it('refuses a bad or missing version and bad fields', async () => {
    const course = await createCourse(t, a.instructor);
    for (const payload of [
      { subtitle: 'x' },
      { version: 0, subtitle: 'x' },
      { version: 'one' },
      { version: 1, pricing: 'maybe' },
      { version: 1, slug: 'mine' },
    ]) {
      const res = await call(t, a.instructor, 'PATCH', `/api/courses/${course.id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await stored(course.id)).version).toBe(1);
  });

  it('takes a thumbnail only from an image uploaded to this course', async () => {
    const course = await createCourse(t, a.instructor);
    const other = await createCourse(t, a.instructor);
    const image = await insertUpload(t, a.admin.organisationId, course.id, 'image');
    const video = await insertUpload(t, a.admin.organisationId, course.id, 'video');
    const elsewhere = await insertUpload(t, a.admin.organisationId, other.id, 'image');
    const control = await call(t, a.instructor, 'PATCH', `/api/courses/${course.id}`, { version: 1, thumbnailUploadId: `${image}\u0000` });
    expect(control.statusCode).toBe(400);
    expect(control.json()).toMatchObject({
      code: 'VALIDATION',
      errors: { thumbnailUploadId: 'The field contains control characters, which are not allowed.' },
    });
    for (const id of [video, elsewhere, 'no-such-upload']) {
      const res = await call(t, a.instructor, 'PATCH', `/api/courses/${course.id}`, { version: 1, thumbnailUploadId: id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'UPLOAD_NOT_FOUND', errors: { thumbnailUploadId: 'The file is not part of this course.' } });
    }
    const res = await call(t, a.instructor, 'PATCH', `/api/courses/${course.id}`, { version: 1, thumbnailUploadId: image });
    expect(res.json()).toMatchObject({ thumbnailUploadId: image, thumbnailUrl: `/api/uploads/${image}` });
    const cleared = await call(t, a.instructor, 'PATCH', `/api/courses/${course.id}`, { version: 2, thumbnailUploadId: null });
    expect(cleared.json()).toMatchObject({ thumbnailUploadId: null, thumbnailUrl: null });
  });

  it('keeps a published course from being paid at no price', async () => {
    const { course } = await courseWithLesson(t, a.instructor, 'text', { description: 'Beskrivelse' });
    const published = (
      await call(t, a.instructor, 'POST', `/api/courses/${course.id}/status`, {
        action: 'publish',
        version: course.version,
        confirmEmptyLessons: true,
      })
    ).json();
    const res = await call(t, a.instructor, 'PATCH', `/api/courses/${course.id}`, { version: published.version, pricing: 'paid' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('price');
    const ok = await call(t, a.instructor, 'PATCH', `/api/courses/${course.id}`, {
      version: published.version,
      pricing: 'paid',
      price: 19_900,
    });
    expect(ok.json()).toMatchObject({ pricing: 'paid', price: 19_900 });
  });
});

describe('DELETE /api/courses/:id', () => {
  it('archives the course, which then refuses edits until restored', async () => {
    const course = await createCourse(t, a.instructor);
    const res = await call(t, a.instructor, 'DELETE', `/api/courses/${course.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'archived', version: 2 });
    expect((await call(t, a.instructor, 'GET', `/api/courses/${course.id}`)).statusCode).toBe(200);
    const edit = await call(t, a.instructor, 'PATCH', `/api/courses/${course.id}`, { version: 2, subtitle: 'Nej' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ code: 'COURSE_ARCHIVED', message: 'The course is archived. Restore it as a draft to edit it.' });
    const restored = await call(t, a.instructor, 'POST', `/api/courses/${course.id}/status`, { action: 'unpublish', version: 2 });
    expect(restored.json()).toMatchObject({ status: 'draft', version: 3 });
    expect((await call(t, a.instructor, 'PATCH', `/api/courses/${course.id}`, { version: 3, subtitle: 'Ja' })).statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('describes every course builder path under the courses tag', async () => {
    const paths = (await t.app.inject({ url: '/api/docs/json' })).json().paths as Record<
      string,
      Record<string, { tags?: string[]; summary?: string }>
    >;
    const expected: [string, string[]][] = [
      ['/api/courses', ['get', 'post']],
      ['/api/courses/{id}', ['get', 'patch', 'delete']],
      ['/api/courses/{id}/status', ['post']],
      ['/api/courses/{id}/outline', ['put']],
      ['/api/courses/{id}/modules', ['post']],
      ['/api/modules/{id}', ['patch', 'delete']],
      ['/api/modules/{id}/lessons', ['post']],
      ['/api/lessons/{id}', ['get', 'patch', 'delete']],
      ['/api/lessons/{id}/revisions', ['get']],
      ['/api/lessons/{id}/revisions/{revisionId}', ['get']],
      ['/api/lessons/{id}/revisions/{revisionId}/restore', ['post']],
    ];
    for (const [path, methods] of expected) {
      for (const method of methods) {
        expect(paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['courses']);
        expect(paths[path]?.[method]?.summary, `${method} ${path}`).toBeTruthy();
      }
    }
  });
});
