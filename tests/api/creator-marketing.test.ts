import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { FAST_RETRY, fakeAiEnv, lastUserOf, systemOf, usageRows } from '../helpers/ai.ts';
import { call, company, type Company } from '../helpers/courses.ts';
import { answer, startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai.ts';
import { danishMarketing, seededCourse } from '../helpers/insights.ts';
import { insertCourse } from '../helpers/published-courses.ts';

// The course's launch marketing, generated in its language, stored with it, used by its
// public pages (the company site's landing page, the catalogue), and the launch checklist.

let ai: FakeOpenAi;
let t: TestApp;
let a: Company;
let b: Company;
let subdomain: string;
beforeAll(async () => {
  ai = await startFakeOpenAi();
  t = await createTestApp({ env: fakeAiEnv(ai.url), aiRetry: FAST_RETRY });
  a = await company(t);
  b = await company(t);
  subdomain = `lager-${Math.random().toString(36).slice(2, 8)}`;
  const res = await call(t, a.admin, 'PUT', '/api/organisation/subdomain', { subdomain });
  if (res.statusCode !== 200) throw new Error(res.body);
});
afterAll(async () => {
  await t.close();
  await ai.close();
});
beforeEach(() => ai.reset());

const marketingUrl = (id: string) => `/api/course-creator/courses/${id}/marketing`;
const landing = (slug: string) =>
  t.app.inject({ url: `/courses/${slug}`, headers: { host: `${subdomain}.localhost:5000`, 'accept-language': 'da' } });

describe('POST and GET /api/course-creator/courses/:id/marketing', () => {
  it('generates the copy in the course’s language from its content, stores it with the model that wrote it, and answers it again', async () => {
    const course = await seededCourse(t, a.instructor);
    expect((await call(t, a.instructor, 'GET', marketingUrl(course.id))).json()).toEqual({ courseId: course.id, marketing: null });
    ai.script(answer.json(danishMarketing()));
    const res = await call(t, a.instructor, 'POST', marketingUrl(course.id));
    expect(res.statusCode, res.body).toBe(200);
    const { marketing } = res.json();
    expect(marketing).toMatchObject({
      ...danishMarketing(),
      language: 'da',
      aiGenerated: true,
      source: { provider: 'openai-compatible', model: 'test-model' },
    });
    expect([marketing.emails.length, marketing.socialPosts.length, marketing.adVariations.length]).toEqual([5, 20, 10]);
    expect((await call(t, a.admin, 'GET', marketingUrl(course.id))).json()).toEqual(res.json());

    const [request] = ai.requests;
    expect(systemOf(request!)).toContain('præcis 5 e-mails');
    expect(systemOf(request!)).toContain('Skriv al tekst på dansk');
    expect(lastUserOf(request!)).toContain('Video om truck');
    expect(request!.schema?.properties?.socialPosts).toMatchObject({ minItems: 20, maxItems: 20 });
    expect(request!.schema?.properties?.seoTitle).toMatchObject({ maxLength: 60 });
    expect((await usageRows(t.db, a.admin.organisationId)).at(-1)).toMatchObject({ task: 'generate-marketing', outcome: 'ok' });
  });

  it('an answer with too few e-mails or too long an SEO title is re-asked; regenerating replaces the stored copy', async () => {
    const course = await seededCourse(t, a.instructor);
    const short = { ...danishMarketing(), emails: danishMarketing().emails.slice(0, 4), seoTitle: 'x'.repeat(61) };
    ai.script(answer.json(short), answer.json(danishMarketing('Første udgave')));
    const first = await call(t, a.instructor, 'POST', marketingUrl(course.id));
    expect(first.statusCode, first.body).toBe(200);
    expect(lastUserOf(ai.requests[1]!)).toContain('emails');
    expect(lastUserOf(ai.requests[1]!)).toContain('seoTitle');

    ai.script(answer.json(danishMarketing('Anden udgave')));
    expect((await call(t, a.instructor, 'POST', marketingUrl(course.id))).json().marketing.seoTitle).toBe('Anden udgave');
    const rows = await t.db.selectFrom('course_marketing').select('content').where('course_id', '=', course.id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.content).seoTitle).toBe('Anden udgave');
  });

  it('an English course gets English instructions', async () => {
    const course = await seededCourse(t, a.instructor, { language: 'en' });
    await call(t, a.instructor, 'POST', marketingUrl(course.id));
    expect(systemOf(ai.requests[0]!)).toContain('Write all text in English');
    expect(systemOf(ai.requests[0]!)).toContain('exactly 5 e-mails');
  });

  it('another company’s course 404, a learner 403, and the model is never asked', async () => {
    const course = await seededCourse(t, a.instructor);
    expect((await call(t, b.admin, 'POST', marketingUrl(course.id))).statusCode).toBe(404);
    expect((await call(t, b.admin, 'GET', marketingUrl(course.id))).statusCode).toBe(404);
    expect((await call(t, a.otherInstructor, 'POST', marketingUrl(course.id))).statusCode).toBe(404);
    expect((await call(t, a.learner, 'POST', marketingUrl(course.id))).statusCode).toBe(403);
    expect(ai.requests).toHaveLength(0);
  });
});

describe('the course’s public pages use it', () => {
  it('the landing page on the company site takes its <title> and meta description from the SEO copy and shows the landing copy, marked as AI-written', async () => {
    const course = await seededCourse(t, a.instructor);
    const before = await landing(course.slug);
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('<title>Sikkerhed på lageret · ');
    expect(before.body).not.toContain('data-ai-generated');

    ai.script(answer.json(danishMarketing()));
    await call(t, a.instructor, 'POST', marketingUrl(course.id));
    const page = await landing(course.slug);
    expect(page.body).toContain('<title>Sikkerhed på lageret – online kursus</title>');
    expect(page.body).toContain(`<meta name="description" content="${danishMarketing().seoDescription}">`);
    expect(page.body).toContain('<h2 id="pitch-heading">Arbejd sikkert på lageret fra første dag</h2>');
    expect(page.body).toContain('<li>Sikre vaner i hverdagen</li>');
    expect(page.body).toContain('<p>Det tager under en time.</p>');
    expect(page.body).toContain('skrevet med AI');
    expect(page.body).not.toContain('<script');
  });

  it('the catalogue’s course answer carries the landing and SEO copy (null without it)', async () => {
    const course = await seededCourse(t, a.instructor);
    expect((await call(t, null, 'GET', `/api/catalogue/${course.slug}`)).json().marketing).toBeNull();
    ai.script(answer.json(danishMarketing()));
    await call(t, a.instructor, 'POST', marketingUrl(course.id));
    expect((await call(t, null, 'GET', `/api/catalogue/${course.slug}`)).json().marketing).toEqual({
      landingHeadline: 'Arbejd sikkert på lageret fra første dag',
      benefits: danishMarketing().benefits,
      landingCopy: danishMarketing().landingCopy,
      seoTitle: 'Sikkerhed på lageret – online kursus',
      seoDescription: danishMarketing().seoDescription,
      aiGenerated: true,
      source: { provider: 'openai-compatible', model: 'test-model' },
    });
  });
});

describe('GET /api/course-creator/courses/:id/launch-checklist', () => {
  it('the five items from the course’s real state, with the real marketing counts', async () => {
    const course = await seededCourse(t, a.instructor);
    const url = `/api/course-creator/courses/${course.id}/launch-checklist`;
    const before = (await call(t, a.instructor, 'GET', url)).json();
    expect(before.ready).toBe(false);
    expect(before.items.map((i: { key: string; done: boolean }) => [i.key, i.done])).toEqual([
      ['content-generated', true],
      ['video-created', true],
      ['assessments-designed', true],
      ['marketing-planned', false],
      ['analytics-configured', true],
    ]);
    expect(before.items[0]).toMatchObject({ detail: '3 of 3 lessons have content', figures: { lessons: 3, withContent: 3 } });
    expect(before.items[2].detail).toBe('1 of 1 quizzes have questions (2 questions in all)');
    expect(before.items[3].detail).toBe('No marketing generated yet');
    expect(before.stats).toEqual({ emails: 0, socialPosts: 0, adVariations: 0, landingCopy: false, seo: false });

    ai.script(answer.json(danishMarketing()));
    await call(t, a.instructor, 'POST', marketingUrl(course.id));
    const after = (await call(t, a.instructor, 'GET', url)).json();
    expect(after.ready).toBe(true);
    expect(after.stats).toEqual({ emails: 5, socialPosts: 20, adVariations: 10, landingCopy: true, seo: true });
    expect(after.items[3]).toMatchObject({ done: true, figures: { emails: 5, socialPosts: 20, adVariations: 10 } });
  });

  it('a draft with an empty lesson and a quiz without questions: not ready, and says why', async () => {
    const { id } = await insertCourse(t.db, a.admin.organisationId, a.instructor.id, { status: 'draft' }, [
      {
        title: 'Modul',
        lessons: [
          { title: 'Tom', kind: 'text' },
          { title: 'Quiz', kind: 'quiz', content: { questions: [] } },
        ],
      },
    ]);
    const res = await t.app.inject({
      url: `/api/course-creator/courses/${id}/launch-checklist`,
      headers: { cookie: a.instructor.cookie, 'accept-language': 'da' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const items = Object.fromEntries(res.json().items.map((i: { key: string }) => [i.key, i]));
    expect(items['content-generated']).toMatchObject({ done: false, detail: '0 af 2 lektioner har indhold' });
    expect(items['video-created']).toMatchObject({ done: false, figures: { videoLessons: 0, withVideo: 0 } });
    expect(items['assessments-designed'].done).toBe(false);
    expect(items['analytics-configured']).toMatchObject({
      done: false,
      detail: 'Kurset er ikke udgivet: intet registreres, før kursister kan tilmelde sig',
    });
    expect((await call(t, b.admin, 'GET', `/api/course-creator/courses/${id}/launch-checklist`)).statusCode).toBe(404);
  });
});

describe('without an AI provider', () => {
  it('marketing answers 503 AI_NOT_CONFIGURED and stores nothing', async () => {
    const bare = await createTestApp();
    try {
      const c = await company(bare);
      const course = await seededCourse(bare, c.admin);
      const res = await call(bare, c.admin, 'POST', marketingUrl(course.id));
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('AI_NOT_CONFIGURED');
      expect((await call(bare, c.admin, 'GET', marketingUrl(course.id))).json().marketing).toBeNull();
    } finally {
      await bare.close();
    }
  });
});
