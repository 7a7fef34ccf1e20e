import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/server/demo/seed.ts';
import type { Storage } from '../../src/server/storage/storage.ts';
import { DEMO_ACCOUNT, DEMO_LEARNER } from '../../src/shared/demo.ts';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/app.ts';

// A newcomer sees a living product at once — the demo company's sample courses.
describe('the demo seed', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { SEED_DEMO: 'true' } });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
    });
    cookie = sessionCookie(login);
  });
  afterAll(async () => t.close());

  it('gives the demo company three published courses, in Danish and English, on its subdomain', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/courses', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    const courses = list.json<{ courses: { id: string; status: string; language: string; lessonCount: number; visibility: string }[] }>()
      .courses;
    expect(courses).toHaveLength(3);
    expect(courses.every((c) => c.status === 'published' && c.visibility === 'public' && c.lessonCount >= 5)).toBe(true);
    expect(new Set(courses.map((c) => c.language))).toEqual(new Set(['da', 'en']));
    const org = await t.db.selectFrom('organisations').select('subdomain').executeTakeFirstOrThrow();
    expect(org.subdomain).toBe('demo');

    const course = await t.app.inject({ method: 'GET', url: `/api/courses/${courses[0]!.id}`, headers: { cookie } });
    const full = course.json<{ siteUrl: string; modules: { lessons: { kind: string }[] }[] }>();
    expect(full.siteUrl).toMatch(/^http:\/\/demo\.localhost:5000\/courses\//);
    expect(new Set(full.modules.flatMap((m) => m.lessons.map((l) => l.kind)))).toEqual(new Set(['text', 'video', 'download', 'quiz']));
  });

  it("brands the demo company's site, so its admin's getting-started checklist is complete (the shared demo admin cannot brand it)", async () => {
    const brand = (await t.app.inject({ method: 'GET', url: '/api/organisation/brand', headers: { cookie } })).json();
    expect(brand.palette).toMatchObject({ chosen: '#0f766e', primary: '#0f766e', adjusted: false });
    const checklist = (await t.app.inject({ method: 'GET', url: '/api/onboarding', headers: { cookie } })).json();
    expect(checklist.complete).toBe(true);
  });

  it("stores each download as a real PDF that the company's staff may fetch, and a visitor without a session not", async () => {
    const courses = (await t.app.inject({ method: 'GET', url: '/api/courses', headers: { cookie } })).json<{ courses: { id: string }[] }>()
      .courses;
    for (const { id } of courses) {
      const full = (await t.app.inject({ method: 'GET', url: `/api/courses/${id}`, headers: { cookie } })).json<{
        modules: { lessons: { id: string; kind: string }[] }[];
      }>();
      const lesson = full.modules.flatMap((m) => m.lessons).find((l) => l.kind === 'download')!;
      const content = (await t.app.inject({ method: 'GET', url: `/api/lessons/${lesson.id}`, headers: { cookie } })).json<{
        content: { files: { uploadId: string }[] };
      }>().content;
      const file = await t.app.inject({ method: 'GET', url: `/api/uploads/${content.files[0]!.uploadId}`, headers: { cookie } });
      expect(file.statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: `/api/uploads/${content.files[0]!.uploadId}` })).statusCode).toBe(404);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename=".+\.pdf"/);
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('gives each course a PNG thumbnail that the catalogue and the demo site show', async () => {
    const { fileTypeFromBuffer } = await import('file-type');
    const courses = (await t.app.inject({ method: 'GET', url: '/api/courses', headers: { cookie } })).json<{
      courses: { id: string; thumbnailUrl: string | null }[];
    }>().courses;
    const thumbnails = courses.map((c) => c.thumbnailUrl);
    expect(thumbnails.every((url) => url !== null && /^\/api\/uploads\/[\w-]+$/.test(url))).toBe(true);
    expect(new Set(thumbnails).size).toBe(3);
    for (const url of thumbnails) {
      const file = await t.app.inject({ method: 'GET', url: url! });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(await fileTypeFromBuffer(file.rawPayload)).toMatchObject({ mime: 'image/png' });
      // 640×360, from the IHDR chunk.
      expect([file.rawPayload.readUInt32BE(16), file.rawPayload.readUInt32BE(20)]).toEqual([640, 360]);
      const id = url!.split('/').pop()!;
      const site = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'demo.localhost:5000' } });
      expect(site.body).toContain(`src="/media/${id}"`);
      expect((await t.app.inject({ method: 'GET', url: `/media/${id}`, headers: { host: 'demo.localhost:5000' } })).statusCode).toBe(200);
    }
  });

  it('is not seeded again into a database that has data', async () => {
    const count = async (table: 'courses' | 'organisations' | 'uploads') =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select(({ fn }) => fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = { courses: await count('courses'), organisations: await count('organisations'), uploads: await count('uploads') };
    const untouchable = new Proxy({} as Storage, { get: () => () => Promise.reject(new Error('storage must not be used')) });
    expect(await seedDemo(t.db, untouchable)).toBeNull();
    expect({ courses: await count('courses'), organisations: await count('organisations'), uploads: await count('uploads') }).toEqual(
      before,
    );
  });

  // Every tab of the dashboard shows something real on a fresh start.
  describe('the demo learner', () => {
    let learner: string;
    beforeAll(async () => {
      learner = sessionCookie(
        await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: DEMO_LEARNER.email, password: DEMO_LEARNER.password } }),
      );
    });

    it('logs in as a learner of the demo company, with one course completed and one assigned and under way', async () => {
      const me = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: learner } })).json<{
        role: string;
        companyName: string;
      }>();
      expect(me).toMatchObject({ role: 'learner', companyName: DEMO_ACCOUNT.companyName });
      const { enrolments } = (await t.app.inject({ method: 'GET', url: '/api/learning', headers: { cookie: learner } })).json<{
        enrolments: { title: string; progress: number; completedAt: string | null; dueAt: string | null; completedLessons: number }[];
      }>();
      expect(enrolments).toHaveLength(2);
      const done = enrolments.find((e) => e.completedAt !== null)!;
      expect(done).toMatchObject({ title: 'Præsentationsteknik: Tal, så folk lytter', progress: 100 });
      const going = enrolments.find((e) => e.completedAt === null)!;
      expect(going.dueAt).not.toBeNull();
      expect(going.completedLessons).toBe(2);
      expect(going.progress).toBeGreaterThan(0);
      expect(going.progress).toBeLessThan(100);
    });

    it('plays the assigned course’s uploaded video: WebM served whole and in ranges, resumed where they stopped', async () => {
      const { enrolments } = (await t.app.inject({ method: 'GET', url: '/api/learning', headers: { cookie: learner } })).json<{
        enrolments: { courseId: string; completedAt: string | null }[];
      }>();
      const courseId = enrolments.find((e) => e.completedAt === null)!.courseId;
      const outline = (await t.app.inject({ method: 'GET', url: `/api/learning/${courseId}`, headers: { cookie: learner } })).json<{
        modules: { lessons: { id: string; kind: string }[] }[];
      }>();
      const videos = outline.modules.flatMap((m) => m.lessons).filter((l) => l.kind === 'video');
      const played = [];
      for (const { id } of videos) {
        played.push(
          (await t.app.inject({ method: 'GET', url: `/api/learning/${courseId}/lessons/${id}`, headers: { cookie: learner } })).json<{
            content: { video: { source: string; uploadId?: string } };
            positionSeconds: number;
          }>(),
        );
      }
      const uploaded = played.filter((l) => l.content.video.source === 'upload');
      expect(uploaded).toHaveLength(1);
      expect(uploaded[0]!.positionSeconds).toBe(4);
      const url = `/api/uploads/${uploaded[0]!.content.video.uploadId}`;

      const whole = await t.app.inject({ method: 'GET', url, headers: { cookie: learner } });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('video/webm');
      expect(whole.headers['accept-ranges']).toBe('bytes');
      const { fileTypeFromBuffer } = await import('file-type');
      expect(await fileTypeFromBuffer(whole.rawPayload)).toMatchObject({ mime: 'video/webm' });
      const size = whole.rawPayload.length;
      expect(size).toBeGreaterThan(10_000);
      expect(size).toBeLessThan(200_000);

      const part = await t.app.inject({ method: 'GET', url, headers: { cookie: learner, range: 'bytes=1000-1999' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-type']).toBe('video/webm');
      expect(part.headers['content-range']).toBe(`bytes 1000-1999/${size}`);
      expect(part.rawPayload.equals(whole.rawPayload.subarray(1000, 2000))).toBe(true);
      const admin = await t.app.inject({ method: 'GET', url, headers: { cookie, range: `bytes=${size - 100}-` } });
      expect(admin.statusCode).toBe(206);
      expect(admin.rawPayload.equals(whole.rawPayload.subarray(size - 100))).toBe(true);
    });

    it('failed the Danish quiz once and then passed it, and reviewed the course', async () => {
      const attempts = await t.db.selectFrom('quiz_attempts').select(['attempt', 'passed', 'score']).orderBy('attempt').execute();
      expect(attempts.map((a) => Number(a.passed))).toEqual([0, 1]);
      expect(Number(attempts[0]!.score)).toBeLessThan(75);
      const reviews = await t.db.selectFrom('reviews').select(['rating', 'comment']).execute();
      expect(reviews).toHaveLength(1);
      expect(Number(reviews[0]!.rating)).toBe(5);
    });

    it('holds a genuine certificate for the completed course, which the shared demo admin can see but not revoke', async () => {
      const { certificates } = (await t.app.inject({ method: 'GET', url: '/api/certificates', headers: { cookie: learner } })).json<{
        certificates: { code: string; courseTitle: string; status: string }[];
      }>();
      expect(certificates).toMatchObject([{ courseTitle: 'Præsentationsteknik: Tal, så folk lytter', status: 'genuine' }]);
      const code = certificates[0]!.code;
      const check = (await t.app.inject({ method: 'GET', url: `/api/certificates/${code}`, headers: { cookie } })).json();
      expect(check).toMatchObject({
        status: 'genuine',
        canRevoke: false,
        certificate: {
          holderName: DEMO_LEARNER.contactName,
          companyName: DEMO_ACCOUNT.companyName,
          instructorName: DEMO_ACCOUNT.contactName,
        },
      });
      const revoke = await t.app.inject({
        method: 'POST',
        url: `/api/certificates/${code}/revoke`,
        headers: { cookie },
        payload: { reason: 'prøver' },
      });
      expect(revoke.statusCode).toBe(403);
      expect(revoke.json().code).toBe('DEMO_LOCKED');
      expect((await t.app.inject({ method: 'GET', url: `/api/certificates/${code}` })).json().status).toBe('genuine');
    });

    it('gives no visitor a lasting key to the shared demo company', async () => {
      const key = await t.app.inject({
        method: 'POST',
        url: '/api/organisation/api-keys',
        headers: { cookie },
        payload: { label: 'Mit system', scopes: ['people:manage'] },
      });
      expect(key.statusCode).toBe(403);
      expect(key.json().code).toBe('DEMO_LOCKED');
      expect(await t.db.selectFrom('api_keys').select('id').execute()).toEqual([]);
    });

    it("shows in the demo admin's dashboard figures, activity and students", async () => {
      const me = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json<{ id: string }>();
      const get = async <T>(path: string) =>
        (await t.app.inject({ method: 'GET', url: `/api/instructors/${me.id}/${path}`, headers: { cookie } })).json<T>();
      expect(await get('stats')).toMatchObject({
        totalCourses: 3,
        totalStudents: 1,
        totalRevenue: 0,
        completionRate: 50,
        averageRating: 5,
      });
      const activity = await get<{ type: string; studentName: string }[]>('activity');
      expect(new Set(activity.map((a) => a.type))).toEqual(new Set(['enrollment', 'completion', 'review']));
      expect(activity.every((a) => a.studentName === DEMO_LEARNER.contactName)).toBe(true);
      expect(await get('students')).toMatchObject([{ name: DEMO_LEARNER.contactName, email: DEMO_LEARNER.email, enrolledCourses: 2 }]);
    });

    it('is locked like the demo admin: its profile and password cannot be changed, nor can an admin re-role or deactivate it', async () => {
      const me = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: learner } })).json<{ id: string }>();
      const edit = await t.app.inject({
        method: 'PATCH',
        url: `/api/users/${me.id}`,
        headers: { cookie: learner },
        payload: { contactName: 'Someone Else' },
      });
      expect(edit.statusCode).toBe(403);
      const password = await t.app.inject({
        method: 'POST',
        url: '/api/change-password',
        headers: { cookie: learner },
        payload: { currentPassword: DEMO_LEARNER.password, newPassword: 'taken-over-1' },
      });
      expect(password.statusCode).toBe(403);
      for (const change of [{ active: false }, { role: 'admin' }]) {
        const res = await t.app.inject({ method: 'PATCH', url: `/api/members/${me.id}`, headers: { cookie }, payload: change });
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('DEMO_LOCKED');
      }
      const row = await t.db
        .selectFrom('users')
        .select(['role', 'deactivated_at', 'contact_name'])
        .where('id', '=', me.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ role: 'learner', deactivated_at: null, contact_name: DEMO_LEARNER.contactName });
    });
  });
});
