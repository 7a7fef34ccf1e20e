import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CvrApiRegistry } from '../../src/server/cvr/cvrapi.ts';
import { createTestApp, registerCompany, type TestApp } from '../helpers/app.ts';
import { addLesson, addModule, call, company, createCourse, type Person } from '../helpers/courses.ts';
import { company as cvrCompany, startFakeCvrApi, type FakeCvrApi } from '../helpers/fake-cvrapi.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let n = 0;
const sub = (base: string) => `${base}-${++n}-${Math.random().toString(36).slice(2, 6)}`;

function body(subdomain: string, courseData: Record<string, unknown> = {}, options: Record<string, unknown> = {}) {
  return {
    course_data: {
      title: 'Sikker brug af AI på kontoret',
      description: 'Et kursus om at bruge AI-værktøjer ansvarligt.\n\nMed øvelser.',
      industry: 'Kontor',
      target_audience: 'Kontoransatte',
      learning_objectives: ['Kende reglerne', 'Beskytte persondata'],
      complexity_level: 'Intermediate',
      duration: '6 hours',
      format: 'video',
      modules: [
        {
          title: 'Grundbegreber',
          description: 'Hvad AI er',
          duration: '1 hour',
          lessons: [
            { title: 'Hvad er en sprogmodel?', content: 'En sprogmodel forudsiger tekst.\n\n<b>Ikke HTML</b>' },
            'Gode og dårlige opgaver',
          ],
          assessment: 'quiz',
        },
      ],
      marketingCopy: { landingPageHeadline: 'Brug AI trygt' },
      ...courseData,
    },
    teacher_profile: { experience: '10 år', subject: 'IT-sikkerhed', audience: 'Kontoransatte', goals: 'Tryghed' },
    publishing_options: {
      visibility: 'public',
      subdomain,
      pricing: 'paid',
      price: 49_900,
      currency: 'DKK',
      confirm_empty_lessons: true,
      ...options,
    },
  };
}

const publish = (who: Person | null, payload: unknown) => call(t, who, 'POST', '/api/courses/publish', payload);
const courseCount = async (organisationId: string) =>
  Number(
    (
      await t.db
        .selectFrom('courses')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('organisation_id', '=', organisationId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const subdomainOf = async (organisationId: string) =>
  (await t.db.selectFrom('organisations').select('subdomain').where('id', '=', organisationId).executeTakeFirstOrThrow()).subdomain;

describe('POST /api/courses/publish', () => {
  it('creates the course from course_data, claims the subdomain, publishes, and answers the course URL', async () => {
    const c = await company(t);
    const wanted = sub('Sikker-AI');
    const res = await publish(c.instructor, body(wanted));
    expect(res.statusCode, res.body).toBe(201);
    const { course, url } = res.json();
    const subdomain = wanted.toLowerCase();
    expect(url).toBe(`http://${subdomain}.localhost:5000/courses/${course.slug}`);
    expect(course).toMatchObject({
      title: 'Sikker brug af AI på kontoret',
      status: 'published',
      visibility: 'public',
      level: 'intermediate',
      durationMinutes: 360,
      targetAudience: 'Kontoransatte',
      learningObjectives: ['Kende reglerne', 'Beskytte persondata'],
      pricing: 'paid',
      price: 49_900,
      currency: 'DKK',
      owner: { id: c.instructor.id },
      siteUrl: url,
    });
    expect(course.modules).toHaveLength(1);
    expect(course.modules[0]).toMatchObject({ title: 'Grundbegreber', description: 'Hvad AI er' });
    expect(course.modules[0].lessons.map((l: { title: string }) => l.title)).toEqual(['Hvad er en sprogmodel?', 'Gode og dårlige opgaver']);
    expect(await subdomainOf(c.admin.organisationId)).toBe(subdomain);

    // The lesson text is a document of plain paragraphs: no markup was read from it.
    const lesson = await call(t, c.instructor, 'GET', `/api/lessons/${course.modules[0].lessons[0].id}`);
    expect(lesson.json().content).toEqual({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'En sprogmodel forudsiger tekst.' }] },
        { type: 'paragraph', content: [{ type: 'text', text: '<b>Ikke HTML</b>' }] },
      ],
    });

    // Live on the company's site and in the catalogue.
    const page = await t.app.inject({ url: `/courses/${course.slug}`, headers: { host: `${subdomain}.localhost:5000` } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sikker brug af AI på kontoret');
    const found = await t.app.inject({ url: `/api/catalogue?q=${encodeURIComponent('sikker brug')}` });
    expect(found.json().courses.map((x: { slug: string }) => x.slug)).toContain(course.slug);
  });

  it('asks to confirm empty lessons (409 EMPTY_LESSONS lists them) before writing anything, for a new course and for the caller’s own', async () => {
    const c = await company(t);
    const wanted = sub('tomme');
    const refused = await publish(c.instructor, body(wanted, {}, { confirm_empty_lessons: undefined }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'EMPTY_LESSONS',
      message: 'Some lessons are empty. Confirm that the course should be published anyway.',
      errors: { 'lessons.new-1-2': 'The text lesson "Gode og dårlige opgaver" has no text.' },
    });
    expect(await courseCount(c.admin.organisationId)).toBe(0);
    expect(await subdomainOf(c.admin.organisationId)).toBeNull();

    // The caller's own course with its outline: three video lessons without a video.
    let own = await createCourse(t, c.instructor, { title: 'Videokursus', description: 'Tre videoer' });
    own = await addModule(t, c.instructor, own);
    for (const title of ['Del 1', 'Del 2', 'Del 3']) own = await addLesson(t, c.instructor, own, own.modules[0]!.id, title, 'video');
    const lessons = own.modules[0]!.lessons;
    const again = await publish(
      c.instructor,
      body(wanted, { id: own.id, title: 'Videokursus', description: 'Tre videoer' }, { confirm_empty_lessons: false }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual(
      Object.fromEntries(lessons.map((l) => [`lessons.${l.id}`, `The video lesson "${l.title}" has no video.`])),
    );
    const row = await t.db.selectFrom('courses').select(['status', 'version']).where('id', '=', own.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'draft', version: own.version });
    expect(await subdomainOf(c.admin.organisationId)).toBeNull();

    const confirmed = await publish(
      c.instructor,
      body(wanted, { id: own.id, title: 'Videokursus', description: 'Tre videoer' }, { confirm_empty_lessons: true }),
    );
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.json().course).toMatchObject({ id: own.id, status: 'published' });
  });

  it("publishes on the company's existing subdomain, and refuses another one with 409 without writing", async () => {
    const c = await company(t);
    const own = sub('egen');
    expect((await call(t, c.admin, 'PUT', '/api/organisation/subdomain', { subdomain: own })).statusCode).toBe(200);
    const ok = await publish(c.admin, body(own, { title: 'Første kursus' }, { pricing: 'free', price: 12_345 }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().course).toMatchObject({ pricing: 'free', price: 0 });
    const before = await courseCount(c.admin.organisationId);

    const other = await publish(c.admin, body(sub('andet')));
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'SUBDOMAIN_MISMATCH' });
    expect(other.json().message).toContain(own);
    expect(await courseCount(c.admin.organisationId)).toBe(before);
    expect(await subdomainOf(c.admin.organisationId)).toBe(own);
  });

  it("refuses another company's subdomain (409), a reserved one and one breaking the subdomain rule (400), writing nothing", async () => {
    const holder = await company(t);
    const taken = sub('optaget');
    await call(t, holder.admin, 'PUT', '/api/organisation/subdomain', { subdomain: taken });
    const c = await company(t);
    const cases: [string, number, string][] = [
      [taken, 409, 'SUBDOMAIN_TAKEN'],
      ['admin', 400, 'SUBDOMAIN_RESERVED'],
      ['-x', 400, 'VALIDATION'],
    ];
    for (const [subdomain, status, code] of cases) {
      const res = await publish(c.instructor, body(subdomain));
      expect(res.statusCode, subdomain).toBe(status);
      expect(res.json().code).toBe(code);
    }
    expect((await publish(c.instructor, body('-x'))).json().errors['publishing_options.subdomain']).toBe(
      'Subdomain must be 3-63 characters, lowercase letters, numbers, and hyphens only',
    );
    expect(await courseCount(c.admin.organisationId)).toBe(0);
    expect(await subdomainOf(c.admin.organisationId)).toBeNull();
  });

  it('refuses an incomplete course with 422 and the list of what is missing, writing nothing', async () => {
    const c = await company(t);
    const res = await publish(
      c.instructor,
      body(sub('tom'), { description: '', modules: [{ title: 'Kun et modul', lessons: 3 }] }, { price: 0 }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'COURSE_INCOMPLETE' });
    expect(Object.keys(res.json().errors).sort()).toEqual(['description', 'lessons', 'price']);
    expect(await courseCount(c.admin.organisationId)).toBe(0);
    expect(await subdomainOf(c.admin.organisationId)).toBeNull();
  });

  it("updates and publishes the caller's own course named by course_data.id, keeping its outline", async () => {
    const c = await company(t);
    let course = await createCourse(t, c.instructor, { title: 'Udkast' });
    course = await addModule(t, c.instructor, course, 'Byggerens modul');
    course = await addLesson(t, c.instructor, course, course.modules[0]!.id, 'Byggerens lektion');
    const res = await publish(
      c.instructor,
      body(sub('opdater'), { id: course.id, title: 'Færdigt kursus', modules: [{ title: 'Ignoreret', lessons: ['x'] }] }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().course).toMatchObject({ id: course.id, title: 'Færdigt kursus', status: 'published' });
    expect(res.json().course.modules.map((m: { title: string }) => m.title)).toEqual(['Byggerens modul']);

    // Another instructor's course, or another company's, is not there.
    const colleague = await publish(c.otherInstructor, body(sub('x'), { id: course.id }));
    expect(colleague.statusCode).toBe(404);
    const stranger = await company(t);
    expect((await publish(stranger.admin, body(sub('y'), { id: course.id }))).statusCode).toBe(404);
  });

  it('is for instructors and admins: learners 403, strangers 401; bad bodies 400', async () => {
    const c = await company(t);
    const learner = await publish(c.learner, body(sub('elev')));
    expect(learner.statusCode).toBe(403);
    expect((await publish(null, body(sub('anon')))).statusCode).toBe(401);
    expect((await publish(c.admin, { course_data: { title: 'x', description: 'y' } })).statusCode).toBe(400);
    expect((await publish(c.admin, { ...body(sub('z')), extra: 1 })).statusCode).toBe(400);
    expect((await publish(c.admin, body(sub('z'), {}, { visibility: 'secret' }))).statusCode).toBe(400);
    expect((await publish(c.admin, body(sub('z'), { title: '' }))).statusCode).toBe(400);
    expect(await courseCount(c.admin.organisationId)).toBe(0);
  });
});

describe('publishing on the live registry', () => {
  let fake: FakeCvrApi;
  let live: TestApp;
  beforeAll(async () => {
    fake = await startFakeCvrApi({
      '25052943': cvrCompany({
        vat: 25052943,
        name: 'MAGENTA ApS',
        address: 'Pilestræde 43',
        zipcode: '1112',
        city: 'København K',
        email: 'info@magenta.dk',
      }),
    });
    live = await createTestApp({
      env: { CVR_PROVIDER: 'cvrapi', CVRAPI_USER_AGENT: 'Kursa test suite - dev@kursa.example' },
      cvrRegistry: new CvrApiRegistry({ userAgent: 'Kursa test suite - dev@kursa.example', baseUrl: fake.url, timeoutMs: 2000 }),
    });
  });
  afterAll(async () => {
    await live.close();
    await fake.close();
  });

  it('refuses an unconfirmed company (403 COMPANY_UNCONFIRMED) before writing anything; choosing a subdomain stays open', async () => {
    const { cookie, user } = await registerCompany(live.app, { cvrNumber: '25052943', email: 'someone@magenta.dk' });
    expect(user.companyVerified).toBe(false);
    const admin = { id: user.id, cookie, organisationId: user.organisationId, email: user.email };
    const res = await call(live, admin, 'POST', '/api/courses/publish', body('magenta'));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('COMPANY_UNCONFIRMED');
    expect(await live.db.selectFrom('courses').select('id').execute()).toHaveLength(0);
    // A name serves nothing by itself: an unconfirmed company may choose one.
    expect((await call(live, admin, 'PUT', '/api/organisation/subdomain', { subdomain: 'magenta' })).statusCode).toBe(200);

    await live.db
      .updateTable('organisations')
      .set({ verified: 1, verified_method: 'code', verified_at: new Date().toISOString() })
      .where('id', '=', user.organisationId)
      .execute();
    const ok = await call(live, admin, 'POST', '/api/courses/publish', body('magenta'));
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
