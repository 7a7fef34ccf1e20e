import { request as playwrightRequest, type Page } from '@playwright/test';
import type { TCourse } from '../../src/shared/schemas/courses.ts';
import { DEMO_LEARNER } from '../../src/shared/demo.ts';
import { freshCvr } from '../helpers/cvr.ts';
import { expect, test } from './fixtures.ts';
import { apiSender } from './published-course.ts';
import { playVideo, uploadRecordedVideo } from './recorded-video.ts';
import { DEMO_ACCOUNT, uniqueEmail } from './support.ts';

// A paid course's uploaded lesson video, in real browsers: the learner it is assigned to plays it
// in the player, while the file's own address answers 404 to a visitor without a session and to
// someone logged in who has not bought the course.

async function uploadVideo(page: Page, courseId: string): Promise<string> {
  const uploaded = await uploadRecordedVideo(page, courseId, { filename: 'lektion.webm' });
  expect(uploaded.status).toBe(201);
  return uploaded.body.id;
}

test("an assigned learner plays a paid course's video; its address answers 404 to anyone else", async ({ page, browser, baseURL }) => {
  const send = apiSender(page);
  expect((await page.request.post('/api/login', { data: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password } })).status()).toBe(
    200,
  );
  await page.goto('/');
  let course = await send<TCourse>('post', '/api/courses', { title: 'Betalt video', description: 'En video kun for deltagerne.' });
  course = await send<TCourse>('post', `/api/courses/${course.id}/modules`, { title: 'Modul', version: course.version });
  course = await send<TCourse>('post', `/api/modules/${course.modules[0]!.id}/lessons`, {
    title: 'Videoen',
    kind: 'video',
    version: course.version,
  });
  const lessonId = course.modules[0]!.lessons[0]!.id;
  const videoId = await uploadVideo(page, course.id);
  await send('patch', `/api/lessons/${lessonId}`, { version: 1, content: { video: { source: 'upload', uploadId: videoId } } });
  course = (await (await page.request.get(`/api/courses/${course.id}`)).json()) as TCourse;
  course = await send<TCourse>('patch', `/api/courses/${course.id}`, {
    pricing: 'paid',
    price: 49_900,
    visibility: 'public',
    version: course.version,
  });
  course = await send<TCourse>('post', `/api/courses/${course.id}/status`, { action: 'publish', version: course.version });
  const members = (await (await page.request.get('/api/members')).json()) as { members: { id: string; email: string }[] };
  const learnerId = members.members.find((m) => m.email === DEMO_LEARNER.email)!.id;
  await send('post', `/api/courses/${course.id}/assignments`, { userIds: [learnerId] });

  // The learner, in a browser of their own, plays the video in the player.
  const learnerContext = await browser.newContext({ baseURL: baseURL! });
  const learner = await learnerContext.newPage();
  expect(
    (await learner.request.post('/api/login', { data: { email: DEMO_LEARNER.email, password: DEMO_LEARNER.password } })).status(),
  ).toBe(200);
  await learner.goto(`/learn/${course.id}/${lessonId}`);
  const played = await playVideo(learner, `/api/uploads/${videoId}`);
  expect(played).toEqual({ width: 160, height: 120 });
  await learnerContext.close();

  // A visitor without a session, and someone of another company who has not bought it: 404 at the file's own address.
  const visitor = await browser.newContext({ baseURL: baseURL! });
  const direct = await visitor.newPage();
  const anonymous = await direct.goto(`/api/uploads/${videoId}`);
  expect(anonymous!.status()).toBe(404);
  await visitor.close();

  const outsider = await playwrightRequest.newContext({ baseURL: baseURL! });
  const password = 'Ikke-koebt-2026!';
  const registered = await outsider.post('/api/register', {
    data: {
      companyName: 'Ikke Køber ApS',
      cvrNumber: freshCvr(),
      contactName: 'Nina Nysgerrig',
      email: uniqueEmail('outsider'),
      phone: '+45 33 12 34 56',
      address: 'Pilestræde 43',
      city: 'København K',
      postalCode: '1112',
      password,
      confirmPassword: password,
      acceptTerms: true,
    },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  expect((await outsider.get(`/api/uploads/${videoId}`)).status()).toBe(404);
  expect((await outsider.get(`/api/uploads/${videoId}`, { headers: { range: 'bytes=0-99' } })).status()).toBe(404);
  await outsider.dispose();
});
