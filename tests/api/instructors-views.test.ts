import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { call, company } from '../helpers/courses.ts';
import { insertCourse } from '../helpers/published-courses.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const views = async (courseId: string) =>
  Number(
    (
      await t.db
        .selectFrom('course_views')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('course_id', '=', courseId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('course page views (the dashboard counts them)', () => {
  it('records one row per public course page view, in the catalogue and on the company site, and none for a page not shown', async () => {
    const { admin } = await company(t);
    const sub = `views-${Math.random().toString(36).slice(2, 8)}`;
    expect((await call(t, admin, 'PUT', '/api/organisation/subdomain', { subdomain: sub })).statusCode).toBe(200);
    const shown = await insertCourse(t.db, admin.organisationId, admin.id);
    const draft = await insertCourse(t.db, admin.organisationId, admin.id, { status: 'draft' });

    expect((await t.app.inject({ url: `/api/catalogue/${shown.slug}` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/catalogue/${shown.slug}` })).statusCode).toBe(200);
    expect(await views(shown.id)).toBe(2);

    const site = await t.app.inject({ url: `/courses/${shown.slug}`, headers: { host: `${sub}.localhost:5000` } });
    expect(site.statusCode).toBe(200);
    expect(await views(shown.id)).toBe(3);
    // The company's front page and the catalogue list are not course page views.
    await t.app.inject({ url: '/', headers: { host: `${sub}.localhost:5000` } });
    await t.app.inject({ url: '/api/catalogue' });
    expect(await views(shown.id)).toBe(3);

    expect((await t.app.inject({ url: `/api/catalogue/${draft.slug}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/courses/${draft.slug}`, headers: { host: `${sub}.localhost:5000` } })).statusCode).toBe(404);
    expect(await views(draft.id)).toBe(0);
  });
});
