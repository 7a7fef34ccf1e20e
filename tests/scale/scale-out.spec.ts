import type { Page } from '@playwright/test';
import type { TCourse } from '../../src/shared/schemas/courses.ts';
import type { TUpload } from '../../src/shared/schemas/uploads.ts';
import { answer } from '../helpers/fake-openai.ts';
import { fakeAi } from '../e2e/fake-ai.ts';
import { expect, test } from '../e2e/fixtures.ts';
import { QUIZ } from '../e2e/published-course.ts';
import { uploadRecordedVideo } from '../e2e/recorded-video.ts';
import { uniqueEmail } from '../e2e/support.ts';
import { registerThroughApi } from '../e2e/ui-helpers.ts';

// The scale-out of docs/deployment.md, end to end (scripts/e2e-scale-server.mjs): two instances behind nginx,
// round robin without sticky sessions, on one PostgreSQL database, Redis and S3. One journey in
// Chromium through the balancer: register, build a course with an uploaded video, generate part of
// it with AI following the job's live progress, publish, enrol, watch the video through range
// requests, pass the quiz and verify the certificate. Every answer names the instance that gave it.

interface Served {
  method: string;
  path: string;
  status: number;
  upstream: string;
}

function recordUpstreams(page: Page): Served[] {
  const served: Served[] = [];
  page.on('response', (response) => {
    const upstream = response.headers()['x-kursa-upstream'];
    const url = new URL(response.url());
    if (upstream) served.push({ method: response.request().method(), path: url.pathname, status: response.status(), upstream });
  });
  return served;
}

async function api<T>(page: Page, method: 'post' | 'patch' | 'get', url: string, data?: unknown): Promise<T> {
  const response = await page.request[method](url, data === undefined ? {} : { data });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

async function uploadVideo(page: Page, courseId: string): Promise<TUpload> {
  const uploaded = await uploadRecordedVideo(page, courseId, { filename: 'velkommen.webm' });
  expect(uploaded.status).toBe(201);
  return uploaded.body;
}

test('a journey through two instances behind nginx: register, video, AI with live progress, publish, enrol, watch, quiz, certificate', async ({
  page,
}) => {
  const served = recordUpstreams(page);
  await fakeAi.reset();
  await registerThroughApi(page, uniqueEmail('scale'), 'scale-admin-pass-1');
  const title = `Skalering ${Date.now().toString(36)}`;
  let course = await api<TCourse>(page, 'post', '/api/courses', { title, description: 'Et kursus bag en load balancer.' });

  // Part of the course written by AI in the builder, its progress followed live (SSE) through nginx.
  await page.goto(`/dashboard/courses/${course.id}`);
  await page.getByRole('button', { name: 'Generér med AI' }).click();
  const panel = page.getByTestId('ai-panel');
  await fakeAi.script(
    answer.json({
      modules: [
        {
          title: 'Grundlaget',
          description: 'Hvad grundlaget handler om.',
          lessons: [{ title: 'Mange servere', summary: 'Hvorfor flere servere.', duration_minutes: 5 }],
        },
      ],
    }),
    // Long enough to see the lesson being written while the job runs.
    answer.fromSchema({ delayMs: 3000 }),
  );
  await panel.getByLabel('Antal moduler').fill('1');
  await panel.getByLabel('Lektioner pr. modul').fill('1');
  // No AI quiz: the course's quiz is our own.
  await panel.getByRole('checkbox', { name: 'En quiz sidst i hvert modul' }).uncheck();
  await panel.getByRole('button', { name: 'Generér kursus med AI' }).click();
  const step = page.getByTestId('ai-steps').getByTestId('ai-step').filter({ hasText: 'Mange servere' });
  await expect(step).toHaveAttribute('data-status', 'running');
  await expect(step).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('ai-job-status')).toHaveText('Færdig. Alt står i indholdsoversigten.');

  // A module of our own: a video uploaded from the page (to S3, through nginx) and a quiz.
  course = await api<TCourse>(page, 'get', `/api/courses/${course.id}`);
  course = await api<TCourse>(page, 'post', `/api/courses/${course.id}/modules`, { title: 'Se og svar', version: course.version });
  const moduleId = course.modules.at(-1)!.id;
  course = await api<TCourse>(page, 'post', `/api/modules/${moduleId}/lessons`, {
    title: 'Velkommen',
    kind: 'video',
    version: course.version,
  });
  course = await api<TCourse>(page, 'post', `/api/modules/${moduleId}/lessons`, {
    title: 'Tjek dig selv',
    kind: 'quiz',
    version: course.version,
  });
  const [videoLesson, quizLesson] = course.modules.at(-1)!.lessons;
  const video = await uploadVideo(page, course.id);
  expect(video.mime).toBe('video/webm');
  await api(page, 'patch', `/api/lessons/${videoLesson!.id}`, { version: 1, content: { video: { source: 'upload', uploadId: video.id } } });
  await api(page, 'patch', `/api/lessons/${quizLesson!.id}`, { version: 1, content: QUIZ });
  course = await api<TCourse>(page, 'get', `/api/courses/${course.id}`);
  course = await api<TCourse>(page, 'post', `/api/courses/${course.id}/status`, { action: 'publish', version: course.version });

  // Enrol from the course's page; the player starts with the lesson AI wrote.
  await page.goto(`/courses/${course.slug}`);
  await page.getByRole('button', { name: 'Tilmeld nu' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mange servere' })).toBeVisible();
  await page.getByRole('button', { name: 'Markér som gennemført' }).click();
  await expect(page.getByTestId('lesson-completed')).toBeVisible();

  // The video plays from S3 through range requests. A recording made by MediaRecorder states no
  // duration, so watching cannot count as 90 %: the lesson is marked complete by hand.
  await page.getByRole('link', { name: 'Næste lektion' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Velkommen' })).toBeVisible();
  const player = page.getByTestId('lesson-video');
  await player.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(0.5);
  expect(await player.evaluate((element: HTMLVideoElement) => [element.videoWidth, element.videoHeight])).toEqual([160, 120]);
  await page.getByRole('button', { name: 'Markér som gennemført' }).click();
  await expect(page.getByTestId('lesson-completed')).toBeVisible();
  const videoAnswers = served.filter((s) => s.path === `/api/uploads/${video.id}`);
  expect(videoAnswers.some((s) => s.status === 206)).toBe(true);

  // The quiz, passed; the course is complete and its certificate verifies as genuine.
  await page.getByRole('link', { name: 'Næste lektion' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tjek dig selv' })).toBeVisible();
  const questions = page.getByTestId('quiz-question');
  await questions.nth(0).getByLabel('15').check();
  await questions.nth(1).getByRole('textbox').fill('Dagsorden');
  await page.getByRole('button', { name: 'Indsend svar' }).click();
  await expect(page.getByTestId('quiz-result')).toHaveText('Bestået med 100 %.');
  await expect(page.getByTestId('course-completed')).toHaveText('Tillykke! Du har gennemført kurset.');
  await page.getByRole('link', { name: `Verifikationsside: ${title}` }).click();
  await expect(page).toHaveURL(/\/verify\/[0-9A-Z-]{19}$/);
  await expect(page.getByTestId('certificate-status')).toHaveAttribute('data-status', 'genuine');

  // Both instances answered the journey's API requests, the job's live progress among them.
  const apiServed = served.filter((s) => s.path.startsWith('/api/'));
  const instances = new Set(apiServed.map((s) => s.upstream));
  expect(instances.size, JSON.stringify([...instances])).toBe(2);
  for (const instance of instances) expect(apiServed.filter((s) => s.upstream === instance).length).toBeGreaterThan(5);
  const events = served.filter((s) => /^\/api\/jobs\/[^/]+\/events$/.test(s.path));
  expect(events.length).toBeGreaterThan(0);
  const generate = served.find((s) => s.method === 'POST' && s.path.endsWith('/generate'));
  expect(generate).toBeDefined();
  test.info().annotations.push({
    type: 'instances',
    description: `job started on ${generate!.upstream}, progress streamed from ${[...new Set(events.map((e) => e.upstream))].join(', ')}`,
  });
});
