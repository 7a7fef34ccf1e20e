import type { Page } from '@playwright/test';
import type { TCourse } from '../../src/shared/schemas/courses.ts';
import { expect, test } from './fixtures.ts';
import { uploadRecordedVideo } from './recorded-video.ts';
import { uniqueEmail } from './support.ts';
import { registerThroughApi } from './ui-helpers.ts';

/**
 * A video lesson completes on what was played, in a real browser: the player sends the ranges its
 * video element played, the server counts them, and the footer and the outline follow the answer
 * without a reload. Seeking to the end plays only the last moment, which completes nothing.
 */

/** A company's published course with one uploaded video lesson (a WebM the browser records, as MediaRecorder makes it: without its length) that the admin is enrolled in. */
async function courseWithVideo(page: Page): Promise<{ courseId: string; lessonId: string }> {
  await registerThroughApi(page, uniqueEmail('video-admin'), 'video-admin-pass-1');
  await page.goto('/');
  const send = async <T>(url: string, data: unknown, method: 'post' | 'patch' = 'post') => {
    const response = await page.request[method](url, { data });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return (await response.json()) as T;
  };
  let course = await send<TCourse>('/api/courses', { title: `Video ${Date.now().toString(36)}`, description: 'En kort optagelse.' });
  course = await send<TCourse>(`/api/courses/${course.id}/modules`, { title: 'Se', version: course.version });
  course = await send<TCourse>(`/api/modules/${course.modules[0]!.id}/lessons`, {
    title: 'Optagelsen',
    kind: 'video',
    version: course.version,
  });
  const lessonId = course.modules[0]!.lessons[0]!.id;
  const uploaded = await uploadRecordedVideo(page, course.id, { seconds: 3 });
  expect(uploaded.status).toBe(201);
  const uploadId = uploaded.body.id;
  await send(`/api/lessons/${lessonId}`, { version: 1, content: { video: { source: 'upload', uploadId } } }, 'patch');
  course = (await (await page.request.get(`/api/courses/${course.id}`)).json()) as TCourse;
  await send(`/api/courses/${course.id}/status`, { action: 'publish', version: course.version });
  await send(`/api/courses/${course.id}/enrol`, {});
  return { courseId: course.id, lessonId };
}

/** Opens the lesson and waits until its video knows its length (the player finds it) and stands where it resumes. */
async function openLesson(page: Page, courseId: string, lessonId: string) {
  await page.goto(`/learn/${courseId}/${lessonId}`);
  const video = page.getByTestId('lesson-video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => Number.isFinite(v.duration) && v.duration > 0 && !v.seeking && v.currentTime < 0.5))
    .toBe(true);
  await expect(page.getByRole('button', { name: 'Markér som gennemført' })).toBeVisible();
  return video;
}

test('a video played to the end completes: the footer and the outline say so without a reload', async ({ page }) => {
  test.slow();
  const { courseId, lessonId } = await courseWithVideo(page);
  const video = await openLesson(page, courseId, lessonId);
  const saved = page.waitForResponse((r) => r.url().endsWith('/position') && r.request().method() === 'PUT' && r.status() === 200);
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    const ended = new Promise((resolve) => v.addEventListener('ended', resolve, { once: true }));
    await v.play();
    await ended;
  });
  expect((await (await saved).json()) as { completed: boolean }).toMatchObject({ completed: true });
  await expect(page.getByTestId('lesson-completed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Markér som gennemført' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Optagelsen \(Gennemført\)/ })).toBeVisible();
  await expect(page.getByText('100 % gennemført').first()).toBeVisible();
});

test('seeking to the end of a video and letting it end does not complete it', async ({ page }) => {
  test.slow();
  const { courseId, lessonId } = await courseWithVideo(page);
  const video = await openLesson(page, courseId, lessonId);
  const saved = page.waitForResponse((r) => r.url().endsWith('/position') && r.request().method() === 'PUT');
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    const ended = new Promise((resolve) => v.addEventListener('ended', resolve, { once: true }));
    v.currentTime = v.duration - 0.2;
    await new Promise((resolve) => v.addEventListener('seeked', resolve, { once: true }));
    await v.play();
    await ended;
  });
  const answer = await saved;
  expect(answer.status()).toBe(200);
  expect((await answer.json()) as { completed: boolean }).toMatchObject({ completed: false });
  await expect(page.getByRole('button', { name: 'Markér som gennemført' })).toBeVisible();
  await expect(page.getByTestId('lesson-completed')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Optagelsen \(Ikke gennemført\)/ })).toBeVisible();
});
