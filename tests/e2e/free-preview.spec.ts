import type { TCourse } from '../../src/shared/schemas/courses.ts';
import { expect, test } from './fixtures.ts';
import { apiSender } from './published-course.ts';
import { playVideo, uploadRecordedVideo } from './recorded-video.ts';
import { DEMO_ACCOUNT } from './support.ts';

// A free preview, in real browsers: the instructor marks a paid course's video lesson as a free
// preview in the builder; a visitor without a session opens it from the course's page and plays
// the video, while the course's other lessons stay closed.

test("a visitor watches a paid course's free preview video; the rest of the course stays closed", async ({ page, browser, baseURL }) => {
  const send = apiSender(page);
  expect((await page.request.post('/api/login', { data: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password } })).status()).toBe(
    200,
  );
  await page.goto('/');
  let course = await send<TCourse>('post', '/api/courses', {
    title: 'Kundeservice i praksis',
    description: 'Gode samtaler med kunderne, fra første hej.',
  });
  course = await send<TCourse>('post', `/api/courses/${course.id}/modules`, { title: 'Modul 1', version: course.version });
  course = await send<TCourse>('post', `/api/modules/${course.modules[0]!.id}/lessons`, {
    title: 'Velkomstvideo',
    kind: 'video',
    version: course.version,
  });
  course = await send<TCourse>('post', `/api/modules/${course.modules[0]!.id}/lessons`, {
    title: 'Svære samtaler',
    kind: 'text',
    version: course.version,
  });
  const [videoLesson, textLesson] = course.modules[0]!.lessons.map((l) => l.id) as [string, string];
  const uploaded = await uploadRecordedVideo(page, course.id, { filename: 'velkomst.webm' });
  expect(uploaded.status).toBe(201);
  const videoId = uploaded.body.id;
  await send('patch', `/api/lessons/${videoLesson}`, { version: 1, content: { video: { source: 'upload', uploadId: videoId } } });
  await send('patch', `/api/lessons/${textLesson}`, {
    version: 1,
    content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Kun for deltagerne.' }] }] },
  });

  // The instructor marks the video lesson in the builder; the outline says so, and it is saved.
  await page.goto(`/dashboard/courses/${course.id}?lesson=${videoLesson}`);
  const pane = page.getByTestId('lesson-pane');
  const box = pane.getByRole('checkbox', { name: 'Gratis forhåndsvisning' });
  await expect(box).not.toBeChecked();
  await box.click();
  await expect(box).toBeChecked();
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved', { timeout: 20_000 });
  await expect(page.getByTestId('outline-lesson').filter({ hasText: 'Velkomstvideo' }).getByTestId('outline-free-preview')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('lesson-pane').getByRole('checkbox', { name: 'Gratis forhåndsvisning' })).toBeChecked();

  course = (await (await page.request.get(`/api/courses/${course.id}`)).json()) as TCourse;
  course = await send<TCourse>('patch', `/api/courses/${course.id}`, {
    pricing: 'paid',
    price: 79_900,
    visibility: 'public',
    version: course.version,
  });
  course = await send<TCourse>('post', `/api/courses/${course.id}/status`, { action: 'publish', version: course.version });

  // A visitor without a session: the course page offers the one preview, which plays.
  const visitorContext = await browser.newContext({ baseURL: baseURL! });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/courses/${course.slug}`);
  const outline = visitor.getByTestId('course-outline');
  await expect(outline.getByTestId('outline-lesson')).toHaveCount(2);
  await expect(outline.getByRole('link', { name: /^Forhåndsvis/ })).toHaveCount(1);
  await outline.getByRole('link', { name: 'Forhåndsvis: Velkomstvideo' }).click();
  await expect(visitor).toHaveURL(`/courses/${course.slug}/preview/${videoLesson}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Velkomstvideo' })).toBeFocused();
  await expect(visitor.getByText('Gratis forhåndsvisning af Kundeservice i praksis')).toBeVisible();
  expect(await playVideo(visitor, `/api/uploads/${videoId}`)).toEqual({ width: 160, height: 120 });

  // The way on is the course's enrolment.
  await visitor.getByRole('link', { name: 'Se kurset og tilmeld dig' }).click();
  await expect(visitor).toHaveURL(`/courses/${course.slug}#enrol`);
  await expect(visitor.getByRole('heading', { name: 'Tilmelding' })).toBeVisible();

  // The text lesson is not a preview: its address shows that there is none, and its content is not sent.
  await visitor.goto(`/courses/${course.slug}/preview/${textLesson}`);
  await expect(visitor.getByTestId('preview-not-found')).toBeVisible();
  await expect(visitor.getByText('Kun for deltagerne.')).toHaveCount(0);
  await visitorContext.close();

  // Unmarked again, the video's own address is closed to visitors.
  await page.goto(`/dashboard/courses/${course.id}?lesson=${videoLesson}`);
  // A published course is edited as it is (its saves go live); the checkbox is there to untick.
  await page.getByTestId('lesson-pane').getByRole('checkbox', { name: 'Gratis forhåndsvisning' }).click();
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved', { timeout: 20_000 });
  const after = await browser.newContext({ baseURL: baseURL! });
  expect((await after.request.get(`/api/uploads/${videoId}`)).status()).toBe(404);
  await after.close();
});
